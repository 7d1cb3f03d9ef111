/**
 * Bodies under attack, against `catalog-studio serve` as a process (RSS peak read from /proc):
 *
 * - An unauthenticated 200 MB POST: before, it was read and parsed in full before its 401, and
 *   cost 1 GB. Now the 401 comes from its headers and the rest is never read.
 * - A 36 KB Arrow stream whose ZSTD buffers inflate to 1.1 GiB: before, it created a table and
 *   took 5.7 GB; behind a lying length, it was refused only after taking 1.1 GB. Now both are
 *   413 before anything large is allocated.
 * - Content-Encoding bombs (gzip, zstd, lz4) stop at the route's limit: 413.
 */
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressFrameSync } from 'lz4-napi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { zstdBomb, zstdBombIpc } from '../support/compressed-arrow';
import { MB, mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { rawClient, requestHead } from '../support/raw-http';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const KEY = 'edge-bodies-key-8d2e4b';
const GiB = 1024 * MB;
const BOMB = Math.round(1.1 * GiB);
const BOUND = 150 * MB;

let dir: string;
let root: string;
let secured: ServerProcess;
let open: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-edge-bodies-'));
  root = join(dir, 'catalog');
  const seed = await connect(root);
  await seed.createTable('t', sampleTable(10, 4));
  await seed.close();
  writeFileSync(
    join(dir, 'auth.json'),
    JSON.stringify({ principals: [{ name: 'edge', api_keys: [KEY], role: 'admin' }] }),
  );
  // One process each (--workers 1): the peak RSS read from /proc, and the bytes read before the
  // refusal, must be the serving process's own, not a primary's that only forwards.
  secured = await startServerProcess([
    '--root',
    root,
    '--auth',
    join(dir, 'auth.json'),
    '--workers',
    '1',
  ]);
  open = await startServerProcess(['--root', join(dir, 'open'), '--workers', '1']);
});

