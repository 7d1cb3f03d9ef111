/**
 * Refusals decided at the edge, before a route runs: an error with the HTTP status it must have
 * when that status is not the one its code maps to (413, 408, 415 for InvalidInput), and the
 * way to send one without reading the rest of the request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogError } from '../../../src-shared/vocabulary/errors';
import { errorBody } from './error-body';
import { hasBody } from '../../http-edge/has-body';

export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: CatalogError,
  ) {
    super(error.message);
  }
}

/** How long a refused connection stays half-open after its reply, so the client can read it. */
const LINGER_MS = 1_000;

/**
 * Closes the connection after this reply without reading what the client is still sending.
 * Node would destroy the socket the moment the reply is flushed; with unread bytes pending that
 * is a reset, which can reach the client before the reply does (it then sees EPIPE, not the
 * error). So our side is closed (FIN), reading stops (the client's sends stall in the kernel's
 * buffers, at no cost here), and the socket is destroyed a moment later.
 */
export function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = reply.request.raw.socket;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * Replies with the error body. When the request announced a body, the connection is closed after
 * the reply and whatever the client is still sending is never read.
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  error: CatalogError,
  status = error.status,
): FastifyReply {
  request.errorCode = error.code;
  if (hasBody(request.headers)) closeAfterReply(reply);
  return reply
    .code(status)
    .type('application/json')
    .send(errorBody(error, request.url.split('?')[0]!, status));
}
