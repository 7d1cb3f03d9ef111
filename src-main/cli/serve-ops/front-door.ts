/**
 * Puts the probes and metrics (ops-endpoints.ts) in front of a Fastify server's own request
 * handler: in every engine process, `serve --workers 1` and each worker (which answers them with
 * the service's state, worker-ops.ts). They are answered before Fastify sees the request, so none
 * of its hooks (authentication, the in-flight limit, the browser guard, the access log) and none
 * of the REST contract apply to them, exactly as when the primary answers them itself.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { answerOps, type OpsEndpoints } from './ops-endpoints';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function putOpsInFront(server: Server, ops: OpsEndpoints): void {
  const handlers = server.listeners('request') as Handler[];
  if (handlers.length !== 1)
    throw new Error(`expected one request handler, found ${handlers.length}`);
  const [catalog] = handlers as [Handler];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!answerOps(req, res, ops)) catalog(req, res);
  });
}
