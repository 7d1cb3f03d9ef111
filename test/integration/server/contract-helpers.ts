/**
 * Shared assertions for the route-by-route contract tests: the error body every failure must
 * carry, Arrow IPC encoding through the one apache-arrow copy, raw HTTP for paths `fetch` would
 * normalise, and bounded polling.
 */
import { request as httpRequest } from 'node:http';
import type { Table } from 'apache-arrow';
import { expect } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import type { call } from '../../support/catalog-server';

export type Reply = Awaited<ReturnType<typeof call>>;

/** Problem-details type and title the service specification fixes (spec §7). */
const SPEC_PROBLEMS: Record<number, { type: string; title: string }> = {
  400: { type: '/errors/bad-request', title: 'Malformed request' },
  401: {
    type: '/errors/unauthorized-request',
    title: 'No valid authentication credentials for the operation',
  },
  403: { type: '/errors/forbidden-request', title: 'Not authorized to make this request' },
  404: { type: '/errors/not-found-error', title: 'Not found Error' },
  503: { type: '/errors/service-unavailable', title: 'Slow down' },
  500: { type: '/errors/server-error', title: 'Internal Server Error' },
};

const ERROR_FIELDS = ['code', 'detail', 'error', 'instance', 'status', 'title', 'type'];

/**
 * Asserts a failing reply: the HTTP status, the contract code, and an error body with every
 * field of the specification's problem details plus the `code`/`error` LanceDB clients read.
 * `instance` is the request path without its query string.
 */
export function expectError(
  reply: Reply,
  status: number,
  code: number,
  instance?: string,
): Record<string, unknown> {
  const shown = JSON.stringify(reply.body ?? Buffer.from(reply.raw).toString('utf8'));
  expect(reply.status, `status of ${shown}`).toBe(status);
  expect(reply.headers.get('content-type') ?? '').toContain('application/json');
  const body = reply.body as Record<string, unknown>;
  expect(body, 'the error body').toBeTypeOf('object');
  for (const field of ERROR_FIELDS) expect(body, `error body field ${field}`).toHaveProperty(field);
  expect(body.code, `code of ${shown}`).toBe(code);
  expect(body.status).toBe(status);
  const fixed = SPEC_PROBLEMS[status];
  if (fixed) {
    expect(body.type).toBe(fixed.type);
    expect(body.title).toBe(fixed.title);
  } else {
    expect(body.type).toMatch(/^\/errors\/[a-z-]+$/);
    expect(typeof body.title === 'string' && body.title.length > 0).toBe(true);
  }
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  expect(typeof body.error).toBe('string');
  expect(body.error as string).toContain(body.detail as string);
  if (instance !== undefined) expect(body.instance).toBe(instance);
  return body;
}

/** An Arrow table as an IPC stream request body. */
export function ipc(table: Table): Uint8Array {
  return arrow.tableToIPC(table, 'stream');
}

/** The rows of an Arrow IPC reply, as plain objects. */
export function decodeRows(raw: Uint8Array): Table {
  return arrow.tableFromIPC(raw);
}

/** The JSON text of a reply, parsed (for bodies `call` leaves undecoded). */
export function textOf(reply: Reply): string {
  return Buffer.from(reply.raw).toString('utf8');
}

/**
 * A request sent with node:http, so that the path goes on the wire exactly as written (`fetch`
 * resolves `..` and `%2E%2E` segments before sending).
 */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  body = '{}',
): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Calls `probe` until `done` holds or the deadline passes; the loop always ends. Returns the last
 * value, and fails with `what` and that value when the deadline passes first.
 */
export async function pollUntil<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!done(last)) {
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not done after ${timeoutMs} ms; last value ${JSON.stringify(last)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await probe();
  }
  return last;
}
