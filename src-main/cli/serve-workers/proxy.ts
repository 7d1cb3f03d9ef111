/**
 * Forwards one client request to a worker and its answer back, both bodies streamed as they come
 * (never gathered): Node's own HTTP client, on a keep-alive agent over the worker's socket.
 *
 * What the client sees when the worker dies: before the answer's head was sent, 503 with
 * Retry-After and the error body (the request may be sent again, to a worker that lives); after
 * it, a cut connection, since a status already sent cannot be taken back and a short answer must
 * not look whole. Never a hang: the worker's end closes every socket it had.
 *
 * The request's head goes to the worker at once, before any of its body: the worker's edge
 * decides from headers alone (credentials, limits, the browser guard) and times a body that does
 * not come, exactly as when clients reach it directly.
 */
import { request, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream';
import { errors } from '../../../src-shared/vocabulary/errors';
import { errorBody } from '../../server/http/error-body';
import { hasBody } from '../../http-edge/has-body';
import { forwardedRequestHeaders, forwardedResponseHeaders } from './forwarded-headers';

export interface ForwardTarget {
  /** The worker's socket, and the agent that keeps connections to it open. */
  socket: string;
  agent: Agent;
  /** Whether the client's connection is to close after this answer (the service is stopping). */
  closing(): boolean;
  /** The worker could not answer: its connection failed before the answer's head came. */
  lost(error: Error): void;
}

export function forward(req: IncomingMessage, res: ServerResponse, target: ForwardTarget): void {
  const upstream = request({
    socketPath: target.socket,
    agent: target.agent,
    method: req.method,
    path: req.url,
    headers: forwardedRequestHeaders(req.rawHeaders),
    // The client's own Host goes through (the worker's browser guard reads it).
    setHost: false,
  });
  let answered = false;
  let clientGone = false;
  upstream.on('response', (answer) => {
    answered = true;
    const headers = forwardedResponseHeaders(answer.rawHeaders);
    // The worker answered before the client's body was all read (a refusal from headers, a 413,
    // a 408 for a body that stalled): what the client still sends must not be read. The worker
    // has closed its side already; the client's connection closes after this answer.
    const bodyUnread = !req.complete;
    if (bodyUnread) {
      req.unpipe(upstream);
      closeWithoutReading(req.socket);
    }
    if (bodyUnread || target.closing()) headers.push('connection', 'close');
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    pipeline(answer, res, () => {
      // Ended (or cut, either side): a connection whose request was not all sent is not reused.
      if (bodyUnread) upstream.destroy();
    });
  });
  upstream.on('error', (error) => {
    if (answered) res.destroy();
    else if (!clientGone) target.lost(error);
  });
  // A client that goes away frees the worker at once: the worker sees its connection close.
  res.once('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  if (hasBody(req.headers)) {
    upstream.flushHeaders();
    req.pipe(upstream);
  } else {
    upstream.end();
  }
}

/**
 * Answers 503 with Retry-After and the error body, from the primary itself (no worker is ready,
 * or the one that had the request died before answering it). After a head was sent, the only
 * honest thing left is to cut the connection.
 */
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
  const path = (req.url ?? '/').split('?')[0]!;
  const body = JSON.stringify(errorBody(errors.ServiceUnavailable(detail), path, 503));
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(body)),
    'retry-after',
    retryAfter,
  ];
  if (!req.complete) {
    headers.push('connection', 'close');
    closeWithoutReading(req.socket);
  }
  res.writeHead(503, headers);
  res.end(body);
}

/** How long a connection stays half-open after its answer, so that the client can read it. */
const LINGER_MS = 1_000;

/**
 * Closes the client's connection after the answer without reading what it still sends (the
 * server's refusal.ts does the same for Fastify's replies). Node would otherwise destroy the
 * socket with unread bytes pending: a reset, which can reach the client before the answer does.
 */
function closeWithoutReading(socket: Socket): void {
  if (socket.destroyed) return;
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
