/**
 * The content-type parser of every body: its bytes, which each route decodes itself (JSON in
 * json-body.ts, Arrow in arrow-body.ts).
 *
 * A plain body already wholly received (received-body.ts) is taken from the request at once, in
 * the hook's own turn. Collected as a stream instead, as Fastify's parsers collect, it waited for
 * the HTTP parser to mark the message complete, which Node does a callback later: measured inside
 * `serve` on LanceDB's 2.7 KB search body, the parser's start to the route's handler took
 * 0.07-0.09 ms collected and 0.03-0.05 ms taken. Node gives each body chunk its own memory, so the
 * bytes taken are the body's alone, never a view of a buffer the socket reuses.
 *
 * Every other body comes through the edge's body stream (body-stream.ts), which decodes, limits
 * and times it; it is collected here and held to its declared length, as Fastify's own parser
 * would.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { bodyAlreadyReceived } from './received-body';
import type { BodyStream } from './body-stream';

type Done = (error: Error | null, body?: Buffer) => void;

export function readBodyBytes(request: FastifyRequest, payload: Readable, done: Done): void {
  if (payload === request.raw && bodyAlreadyReceived(request.headers, payload)) {
    const bytes = payload.read() as Buffer | null;
    // Nothing more belongs to this body: the request still flows to its end, as one read does.
    payload.resume();
    done(null, bytes ?? Buffer.alloc(0));
    return;
  }
  collect(request, payload, done);
}

function collect(request: FastifyRequest, payload: Readable, done: Done): void {
  const declared = Number(request.headers['content-length']);
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.off('data', onData);
    payload.off('end', onEnd);
    // The error listener stays: a stream that fails again later must not throw unheard.
    done(error, body);
  };
  // No limit is counted here: the body stream has already failed (413) before passing a chunk
  // beyond the route's limit.
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    chunks.push(chunk);
  };
  const onEnd = () => {
    // The body stream counts what came on the wire: an encoded body's own length.
    const sent = (payload as Partial<BodyStream>).receivedEncodedLength || received;
    if (!Number.isNaN(declared) && sent !== declared) {
      finish(
        errors.InvalidInput(
          `The request body has ${sent} bytes, but its Content-Length says ${declared}`,
        ),
      );
    } else finish(null, Buffer.concat(chunks, received));
  };
  const onError = (error: Error & { statusCode?: number }) => {
    // A body that failed on its way is the client's fault unless it says otherwise (as Fastify's
    // own parser rules).
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}
