/**
 * What the primary answers itself, since no worker will: 503 with Retry-After and the error body
 * when no worker is ready, and for the requests of a worker that died before it answered them
 * (connection-states.ts says which). Each such answer closes its connection, so that the client's
 * next request comes on a new one, which a live worker takes.
 *
 * After an answer's head was sent, the only honest thing left is to close the connection: the
 * client sees a short answer, never a whole-looking one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errors } from '../../../src-shared/vocabulary/errors';
import { closeWithoutReading, endWithoutReading } from '../../server/http/close-without-reading';
import { errorBody } from '../../server/http/error-body';

/** Answers 503 on a request the primary's own HTTP server read (no worker had it). */
export function answerUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  detail: string,
  retryAfter: string,
): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = unavailableBody(detail, (req.url ?? '/').split('?')[0]!);
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(body)),
    'retry-after',
    retryAfter,
    'connection',
    'close',
  ];
  if (!req.complete) closeWithoutReading(req.socket);
  res.writeHead(503, headers);
  res.end(body);
}

/**
 * Answers 503 on a connection whose request a dead worker had read (`request`: its
 * `METHOD /path`), written straight to the socket: the primary never read that request, and
 * reads nothing of what the client may still send.
 */
export function answerLostRequest(
  socket: Socket,
  request: string,
  detail: string,
  retryAfter: string,
): void {
  const path = request.slice(request.indexOf(' ') + 1) || '/';
  const body = unavailableBody(detail, path);
  socket.write(
    'HTTP/1.1 503 Service Unavailable\r\n' +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `retry-after: ${retryAfter}\r\n` +
      'connection: close\r\n' +
      `date: ${new Date().toUTCString()}\r\n\r\n` +
      body,
  );
  endWithoutReading(socket);
}

/** Part of an answer went out: the connection ends where it is (what was written is delivered). */
export function cutAnswer(socket: Socket): void {
  endWithoutReading(socket);
}

/** The 503's detail for a request on a connection whose worker died. */
export function lostDetail(worker: number): string {
  return `Worker ${worker} stopped before it answered (it crashed or was killed); the request may be sent again`;
}

function unavailableBody(detail: string, path: string): string {
  return JSON.stringify(errorBody(errors.ServiceUnavailable(detail), path, 503));
}
