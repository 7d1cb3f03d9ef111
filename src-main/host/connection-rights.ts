/**
 * What a connection may do, learned once when it opens (vocabulary/rights.ts):
 *
 * - a folder: the file system's word, whether this user may write in it;
 * - a remote catalog: the server's, from `GET /v1/whoami` (ours); a server without that route
 *   (another implementation of the contract) is taken to allow everything, and refuses what it
 *   does not when asked, as before;
 * - an object store: assumed writable; the store refuses otherwise;
 * - opened read-only by the user: reader, whatever the store allows.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { request } from 'undici';
import type { RemoteSettings } from '../../src-shared/studio-procedures';
import { FULL_RIGHTS, type Rights, type Role } from '../../src-shared/vocabulary/rights';
import { remoteAgent } from './remote-agent';
import { remoteHeaders } from './remote-headers';

const ROLES = new Set<Role>(['reader', 'writer', 'admin']);

export const CHOSEN_READ_ONLY: Rights = {
  role: 'reader',
  source: 'chosen',
  reason: 'This connection was opened read-only',
};

export function folderRights(folder: string): Rights {
  // A folder about to be created is as writable as the folder it goes in.
  let probe = folder;
  while (!existsSync(probe) && dirname(probe) !== probe) probe = dirname(probe);
  try {
    accessSync(probe, constants.W_OK);
    return { role: 'admin', source: 'files' };
  } catch {
    return {
      role: 'reader',
      source: 'files',
      reason: `The folder ${probe} is not writable by this user`,
    };
  }
}

export async function remoteRights(settings: RemoteSettings, timeoutMs = 5_000): Promise<Rights> {
  const url = `${settings.url.replace(/\/+$/, '')}/v1/whoami`;
  const dispatcher = remoteAgent(settings, timeoutMs);
  try {
    const response = await request(url, { headers: remoteHeaders(settings), dispatcher });
    const body = (await response.body.json().catch(() => undefined)) as
      { name?: unknown; role?: unknown; namespaces?: unknown } | undefined;
    if (response.statusCode !== 200 || !body || !ROLES.has(body.role as Role)) return FULL_RIGHTS;
    const role = body.role as Role;
    const namespaces = Array.isArray(body.namespaces)
      ? (body.namespaces as unknown[]).filter(
          (n): n is string[] => Array.isArray(n) && n.every((p) => typeof p === 'string'),
        )
      : undefined;
    const who = typeof body.name === 'string' ? body.name : 'this key';
    return {
      role,
      source: 'server',
      ...(namespaces ? { namespaces } : {}),
      ...(role === 'admin' ? {} : { reason: `The server gives ${who} the ${role} role` }),
    };
  } catch {
    // Unreachable just now: the connection itself said whether the server answers.
    return FULL_RIGHTS;
  } finally {
    await dispatcher.close();
  }
}
