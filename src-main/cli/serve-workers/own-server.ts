/**
 * The primary's own HTTP server, which listens nowhere: it is given the connections no worker
 * takes (none is ready) and the idle ones of a worker that died with no live worker to take them
 * on. It answers the probes, and 503 with Retry-After and the error body to anything else
 * (own-answers.ts); every answer closes its connection, so that the client's next request comes
 * on a new one, which a live worker takes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { trackHandedConnections } from '../../server/http/handed-only';
import { requestIdOf } from '../../server/operations/request-id';
import { CONNECTIONS_CHECK_MS, connectionTimeouts } from '../../server/server-options';
import { answerOps, type OpsEndpoints } from '../serve-ops/ops-endpoints';
import type { ServeLimits } from '../serve-args';
import { answerUnavailable, lostDetail } from './own-answers';

/** How long an idle connection of a dead worker stays open for a request already on its way. */
const ORPHAN_LINGER_MS = 500;

export interface OwnServer {
  server: Server;
  /** A new connection no worker could take. */
  take(socket: Socket): void;
  /** An idle connection of dead worker `worker`, closed after a linger if nothing comes. */
  takeOrphan(socket: Socket, worker: number): void;
}

export interface OwnServerOptions {
  limits: ServeLimits;
  ops: OpsEndpoints;
  retryAfter: string;
  /** Each 503 answered, for the access log and the metrics. */
  refused(id: string, method: string, path: string, started: number, worker?: number): void;
}

export function ownServer(options: OwnServerOptions): OwnServer {
  const lostBy = new WeakMap<Socket, number>();
  const asked = new WeakSet<Socket>();
  const server = createServer(
    { ...connectionTimeouts(options.limits), connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    (req: IncomingMessage, res: ServerResponse) => {
      asked.add(req.socket);
      res.shouldKeepAlive = false;
      if (answerOps(req, res, options.ops)) return;
      const started = performance.now();
      const worker = lostBy.get(req.socket);
      answerUnavailable(
        req,
        res,
        worker === undefined
          ? 'No worker is ready: they are starting or restarting'
          : lostDetail(worker),
        options.retryAfter,
      );
      const path = (req.url ?? '/').split('?')[0]!;
      options.refused(requestIdOf(req), req.method ?? '?', path, started, worker);
    },
  );
  trackHandedConnections(server);
  const take = (socket: Socket) => {
    server.emit('connection', socket);
    socket.resume(); // the primary takes connections paused, to hand them unread
  };
  return {
    server,
    take,
    takeOrphan(socket, worker) {
      lostBy.set(socket, worker);
      take(socket);
      setTimeout(() => {
        if (!asked.has(socket)) socket.destroy();
      }, ORPHAN_LINGER_MS).unref();
    },
  };
}
