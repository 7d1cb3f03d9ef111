/**
 * An object-store connection as the engine takes it: LanceDB's storage option keys, and the name
 * a connection shows when the user gives none. Whatever is left out here comes from the AWS_*
 * environment inside the engine, as it does in LanceDB.
 */
import { errors } from '../catalog/errors';
import type { ObjectStoreSettings, RecentObjectStore } from '../shared/contract';

export interface ObjectStoreKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

type Location = Pick<ObjectStoreSettings, 'endpoint' | 'region' | 'pathStyle'>;

export function objectStoreStorageOptions(
  location: Location,
  keys: ObjectStoreKeys | undefined,
): Record<string, string> {
  const endpoint = location.endpoint?.replace(/\/+$/, '');
  return {
    ...(endpoint ? { aws_endpoint: endpoint } : {}),
    // The user typed an http:// endpoint on purpose; LanceDB refuses one without this switch.
    ...(endpoint && /^http:/i.test(endpoint) ? { allow_http: 'true' } : {}),
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

/**
 * The object-store dialog must never open a local folder: a path typed there would otherwise
 * become a folder catalog the user believes is in a bucket.
 */
export function checkObjectStoreUri(uri: string): string {
  const trimmed = uri.trim().replace(/\/+$/, '');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]+/.test(trimmed)) {
    throw errors.InvalidInput(
      `${JSON.stringify(uri)} is not an object-store URI; give s3://bucket or s3://bucket/prefix`,
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
