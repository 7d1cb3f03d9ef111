/**
 * What a closing server still answers. A request that reaches it on a connection its main
 * listener already had is answered as usual, with `Connection: close` (Fastify adds it while
 * closing, `return503OnClosing` being off), since Fastify's close waits for those connections
 * before the catalogs close. Fastify listens on every address `localhost` names (127.0.0.1 and
 * ::1), each a server of its own, and its close does not wait for the others' connections: a
 * request on one of those during the close would run against catalogs about to close, so it is
 * refused, 503 with the error body and Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { errors } from '../../../src-shared/vocabulary/errors';
import { HttpRefusal } from './refusal';

export function refuseOtherListenersWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: every request passes it, and it has nothing to await.
  app.addHook('onRequest', (request, _reply, done) => {
    if (closing && listenerOf(request.raw.socket) !== app.server) {
      done(new HttpRefusal(503, errors.ServiceUnavailable('The server is stopping')));
    } else {
      done();
    }
  });
}

/** The server that accepted a connection (net.Server sets it on each socket it accepts). */
const listenerOf = (socket: Socket): unknown => (socket as Socket & { server?: unknown }).server;
