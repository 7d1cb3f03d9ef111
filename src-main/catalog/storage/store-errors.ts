/**
 * What went wrong when an object store answered, said precisely: a missing bucket, refused
 * credentials, a denied permission and an endpoint that does not answer each get their own
 * message, naming the bucket or the endpoint, so that a person knows what to fix.
 */
import type { CatalogError } from '../../../src-shared/vocabulary/errors';
import { errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { storeCondition, storeUnavailable } from './store-failure';

/**
 * The fields the AWS SDK (`name`, `$metadata`), Azure's (`code`, `statusCode`) and Google's (a
 * numeric `code`) set.
 */
interface StoreFailure {
  name?: string;
  code?: string | number;
  message?: string;
  statusCode?: number;
  $metadata?: { httpStatusCode?: number };
}

const AZURE_AUTH_CODES = [
  'AuthenticationFailed',
  'InvalidAuthenticationInfo',
  'NoAuthenticationInformation',
];

export function describeStoreError(
  error: unknown,
  where: { root: string; bucket: string; endpoint?: string },
): CatalogError {
  // A request the store client gave up on says only the condition; opening a root says exactly
  // what failed, from the store's own error.
  const cause = (error as { storeCondition?: unknown; cause?: unknown }).cause;
  if (isCatalogError(error) && 'storeCondition' in error && cause !== undefined)
    return describeStoreError(cause, where);
  if (isCatalogError(error)) return error;
  const failure = error as StoreFailure;
  const name = failure.name ?? '';
  const status =
    failure.$metadata?.httpStatusCode ??
    failure.statusCode ??
    (typeof failure.code === 'number' ? failure.code : undefined);
  const endpoint = where.endpoint ?? 'the default AWS endpoint';
  if (failure.code === 'ContainerNotFound') {
    return errors.NamespaceNotFound(
      `The container "${where.bucket}" does not exist at ${endpoint}; create it first (LanceDB does not create containers)`,
      { cause: error },
    );
  }
  if (AZURE_AUTH_CODES.includes(String(failure.code ?? ''))) {
    return errors.Unauthenticated(
      `${endpoint} refused the credentials for ${where.root} (${failure.code}): check the account name and key, or the SAS token`,
      { cause: error },
    );
  }
  if (/DECODER routines|PEM|invalid_grant|private key/i.test(failure.message ?? '')) {
    return errors.Unauthenticated(
      `The service account key for ${where.root} could not be used (${failure.message}): give the whole key file as Google issued it`,
      { cause: error },
    );
  }
  if (/Could not load the default credentials/.test(failure.message ?? '')) {
    return errors.Unauthenticated(
      `No credentials for ${where.root}: set google_service_account (a key file) or google_service_account_key, or sign in with Application Default Credentials`,
      { cause: error },
    );
  }
  if (name === 'NoSuchBucket' || (status === 404 && /bucket/i.test(failure.message ?? ''))) {
    return errors.NamespaceNotFound(
      `The bucket "${where.bucket}" does not exist at ${endpoint}; create it first (LanceDB does not create buckets)`,
      { cause: error },
    );
  }
  if (
    ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken'].includes(
      name,
    ) ||
    status === 401
  ) {
    return errors.Unauthenticated(
      `${endpoint} refused the credentials for ${where.root} (${name}): check the access key id and secret key`,
      { cause: error },
    );
  }
  if (name === 'AccessDenied' || status === 403) {
    return errors.PermissionDenied(
      failure.code === 'AuthorizationFailure'
        ? `${endpoint} denied access to ${where.root} (AuthorizationFailure): check the account key or SAS token, and that it may read and write "${where.bucket}"`
        : `${endpoint} denied access to ${where.root} (${failure.code ?? (name || status)}): the credentials lack permission on "${where.bucket}"`,
      { cause: error },
    );
  }
  if (name === 'CredentialsProviderError') {
    return errors.Unauthenticated(
      `No credentials for ${where.root}: set aws_access_key_id and aws_secret_access_key (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or a profile`,
      { cause: error },
    );
  }
  const code = String(failure.code ?? '');
  const unreachable = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH/;
  if (
    unreachable.test(code) ||
    /TimeoutError|RequestTimeout/.test(name) ||
    (code === 'REQUEST_SEND_ERROR' && unreachable.test(failure.message ?? ''))
  ) {
    return errors.ServiceUnavailable(
      `The object store at ${endpoint} does not answer (${code || name}); check the endpoint and that the store is running`,
      { cause: error },
    );
  }
  // Throttling and internal errors that outlasted the retries: the store's bad day, a 503.
  const condition = storeCondition(error);
  if (condition) return storeUnavailable(condition, endpoint, error);
  return errors.Internal(
    `The object store at ${endpoint} failed for ${where.root}: ${failure.message ?? String(error)}`,
    { cause: error },
  );
}
