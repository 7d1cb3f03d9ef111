/**
 * The keys an object-store connection uses, from where the user chose: none here for the
 * environment (the engine reads AWS_*, AZURE_STORAGE_* or GOOGLE_* as LanceDB does), a named AWS
 * profile resolved with the AWS SDK, or typed keys, falling back to the ones stored for this URI
 * when a recent connection reopens. What each field holds per scheme is told at ObjectStoreKeys.
 */
import { errors } from '../../src-shared/vocabulary/errors';
import type { ObjectStoreCredentials } from '../../src-shared/studio-procedures';
import { objectStoreScheme, type ObjectStoreKeys } from './object-store-options';

type TypedCredentials = Extract<ObjectStoreCredentials, { source: 'keys' }>;

export async function resolveObjectStoreKeys(
  uri: string,
  credentials: ObjectStoreCredentials,
  stored: () => Promise<ObjectStoreKeys | undefined>,
): Promise<ObjectStoreKeys | undefined> {
  const scheme = objectStoreScheme(uri);
  switch (credentials.source) {
    case 'environment':
      return undefined;
    case 'profile':
      // A profile lives in ~/.aws and yields AWS keys, which neither Azure nor GCS takes.
      if (scheme !== 's3') {
        throw errors.InvalidInput(
          `A profile holds AWS credentials, which ${uri} cannot use; give the ${scheme === 'az' ? 'account name and key (or a SAS token)' : 'service account key (JSON)'} or take them from the environment`,
        );
      }
      return profileKeys(credentials.profile);
    case 'keys': {
      const typed = typedKeys(scheme, credentials);
      if (typed) return typed;
      const keys = await stored();
      if (!keys) {
        throw errors.Unauthenticated(
          `No keys are stored for ${uri}; open it again with ${WANTED[scheme]}`,
        );
      }
      return keys;
    }
  }
}

const WANTED = {
  s3: 'its access key id and secret access key',
  az: 'its account name and account key (or a SAS token)',
  gs: 'its service account key (JSON)',
} as const;

/** The typed keys, undefined when none are typed (reopening with the stored ones). */
function typedKeys(
  scheme: ReturnType<typeof objectStoreScheme>,
  { accessKeyId, secretAccessKey, sessionToken }: TypedCredentials,
): ObjectStoreKeys | undefined {
  if (!accessKeyId && !secretAccessKey && !sessionToken) return undefined;
  switch (scheme) {
    case 's3':
      if (!accessKeyId || !secretAccessKey) {
        throw errors.InvalidInput('Give both the access key id and the secret access key');
      }
      return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    case 'az':
      if (!accessKeyId || (!secretAccessKey && !sessionToken)) {
        throw errors.InvalidInput('Give the account name, and the account key or a SAS token');
      }
      return {
        accessKeyId,
        secretAccessKey: secretAccessKey ?? '',
        ...(sessionToken ? { sessionToken } : {}),
      };
    case 'gs':
      // Access keys sent for a gs:// URI are a mistake to name, not to drop.
      if (accessKeyId || secretAccessKey || !sessionToken) {
        throw errors.InvalidInput(
          'A gs:// connection takes the service account key (JSON) alone, as the session token',
        );
      }
      return { accessKeyId: '', secretAccessKey: '', sessionToken };
  }
}

/**
 * LanceDB's own credential chain knows only the profile named by AWS_PROFILE, which is one per
 * process; resolving here lets each connection use its own profile, for LanceDB too.
 */
async function profileKeys(profile: string): Promise<ObjectStoreKeys> {
  try {
    // Loaded only here: the AWS SDK costs the web mode's start-up every time otherwise.
    const { fromIni } = await import('@aws-sdk/credential-providers');
    const resolved = await fromIni({ profile, ignoreCache: true })();
    return {
      accessKeyId: resolved.accessKeyId,
      secretAccessKey: resolved.secretAccessKey,
      ...(resolved.sessionToken ? { sessionToken: resolved.sessionToken } : {}),
    };
  } catch (cause) {
    throw errors.Unauthenticated(
      `The profile "${profile}" gives no credentials (${(cause as Error).message}); check ~/.aws/credentials and ~/.aws/config`,
      { cause },
    );
  }
}

/** The stored form of typed keys (the secret store keeps flat string records, no empty ones). */
export function keysToSecrets(keys: ObjectStoreKeys): Record<string, string> {
  return {
    ...(keys.accessKeyId ? { accessKeyId: keys.accessKeyId } : {}),
    ...(keys.secretAccessKey ? { secretAccessKey: keys.secretAccessKey } : {}),
    ...(keys.sessionToken ? { sessionToken: keys.sessionToken } : {}),
  };
}

/**
 * Keys as stored. A record with no secret in it is none; which fields a scheme needs is checked
 * when the keys are typed, and the store is keyed by URI, so the scheme cannot change since.
 */
export function secretsToKeys(
  secrets: Record<string, string> | undefined,
): ObjectStoreKeys | undefined {
  if (!secrets?.secretAccessKey && !secrets?.sessionToken) return undefined;
  return {
    accessKeyId: secrets.accessKeyId ?? '',
    secretAccessKey: secrets.secretAccessKey ?? '',
    ...(secrets.sessionToken ? { sessionToken: secrets.sessionToken } : {}),
  };
}
