/** The HTTP headers a remote connection sends: extra headers, then the key, token and database. */
import type { RemoteSettings } from '../../src-shared/studio-procedures';

export function remoteHeaders(settings: RemoteSettings): Record<string, string> {
  return {
    ...settings.headers,
    ...(settings.apiKey ? { 'x-api-key': settings.apiKey } : {}),
    ...(settings.bearerToken ? { authorization: `Bearer ${settings.bearerToken}` } : {}),
    ...(settings.database ? { 'x-lancedb-database': settings.database } : {}),
  };
}
