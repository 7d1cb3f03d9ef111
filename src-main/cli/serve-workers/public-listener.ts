/**
 * The primary's listening sockets: plain TCP servers that accept each connection, cap the
 * connections one client may hold, and pass the socket on unread (`pauseOnConnect`) to be handed
 * to a worker (handed-connections.ts) or answered by the primary's own HTTP server. Everything
 * decided on the connection's bytes (timeouts, credentials, body limits, the browser guard, the
 * in-flight slots) is the worker's, whose server is the single-process server.
 *
 * `localhost` is listened on at every address it resolves to (127.0.0.1 and ::1 where both
 * exist), as Fastify does for the single-process server, all on one port.
 */
import { lookup } from 'node:dns/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { capConnectionsPerClient } from '../../server/http/connection-cap';
import { DEFAULT_MAX_CONNECTIONS_PER_CLIENT } from '../../server/server-options';
import type { ServeLimits } from '../serve-args';

export interface PublicListener {
  servers: Server[];
  addresses: AddressInfo[];
  /** Stops accepting; connections already taken are not touched. */
  stopAccepting(): void;
  /** Resolves once every connection taken is closed (the primary's copy of it). */
  drained(): Promise<void>;
  /** Cuts every connection still open (the stop timeout is over). */
  cutAll(): void;
}

export async function listenPublic(
  host: string,
  port: number,
  limits: ServeLimits,
  route: (socket: Socket) => void,
): Promise<PublicListener> {
  const hosts =
    host === 'localhost'
      ? (await lookup(host, { all: true })).map((found) => found.address)
      : [host];
  const open = new Set<Socket>();
  const drainedWaiters: Array<() => void> = [];
  const take = (socket: Socket) => {
    // The cap, registered first, may have refused it already.
    if (socket.destroyed) return;
    open.add(socket);
    // The primary's copy is written only to answer for a dead worker; a client gone by then must
    // not end the primary with an unhandled error.
    socket.on('error', () => socket.destroy());
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) for (const resolve of drainedWaiters.splice(0)) resolve();
    });
    route(socket);
  };
  const servers: Server[] = [];
  const addresses: AddressInfo[] = [];
  let boundPort = port;
  for (const [i, address] of hosts.entries()) {
    const server = createServer({ pauseOnConnect: true, noDelay: true });
    capConnectionsPerClient(
      server,
      limits.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
    );
    server.on('connection', take);
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
    stopAccepting: () => {
      for (const server of servers) server.close();
    },
    drained: () =>
      open.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => drainedWaiters.push(resolve)),
    cutAll: () => {
      for (const socket of open) socket.destroy();
    },
  };
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
