/**
 * The primary's listening sockets: plain Node HTTP servers with the connection-level limits the
 * single-process server sets through Fastify (headers and request timeouts, the keep-alive idle
 * timeout, the per-client connection cap), since it is the primary that clients connect to. What
 * is decided per request (credentials, body limits, the browser guard, the in-flight slots) stays
 * with the workers.
 *
 * `localhost` is listened on at every address it resolves to (127.0.0.1 and ::1 where both
 * exist), as Fastify does for the single-process server, all on one port.
 */
import { lookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { capConnectionsPerClient } from '../../server/http/connection-cap';
import { closeGently } from '../../server/http/gentle-close';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../../server/server-options';
import type { ServeLimits } from '../serve-args';

export interface PublicListener {
  servers: Server[];
  addresses: AddressInfo[];
  /**
   * Stops accepting; connections close after their answer, or after a short linger if idle
   * (gentle-close.ts); resolves once every connection is closed.
   */
  close(): Promise<void>;
}

export async function listenPublic(
  host: string,
  port: number,
  limits: ServeLimits,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<PublicListener> {
  const hosts =
    host === 'localhost'
      ? (await lookup(host, { all: true })).map((found) => found.address)
      : [host];
  const servers: Server[] = [];
  const addresses: AddressInfo[] = [];
  let boundPort = port;
  for (const [i, address] of hosts.entries()) {
    const server = publicServer(limits, handler);
    try {
      await listen(server, address, boundPort);
    } catch (error) {
      // The first address must be had; another (::1 on a host without IPv6) may be missing.
      if (i === 0) throw error;
      continue;
    }
    const bound = server.address() as AddressInfo;
    boundPort = bound.port;
    servers.push(server);
    addresses.push(bound);
  }
  return {
    servers,
    addresses,
    close: () =>
      Promise.all(
        servers.map(
          (server) => new Promise<void>((resolve) => closeGently(server, () => resolve())),
        ),
      ).then(() => undefined),
  };
}

function publicServer(
  limits: ServeLimits,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const requestTimeout = limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const idleTimeout = limits.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(
        limits.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
        requestTimeout || Infinity,
      ),
      keepAliveTimeout: idleTimeout,
      // Node checks these timeouts every 30 s by default; a slow client would keep its socket
      // for up to that much longer than the timeout says.
      connectionsCheckingInterval: 1_000,
      noDelay: true,
    },
    handler,
  );
  server.keepAliveTimeout = idleTimeout;
  capConnectionsPerClient(
    server,
    limits.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  );
  return server;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
