/**
 * Settings for a `gs://bucket/prefix` root (Google Cloud Storage), resolved once from the storage
 * options the user gave (LanceDB's own keys) and the GOOGLE_* environment, as LanceDB resolves
 * them. Without a service account, both fall back to Application Default Credentials.
 */
import { readFileSync } from 'node:fs';
import { errors } from '../../../src-shared/vocabulary/errors';
import { parseStoreRoot, optionReader } from './storage-option';

export interface GcsSettings {
  bucket: string;
  /** Object name prefix of the catalog inside the bucket, without slashes at either end. */
  prefix: string;
  /** A service account's key (from its file or its JSON); none means Application Default Credentials. */
  credentials?: { client_email: string; private_key: string };
  /** A credentials file of another kind (a user's, workload identity), for Google's client to read. */
  keyFile?: string;
}

const KEYS = {
  keyFile: [
    ['google_service_account', 'service_account', 'google_application_credentials'],
    'GOOGLE_SERVICE_ACCOUNT',
  ],
  keyJson: [['google_service_account_key', 'service_account_key'], 'GOOGLE_SERVICE_ACCOUNT_KEY'],
} as const;

const option = optionReader(KEYS);

export function parseGcsRoot(root: string): { bucket: string; prefix: string } {
  return parseStoreRoot(root, 'gs');
}

export function resolveGcsSettings(
  root: string,
  options: Record<string, string> = {},
  env: NodeJS.ProcessEnv = process.env,
): GcsSettings {
  const { bucket, prefix } = parseGcsRoot(root);
  const keyJson = option(options, env, 'keyJson');
  if (keyJson)
    return {
      bucket,
      prefix,
      credentials: serviceAccountKey(keyJson, 'google_service_account_key'),
    };
  const keyFile = option(options, env, 'keyFile') ?? env.GOOGLE_APPLICATION_CREDENTIALS;
  if (keyFile) {
    let text: string;
    try {
      text = readFileSync(keyFile, 'utf8');
    } catch (cause) {
      throw errors.InvalidInput(
        `Cannot read the service account key file ${keyFile}: ${(cause as Error).message}`,
        { cause },
      );
    }
    // Only a service account's key is read here; other kinds of credentials file (a user's, a
    // workload identity's) are Google's client's to understand.
    let kind: unknown;
    try {
      kind = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      kind = undefined;
    }
    if (kind !== undefined && kind !== 'service_account') return { bucket, prefix, keyFile };
    return { bucket, prefix, credentials: serviceAccountKey(text, keyFile) };
  }
  return { bucket, prefix };
}

function serviceAccountKey(
  text: string,
  source: string,
): { client_email: string; private_key: string } {
  let parsed: { client_email?: unknown; private_key?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw errors.InvalidInput(`${source} is not a service account key (JSON)`);
  }
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') {
    throw errors.InvalidInput(
      `${source} lacks client_email or private_key: give the whole key file`,
    );
  }
  return { client_email: parsed.client_email, private_key: parsed.private_key };
}