afterAll(async () => {
  await secured?.kill();
  await open?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `attack` and returns its result with the server's peak RSS growth while it ran. */
async function measured<T>(server: ServerProcess, attack: () => Promise<T>) {
  const pid = server.child.pid!;
  const before = resetPeak(pid);
  const result = await attack();
  return { result, growth: peakRssBytes(pid) - before };
}

async function post(
  server: ServerProcess,
  path: string,
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', body, headers });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

function expectTooLarge(reply: { status: number; body: Record<string, unknown> }) {
  expect(reply.status).toBe(413);
  expect(reply.body).toMatchObject({ status: 413, code: 13, type: '/errors/payload-too-large' });
}

describe('a body without credentials', () => {
  it('an unauthenticated 200 MB POST is answered 401 from its headers; its body is not read', async () => {
    const port = Number(new URL(secured.url).port);
    const total = 200 * MB;
    const { result, growth } = await measured(secured, async () => {
      const client = rawClient(
        port,
        '127.0.0.1',
        requestHead('POST', '/v1/table/t/insert', {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/vnd.apache.arrow.stream',
          'content-length': total,
        }),
      );
      await client.connected;
      let written = 0;
      let answeredAt: number | undefined;
      void client.statusLine.then(() => (answeredAt ??= written));
      const chunk = Buffer.alloc(256 * 1024, 1);
      // Send as fast as the server takes it, until it answers, closes, or all 200 MB are sent.
      while (written < total && !client.isClosed() && answeredAt === undefined) {
        written += chunk.byteLength;
        if (!client.socket.write(chunk)) {
          await Promise.race([
            new Promise((resolve) => client.socket.once('drain', resolve)),
            client.closed,
            client.statusLine,
          ]);
        }
      }
      const status = await Promise.race([
        client.statusLine,
        new Promise((resolve) => setTimeout(() => resolve('no answer'), 5_000)),
      ]);
      client.socket.destroy();
      return { status, sentBeforeAnswer: answeredAt ?? written };
    });
    reportFigures('edge-body-before-auth', {
      bodyMB: 200,
      sentBeforeAnswerMB: mb(result.sentBeforeAnswer),
      status: String(result.status),
      rssGrowthMB: mb(growth),
    });
    expect(result.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(result.sentBeforeAnswer).toBeLessThan(16 * MB);
    expect(growth).toBeLessThan(BOUND);
  });

  it('an honest client uploading 200 MB without a key reads the 401, not a reset', async () => {
    const reply = await post(secured, '/v1/table/t/insert', new Uint8Array(200 * MB), {
      'content-type': 'application/vnd.apache.arrow.stream',
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 16, type: '/errors/unauthorized-request' });
  });

  it('a JSON body over the JSON limit (8 MiB) is refused from its Content-Length', async () => {
    const reply = await post(secured, '/v1/namespace/big/create', new Uint8Array(9 * MB), {
      'x-api-key': KEY,
      'content-type': 'application/json',
    });
    expectTooLarge(reply);
    expect(reply.body.detail).toContain(String(8 * MB));
  });
});

describe('compressed Arrow streams (LZ4_FRAME / ZSTD buffers)', () => {
  it('a 36 KB stream whose ZSTD buffers declare 1.1 GiB is 413 before inflating, and creates nothing', async () => {
    const bomb = zstdBombIpc(BOMB, BOMB);
    expect(bomb.byteLength).toBeLessThan(40 * 1024);
    const { result, growth } = await measured(open, () =>
      post(open, '/v1/table/bomb/create', bomb, {
        'content-type': 'application/vnd.apache.arrow.stream',
      }),
    );
    reportFigures('edge-arrow-bomb', {
      bodyKB: Math.round(bomb.byteLength / 1024),
      declaredMB: mb(BOMB),
      status: result.status,
      rssGrowthMB: mb(growth),
    });
    expectTooLarge(result);
    expect(growth).toBeLessThan(BOUND);
    expect((await fetch(`${open.url}/v1/table/bomb/exists`, { method: 'POST' })).status).toBe(404);
  });

  it('the same bomb behind a lying length (1 KiB declared) is refused having taken no more than it declared', async () => {
    const liar = zstdBombIpc(BOMB, 1024);
    const { result, growth } = await measured(open, () =>
      post(open, '/v1/table/liar/create', liar, {
        'content-type': 'application/vnd.apache.arrow.stream',
      }),
    );
    reportFigures('edge-arrow-lying-bomb', {
      bodyKB: Math.round(liar.byteLength / 1024),
      inflatesToMB: mb(BOMB),
      status: result.status,
      rssGrowthMB: mb(growth),
    });
    expectTooLarge(result);
    expect(growth).toBeLessThan(BOUND);
    expect((await fetch(`${open.url}/v1/table/liar/exists`, { method: 'POST' })).status).toBe(404);
  });
});

describe('Content-Encoding bombs', () => {
  const cases: Array<[string, string, string, () => Uint8Array, number]> = [
    ['gzip', 'gzip', '/v1/namespace/gz/create', () => gzipSync(Buffer.alloc(256 * MB)), 256 * MB],
    ['zstd', 'zstd', '/v1/table/t/insert', () => zstdBomb(BOMB), BOMB],
    [
      'lz4',
      'lz4',
      '/v1/namespace/lz/create',
      () => compressFrameSync(Buffer.alloc(256 * MB)),
      256 * MB,
    ],
  ];
  for (const [name, encoding, path, make, inflated] of cases) {
    it(`${name}: a body inflating to ${mb(inflated)} MB stops at the route's limit with 413`, async () => {
      const body = make();
      const type = path.endsWith('insert')
        ? 'application/vnd.apache.arrow.stream'
        : 'application/json';
      const { result, growth } = await measured(open, () =>
        post(open, path, body, { 'content-type': type, 'content-encoding': encoding }),
      );
      reportFigures(`edge-encoding-${name}`, {
        bodyKB: Math.round(body.byteLength / 1024),
        inflatesToMB: mb(inflated),
        status: result.status,
        rssGrowthMB: mb(growth),
      });
      expectTooLarge(result);
      expect(growth).toBeLessThan(BOUND);
    });
  }
});
