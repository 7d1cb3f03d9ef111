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
  app.addHook('onRequest', async (request) => {
    if (!closing) return;
    const listener = (request.raw.socket as Socket & { server?: unknown }).server;
    if (listener !== app.server) {
      throw new HttpRefusal(503, errors.ServiceUnavailable('The server is stopping'));
    }
  });
}
