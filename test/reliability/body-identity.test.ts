/**
 * The contract's body `identity`, read by the edge only when no header carries credentials, and
 * only from a small JSON body (64 KiB, within 2 s). Raw sockets send what a hostile client sends:
 * an identity behind a large body, a body that never finishes, one that is not JSON, one that is
 * compressed past the cap. Each is 401 with the error body, read no further than the cap, and its
 * connection closed; an honest identity is served.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../support/catalog-server';
import { MB } from '../support/process-memory';
import { rawClient, requestHead, type RawClient } from '../support/raw-http';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';

const READER = 'identity-reader-key-3a1f';
const PATH = '/v1/table/t/count_rows';

let server: RunningServer;
let port: number;

beforeAll(async () => {
  server = await startCatalogServer({
    auth: { principals: [{ name: 'reader', api_keys: [READER], role: 'reader' }] },
  });
  port = Number(new URL(server.url).port);
  await server.catalog.createTable('t', sampleTable(12, 4));
});

afterAll(async () => {
  await server?.close();
});

function open(headers: Record<string, string | number>): RawClient {
  return rawClient(
    port,
    '127.0.0.1',
    requestHead('POST', PATH, { host: `127.0.0.1:${port}`, ...headers }),
  );
}

/** Writes `total` bytes of `fill` as fast as the server takes them, until it answers or closes. */
async function pour(client: RawClient, total: number, fill: string) {
  await client.connected;
  let written = 0;
  let answered = false;
  void client.statusLine.then(() => (answered = true));
  const chunk = Buffer.alloc(64 * 1024, fill);
  while (written < total && !client.isClosed() && !answered) {
    written += chunk.byteLength;
    if (!client.socket.write(chunk)) {
      await Promise.race([
        new Promise((resolve) => client.socket.once('drain', resolve)),
        client.closed,
        client.statusLine,
      ]);
    }
  }
  return written;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);

describe('an identity in the body', () => {
  it("a reader's api_key in the body is served, and the route reads that same body", async () => {
    const reply = await call(server, 'POST', PATH, {
      identity: { api_key: READER },
      predicate: 'id < 5',
    });
    expect(reply.status).toBe(200);
    // The predicate came from the very body that was read for its identity.
    expect(reply.body).toBe(5);
  });

  it('gzip-encoded, it is read once inflated', async () => {
    const body = gzipSync(JSON.stringify({ identity: { api_key: READER } }));
    const reply = await call(server, 'POST', PATH, body, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(12);
  });

  it('a wrong key is 401 with the error body', async () => {
    const reply = await call(server, 'POST', PATH, { identity: { api_key: 'not-a-key' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 16, type: '/errors/unauthorized-request' });
  });

  it('in a 1 MB body declared by Content-Length: 401 from the headers, the body unread', async () => {
    const client = open({ 'content-type': 'application/json', 'content-length': MB });
    const sent = await pour(client, MB, ' ');
    expect(await within(client.statusLine, 3_000)).toBe('HTTP/1.1 401 Unauthorized');
    expect(await within(client.closed, 3_000)).not.toBe('timeout');
    reportFigures('identity-large-declared', { bodyKB: 1024, sentKB: Math.round(sent / 1024) });
  });

  it('in a 64 MB chunked body: 401 once 64 KiB have been read, the rest never taken', async () => {
    const client = open({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    await client.connected;
    // One chunk announced as 64 MB: the server stops reading at its 64 KiB cap.
    client.socket.write(`${(64 * MB).toString(16)}\r\n`);
    const sent = await pour(client, 64 * MB, '{');
    const status = await within(client.statusLine, 3_000);
    reportFigures('identity-large-chunked', {
      bodyMB: 64,
      sentBeforeAnswerMB: Math.round(sent / MB),
    });
    expect(status).toBe('HTTP/1.1 401 Unauthorized');
    expect(sent).toBeLessThan(16 * MB);
    expect(await within(client.closed, 3_000)).not.toBe('timeout');
  });

  it('a small body that stalls: 401 within 2 s and the connection closed', async () => {
    const client = open({ 'content-type': 'application/json', 'content-length': 100 });
    const startedAt = await client.connected;
    client.socket.write('{"identity": {"api_');
    const status = await within(client.statusLine, 5_000);
    const closedAt = await within(client.closed, 5_000);
    reportFigures('identity-stalled', {
      answeredAfterMs: typeof closedAt === 'number' ? Math.round(closedAt - startedAt) : -1,
    });
    expect(status).toBe('HTTP/1.1 401 Unauthorized');
    expect(closedAt).not.toBe('timeout');
    expect((closedAt as number) - startedAt).toBeLessThan(4_000);
  });

  it('a body that is not JSON is not read: 401 at once', async () => {
    const client = open({ 'content-type': 'text/plain', 'content-length': 50 });
    await client.connected;
    expect(await within(client.statusLine, 1_000)).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('compressed past the cap (gzip inflating to 8 MB): 401', async () => {
    const body = gzipSync(
      Buffer.from(JSON.stringify({ identity: { api_key: READER }, pad: ' '.repeat(8 * MB) })),
    );
    expect(body.byteLength).toBeLessThan(64 * 1024);
    const reply = await call(server, 'POST', PATH, body, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 16 });
  });

  it('with a credential header the body is not read for an identity: a 1 MB JSON body is served', async () => {
    const reply = await call(
      server,
      'POST',
      PATH,
      { predicate: 'id < 5', pad: ' '.repeat(MB) },
      { 'x-api-key': READER },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(5);
  });

  it('a JSON body without an identity is 401', async () => {
    const reply = await call(server, 'POST', PATH, { predicate: 'id < 5' });
    expect(reply.status).toBe(401);
    expect(reply.body.detail).toContain('identity');
  });
});
