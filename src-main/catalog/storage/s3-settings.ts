/**
 * Settings for an `s3://bucket/prefix` root, resolved once from the storage options the user gave
 * (LanceDB's own keys) and the AWS_* environment, as LanceDB resolves them, so that LanceDB and the
 * catalog's own object calls talk to the same endpoint with the same credentials.
 */
import { errors } from '../../../src-shared/vocabulary/errors';

export interface S3Settings {
  bucket: string;
  /** Key prefix of the catalog inside the bucket, without slashes at either end ('' for the bucket root). */
  prefix: string;
  endpoint?: string;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible stores need. */
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** A named profile from ~/.aws to take credentials from (resolved before LanceDB sees them). */
  profile?: string;
}

const ENV_KEYS: Record<string, string> = {
  aws_endpoint: 'AWS_ENDPOINT',
  aws_access_key_id: 'AWS_ACCESS_KEY_ID',
  aws_secret_access_key: 'AWS_SECRET_ACCESS_KEY',
  aws_session_token: 'AWS_SESSION_TOKEN',
  aws_region: 'AWS_REGION',
  allow_http: 'AWS_ALLOW_HTTP',
  aws_virtual_hosted_style_request: 'AWS_VIRTUAL_HOSTED_STYLE_REQUEST',
  aws_profile: 'AWS_PROFILE',
};

/** A storage option by LanceDB's key, else from the environment as LanceDB would read it. */
function option(
  options: Record<string, string>,
  env: NodeJS.ProcessEnv,
  key: keyof typeof ENV_KEYS,
): string | undefined {
  const value = options[key] ?? env[ENV_KEYS[key]!];
  return value === undefined || value === '' ? undefined : value;
}

export function parseS3Root(root: string): { bucket: string; prefix: string } {
  const match = /^s3a?:\/\/([^/]+)\/?(.*)$/i.exec(root);
  if (!match || !match[1]) throw errors.InvalidInput(`Not an s3:// root: ${root}`);
  return { bucket: match[1], prefix: match[2]!.replace(/^\/+|\/+$/g, '') };
}

export function resolveS3Settings(
  root: string,
  options: Record<string, string> = {},
  env: NodeJS.ProcessEnv = process.env,
): S3Settings {
  const { bucket, prefix } = parseS3Root(root);
  const endpoint = option(options, env, 'aws_endpoint');
  const region = option(options, env, 'aws_region') ?? env.AWS_DEFAULT_REGION;
  if (!region && !endpoint) {
    // Without either, LanceDB asks s3.amazonaws.com for the bucket's region, which fails offline
    // with a message that names neither; say what is missing instead.
    throw errors.InvalidInput(
      `The S3 root ${root} needs a region (aws_region or AWS_REGION) or an endpoint (aws_endpoint or AWS_ENDPOINT)`,
    );
  }
  if (
    endpoint &&
    /^http:/i.test(endpoint) &&
    !/^(1|true)$/i.test(option(options, env, 'allow_http') ?? '')
  ) {
    throw errors.InvalidInput(
      `The endpoint ${endpoint} is plain http; set allow_http=true (or AWS_ALLOW_HTTP=true) to use it`,
    );
  }
  const accessKeyId = option(options, env, 'aws_access_key_id');
  const secretAccessKey = option(options, env, 'aws_secret_access_key');
  const sessionToken = option(options, env, 'aws_session_token');
  const virtualHosted = /^(1|true)$/i.test(
    option(options, env, 'aws_virtual_hosted_style_request') ?? '',
  );
  return {
    bucket,
    prefix,
    ...(endpoint ? { endpoint } : {}),
    region: region ?? 'us-east-1',
    // Stores behind a custom endpoint (Ceph, MinIO) are addressed by path unless asked otherwise.
    forcePathStyle: endpoint ? !virtualHosted : false,
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
    ...(option(options, env, 'aws_profile')
      ? { profile: option(options, env, 'aws_profile')! }
      : {}),
  };
}

/** The same settings as LanceDB storage options, so every table opened sees them. */
export function lanceStorageOptions(settings: S3Settings): Record<string, string> {
  return {
    aws_region: settings.region,
    ...(settings.endpoint
      ? {
          aws_endpoint: settings.endpoint,
          ...(/^http:/i.test(settings.endpoint) ? { allow_http: 'true' } : {}),
          aws_virtual_hosted_style_request: settings.forcePathStyle ? 'false' : 'true',
        }
      : {}),
    ...(settings.credentials
      ? {
          aws_access_key_id: settings.credentials.accessKeyId,
          aws_secret_access_key: settings.credentials.secretAccessKey,
          ...(settings.credentials.sessionToken
            ? { aws_session_token: settings.credentials.sessionToken }
            : {}),
        }
      : {}),
  };
}
