/**
 * The keys an object-store connection uses, from where the user chose: none here for the
 * environment (the engine reads AWS_* as LanceDB does), a named profile resolved with the AWS SDK,
 * or typed keys, falling back to the ones stored for this URI when a recent connection reopens.
 */
import { fromIni } from '@aws-sdk/credential-providers';
import { errors } from '../catalog/errors';
import type { ObjectStoreCredentials } from '../shared/contract';
import type { ObjectStoreKeys } from './object-store-options';

export async function resolveObjectStoreKeys(
  uri: string,
  credentials: ObjectStoreCredentials,
  stored: () => Promise<ObjectStoreKeys | undefined>,
): Promise<ObjectStoreKeys | undefined> {
  switch (credentials.source) {
    case 'environment':
      return undefined;
    case 'profile':
      return profileKeys(credentials.profile);
    case 'keys': {
      const { accessKeyId, secretAccessKey, sessionToken } = credentials;
      if (accessKeyId && secretAccessKey) {
        return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
      }
      if (accessKeyId || secretAccessKey) {
        throw errors.InvalidInput('Give both the access key id and the secret access key');
      }
      const keys = await stored();
      if (!keys) {
        throw errors.Unauthenticated(
          `No keys are stored for ${uri}; open it again with its access key id and secret access key`,
        );
      }
      return keys;
    }
  }
}

/**
 * LanceDB's own credential chain knows only the profile named by AWS_PROFILE, which is one per
 * process; resolving here lets each connection use its own profile, for LanceDB too.
 */
async function profileKeys(profile: string): Promise<ObjectStoreKeys> {
  try {
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

/** The stored form of typed keys (the secret store keeps flat string records). */
export function keysToSecrets(keys: ObjectStoreKeys): Record<string, string> {
  return {
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
    ...(keys.sessionToken ? { sessionToken: keys.sessionToken } : {}),
  };
}

export function secretsToKeys(
  secrets: Record<string, string> | undefined,
): ObjectStoreKeys | undefined {
  if (!secrets?.accessKeyId || !secrets.secretAccessKey) return undefined;
  return {
    accessKeyId: secrets.accessKeyId,
    secretAccessKey: secrets.secretAccessKey,
    ...(secrets.sessionToken ? { sessionToken: secrets.sessionToken } : {}),
  };
}
