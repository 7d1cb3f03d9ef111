/**
 * Calls to a remote catalog's admin routes (principals, keys, the audit trail) on behalf of the
 * Keys and Audit views, with the connection's own headers (its key decides what the server
 * allows: an admin's is needed) and every wait bounded. The route rows of the REST contract give
 * the paths; the server's error body gives the error.
 */
import { request } from 'undici';
import type { RestRoute } from '../../src-shared/rest-contract/route';
import type { RemoteSettings } from '../../src-shared/studio-procedures';
import { errors } from '../../src-shared/vocabulary/errors';
import { ERROR_CODES } from '../../src-shared/vocabulary/errors';
import { errorFromResponse } from '../catalog/rest/rest-transport';
import { remoteAgent } from './remote-agent';
import { remoteHeaders } from './remote-headers';
import type { OpenConnection } from './connections';

const TIMEOUT_MS = 15_000;

export function adminSettings(connection: OpenConnection): RemoteSettings {
  if (connection.kind !== 'remote' || !connection.remote) {
    throw errors.Unsupported(
      `${connection.name} is not a remote catalog: keys are managed on a server that runs with --auth`,
    );
  }
  return connection.remote;
}

export async function callAdminRoute(
  settings: RemoteSettings,
  route: Pick<RestRoute, 'path'>,
  body: Record<string, unknown>,
): Promise<unknown> {
  const dispatcher = remoteAgent(settings, TIMEOUT_MS);
  try {
    const response = await request(`${settings.url.replace(/\/+$/, '')}${route.path}`, {
      method: 'POST',
      headers: { ...remoteHeaders(settings), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher,
    });
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    if (response.statusCode !== 200)
      throw errorFromResponse(response.statusCode, bytes, ERROR_CODES.Unsupported);
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  } finally {
    await dispatcher.close();
  }
}
