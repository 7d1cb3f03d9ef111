/**
 * The HTTP agent of the host's own requests to a remote catalog (Test connection, its rights):
 * every wait bounded, and the connection's CA file trusted when it has one.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'undici';
import type { RemoteSettings } from '../../src-shared/studio-procedures';

export function remoteAgent(settings: RemoteSettings, timeoutMs: number): Agent {
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: {
      timeout: timeoutMs,
      ...(settings.caFile ? { ca: readFileSync(settings.caFile, 'utf8') } : {}),
    },
  });
}
