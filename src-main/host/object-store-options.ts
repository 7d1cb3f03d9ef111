/**
 * An object-store connection as the engine takes it: LanceDB's storage option keys for the URI's
 * scheme, and the name a connection shows when the user gives none. Whatever is left out here
 * comes from the environment inside the engine (AWS_*, AZURE_STORAGE_*, GOOGLE_*), as it does in
 * LanceDB.
 */
import { errors } from '../../src-shared/vocabulary/errors';
import type { ObjectStoreSettings, RecentObjectStore } from '../../src-shared/studio-procedures';

/**
 * Typed credentials. One record serves every scheme, so that the contract, the secret store and
 * the recent list keep the shape they had for S3; the secret store is keyed by URI, so a record
 * is only ever read back for the scheme it was written for.
 *
 * - s3: the access key id, the secret access key and, for temporary credentials, the session token.
 * - az: `accessKeyId` is the account name, `secretAccessKey` the account key and `sessionToken` a
 *   SAS token. Either the key or the SAS token is enough, so `secretAccessKey` is '' when only a
 *   SAS token is given; a SAS token is a temporary grant, which is what the session token is too.
 * - gs: `sessionToken` is the service account's key file (JSON), the one secret GCS has. It is
 *   not in `secretAccessKey` because the contract caps that at 1024 characters and a key file is
 *   about 2,300; the other two fields are ''.
 */
export interface ObjectStoreKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type ObjectStoreScheme = 's3' | 'az' | 'gs';

/**
 * Which family of settings a URI takes. Any scheme but az and gs gets S3's, as before: the engine
 * then names the schemes it does not open, better than a guess here could.
 */
export function objectStoreScheme(uri: string): ObjectStoreScheme {
  const scheme = /^\s*([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(uri)?.[1]?.toLowerCase();
  return scheme === 'az' || scheme === 'gs' ? scheme : 's3';
}

type Location = Pick<ObjectStoreSettings, 'uri' | 'endpoint' | 'region' | 'pathStyle'>;

export function objectStoreStorageOptions(
  location: Location,
  keys: ObjectStoreKeys | undefined,
): Record<string, string> {
  const endpoint = location.endpoint?.replace(/\/+$/, '');
  // The user typed an http:// endpoint on purpose; LanceDB refuses one without this switch.
  const allowHttp: Record<string, string> =
    endpoint && /^http:/i.test(endpoint) ? { allow_http: 'true' } : {};
  switch (objectStoreScheme(location.uri)) {
    case 'az':
      // Region and path-style are S3's; an Azure account's endpoint already says both.
      return {
        ...(endpoint ? { azure_storage_endpoint: endpoint, ...allowHttp } : {}),
        ...(keys
          ? {
              azure_storage_account_name: keys.accessKeyId,
              ...(keys.secretAccessKey ? { azure_storage_account_key: keys.secretAccessKey } : {}),
              ...(keys.sessionToken ? { azure_storage_sas_token: keys.sessionToken } : {}),
            }
          : {}),
      };
    case 'gs':
      // Neither the engine nor LanceDB takes another address for GCS: dropping one silently would
      // send the user's keys to Google instead of the store they named.
      if (endpoint) {
        throw errors.InvalidInput(
          `gs:// connections have no endpoint setting (they always reach storage.googleapis.com); leave the endpoint empty for ${location.uri}`,
        );
      }
      return keys?.sessionToken ? { google_service_account_key: keys.sessionToken } : {};
    case 's3':
      return {
        ...(endpoint ? { aws_endpoint: endpoint, ...allowHttp } : {}),
        ...(location.region ? { aws_region: location.region } : {}),
        ...(location.pathStyle === undefined
          ? {}
          : { aws_virtual_hosted_style_request: location.pathStyle ? 'false' : 'true' }),
        ...(keys
          ? {
              aws_access_key_id: keys.accessKeyId,
              aws_secret_access_key: keys.secretAccessKey,
              ...(keys.sessionToken ? { aws_session_token: keys.sessionToken } : {}),
            }
          : {}),
      };
  }
}

/**
 * The object-store dialog must never open a local folder: a path typed there would otherwise
 * become a folder catalog the user believes is in a bucket.
 */
export function checkObjectStoreUri(uri: string): string {
  const trimmed = uri.trim().replace(/\/+$/, '');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]+/.test(trimmed)) {
    throw errors.InvalidInput(
      `${JSON.stringify(uri)} is not an object-store URI; give s3://bucket/prefix, az://container/prefix or gs://bucket/prefix`,
    );
  }
  return trimmed;
}

/** The last part of the URI, as a folder connection shows its folder's name. */
export function objectStoreName(uri: string): string {
  const parts = uri
    .replace(/^[^:]+:\/\//, '')
    .split('/')
    .filter(Boolean);
  return parts[parts.length - 1] ?? uri;
}

/** What the recent list keeps of an object-store connection: all but the keys. */
export function recentObjectStore(settings: ObjectStoreSettings): RecentObjectStore {
  const { credentials } = settings;
  return {
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.region ? { region: settings.region } : {}),
    ...(settings.pathStyle === undefined ? {} : { pathStyle: settings.pathStyle }),
    credentials:
      credentials.source === 'profile'
        ? { source: 'profile', profile: credentials.profile }
        : { source: credentials.source },
  };
}
