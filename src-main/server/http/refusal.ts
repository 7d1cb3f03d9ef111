/**
 * Refusals decided at the edge, before a route runs: an error with the HTTP status it must have
 * when that status is not the one its code maps to (413, 408, 415 for InvalidInput), and the
 * way to send one without reading the rest of the request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogError } from '../../../src-shared/vocabulary/errors';
import { errorBody } from './error-body';
import { hasBody } from '../../http-edge/has-body';
import { closeWithoutReading } from './close-without-reading';

export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: CatalogError,
  ) {
    super(error.message);
  }
}

/** Closes the connection after this reply without reading what the client is still sending. */
export function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = reply.request.raw.socket;
  if (socket) closeWithoutReading(socket);
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
