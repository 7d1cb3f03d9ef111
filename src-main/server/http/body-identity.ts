/**
 * Credentials from the body: the contract lets a request carry `identity` (`api_key`,
 * `auth_token`) in its JSON body. Reading a body before knowing who sent it is what let anonymous
 * clients spend the server's memory and time, so the edge reads one only when the request has no
 * credential header, and only a small one: JSON by its Content-Type, at most 64 KiB as sent and
 * once inflated, arriving within 2 s. Anything else is refused 401 without reading further (the
 * connection is then closed, see refusal.ts). The body read is kept, so that the route is handed
 * the very bytes, and the value, that were authenticated.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { Credentials } from '../auth/authenticator';
import { bodyStream } from './body-stream';
import { hasBody } from '../../http-edge/has-body';

/** Largest identity-carrying body, as sent and once inflated. */
export const IDENTITY_BODY_LIMIT = 64 * 1024;
/** How long the whole of such a body may take to arrive. */
export const IDENTITY_READ_MS = 2_000;

export interface IdentityBody {
  /** The body as it arrived (still encoded), for the route's own reading of it. */
  raw: Buffer;
  /** Its JSON value. */
  parsed: unknown;
}

const MISSING =
  'Credentials are required: send x-api-key or Authorization: Bearer <token>, or an identity in a JSON body of at most 64 KiB';

const refusal = (why: string) => errors.Unauthenticated(`${MISSING} (${why})`);

/** Whether a Content-Type is JSON: `application/json` or any `…+json`, parameters aside. */
function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^[a-z]+\/[a-z0-9.+-]*\+json$/.test(type);
}

/**
 * The credentials in the body of a request that sent none in its headers, and the body read for
 * them; throws Unauthenticated (without reading further) when there are none to be had.
 */
export async function credentialsFromBody(
  request: FastifyRequest,
): Promise<{ credentials: Credentials; body: IdentityBody }> {
  const { headers } = request;
  if (!hasBody(headers)) throw errors.Unauthenticated(MISSING);
  if (!isJson(headers['content-type'])) throw refusal('the body is not JSON');
  if (Number(headers['content-length']) > IDENTITY_BODY_LIMIT)
    throw refusal('the body is larger than 64 KiB');
  const raw = await readCapped(request.raw);
  let text: string;
  try {
    const decoded: Buffer[] = [];
    const stream = bodyStream(Readable.from([raw]), headers['content-encoding'], {
      limit: IDENTITY_BODY_LIMIT,
      idleMs: 0,
    });
    for await (const chunk of stream) decoded.push(chunk as Buffer);
    text = Buffer.concat(decoded).toString('utf8');
  } catch {
    throw refusal('the body could not be decoded within 64 KiB');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refusal('the body is not valid JSON');
  }
  const credentials = identityOf(parsed);
  if (!credentials) throw refusal('the body has no identity');
  return { credentials, body: { raw, parsed } };
}

/** `identity.api_key` or else `identity.auth_token` (a bearer token or JWT), if either is a non-empty string. */
export function identityOf(value: unknown): Credentials | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const identity = (value as { identity?: unknown }).identity;
  if (typeof identity !== 'object' || identity === null) return undefined;
  const { api_key: apiKey, auth_token: token } = identity as Record<string, unknown>;
  if (typeof apiKey === 'string' && apiKey !== '') return { apiKey };
  if (typeof token === 'string' && token.trim() !== '') return { bearer: token.trim() };
  return undefined;
}

/** The body, if it all arrives within the limits; stops reading at the first one it breaks. */
function readCapped(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (!error) return resolve(Buffer.concat(chunks, size));
      // What the client still sends stays in the kernel's buffers; the reply closes the socket.
      stream.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > IDENTITY_BODY_LIMIT) return finish(refusal('the body is larger than 64 KiB'));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = (error: Error) => finish(error);
    const onClose = () => {
      if (!stream.readableEnded) finish(refusal('the client closed the connection mid-body'));
    };
    const timer = setTimeout(
      () => finish(refusal(`the body did not arrive within ${IDENTITY_READ_MS / 1000} s`)),
      IDENTITY_READ_MS,
    );
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body the edge read for its identity (body-identity.ts), if it did. */
    identityBody?: IdentityBody;
  }
}
