/**
 * What went wrong when an object store answered, said precisely: a missing bucket, refused
 * credentials, a denied permission and an endpoint that does not answer each get their own
 * message, naming the bucket or the endpoint, so that a person knows what to fix.
 */
import type { CatalogError } from '../errors';
import { errors, isCatalogError } from '../errors';

interface StoreFailure {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

export function describeStoreError(
  error: unknown,
  where: { root: string; bucket: string; endpoint?: string },
): CatalogError {
  if (isCatalogError(error)) return error;
  const failure = error as StoreFailure;
  const name = failure.name ?? '';
  const status = failure.$metadata?.httpStatusCode;
  const endpoint = where.endpoint ?? 'the default AWS endpoint';
  if (name === 'NoSuchBucket') {
    return errors.NamespaceNotFound(
      `The bucket "${where.bucket}" does not exist at ${endpoint}; create it first (LanceDB does not create buckets)`,
      { cause: error },
    );
  }
  if (
    ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken'].includes(name)
  ) {
    return errors.Unauthenticated(
      `${endpoint} refused the credentials for ${where.root} (${name}): check the access key id and secret key`,
      { cause: error },
    );
  }
  if (name === 'AccessDenied' || status === 403) {
    return errors.PermissionDenied(
      `${endpoint} denied access to ${where.root} (${name || status}): the credentials lack permission on the bucket "${where.bucket}"`,
      { cause: error },
    );
  }
  if (name === 'CredentialsProviderError') {
    return errors.Unauthenticated(
      `No credentials for ${where.root}: set aws_access_key_id and aws_secret_access_key (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or a profile`,
      { cause: error },
    );
  }
  const code = failure.code ?? '';
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH/.test(code) ||
    /TimeoutError|RequestTimeout/.test(name)
  ) {
    return errors.ServiceUnavailable(
      `The object store at ${endpoint} does not answer (${code || name}); check the endpoint and that the store is running`,
      { cause: error },
    );
  }
  return errors.Internal(
    `The object store at ${endpoint} failed for ${where.root}: ${failure.message ?? String(error)}`,
    { cause: error },
  );
}
