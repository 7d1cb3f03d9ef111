/**
 * A compressed body must not grow the server by what it inflates to. A 1.2 MB gzip body that
 * inflates to 1.1 GiB, sent to an Arrow route (limit 512 MiB), was refused with 413, but only
 * after its inflated bytes had been collected up to the limit: the server grew by 520 MB. Now a
 * compressed body is first inflated without being kept, only counted (http/body-stream.ts), so
 * the refusal costs the compressed bytes and a decoder's buffers.
 *
 * Against the server alone in a child process, its peak RSS read from /proc; every encoding the
 * server reads, a bomb of each, and an honest compressed body that must still create its table.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { compressFrameSync } from 'lz4-napi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { zstdBomb } from '../support/compressed-arrow';
import { MB, mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerChild, type ServerChild } from '../support/server-child-process';

const GiB = 1024 * MB;
const BOMB = Math.round(1.1 * GiB);
const BOUND = 100 * MB;

let server: ServerChild;

beforeAll(async () => {
  server = await startServerChild({});
  // Loads LanceDB and the decoders first, so that their code is not counted as the attack's.
  const warm = await send('warm', gzipSync(arrow.tableToIPC(sampleTable(50, 8), 'stream')), 'gzip');
  expect(warm.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function send(table: string, body: Uint8Array, encoding: string) {
  const response = await fetch(`${server.url}/v1/table/${table}/create`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/vnd.apache.arrow.stream',
      'content-encoding': encoding,
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** Sends the body and returns the answer with the server's peak RSS growth meanwhile. */
async function measured(table: string, body: Uint8Array, encoding: string) {
  const before = resetPeak(server.pid);
  const startedAt = performance.now();
  const reply = await send(table, body, encoding);
  return {
    reply,
    ms: Math.round(performance.now() - startedAt),
    growth: peakRssBytes(server.pid) - before,
  };
}

describe('Content-Encoding bombs on an Arrow route (limit 512 MiB) are refused before the server grows', () => {
  const zeros = () => Buffer.alloc(BOMB);
  const bombs: Array<[string, string, () => Uint8Array]> = [
    ['gzip', 'gzip', () => gzipSync(zeros(), { level: 9 })],
    ['deflate', 'deflate', () => deflateSync(zeros(), { level: 9 })],
    [
      'br',
      'br',
      () => brotliCompressSync(zeros(), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    ],
    ['zstd (size declared)', 'zstd', () => zstdBomb(BOMB)],
    ['zstd (size not declared)', 'zstd', () => zstdBomb(BOMB, { contentSize: false })],
    ['lz4', 'lz4', () => compressFrameSync(zeros())],
  ];
  const slug = (name: string) => name.replace(/\W+/g, '-').replace(/-$/, '');
  for (const [name, encoding, make] of bombs) {
    it(`${name}: inflating to 1.1 GiB is 413 with peak RSS growth under ${mb(BOUND)} MB`, async () => {
      const body = make();
      const table = `bomb_${slug(name).replace(/-/g, '_')}`;
      const { reply, ms, growth } = await measured(table, body, encoding);
      reportFigures(`body-memory-${slug(name)}`, {
        bodyKB: Math.round(body.byteLength / 1024),
        inflatesToMB: mb(BOMB),
        status: reply.status,
        ms,
        rssGrowthMB: mb(growth),
      });
      expect(reply.status).toBe(413);
      expect(reply.body).toMatchObject({
        status: 413,
        code: 13,
        type: '/errors/payload-too-large',
      });
      expect(growth).toBeLessThan(BOUND);
      const exists = await fetch(`${server.url}/v1/table/${table}/exists`, { method: 'POST' });
      expect(exists.status).toBe(404);
    }, 60_000);
  }
});

it('an honest gzip body within the limit still creates its table, every row in it', async () => {
  const table = sampleTable(60_000, 8);
  const body = gzipSync(arrow.tableToIPC(table, 'stream'));
  const { reply, ms, growth } = await measured('honest', body, 'gzip');
  reportFigures('body-memory-honest-gzip', {
    bodyMB: mb(body.byteLength),
    inflatesToMB: mb(arrow.tableToIPC(table, 'stream').byteLength),
    status: reply.status,
    ms,
    rssGrowthMB: mb(growth),
  });
  expect(reply.status).toBe(200);
  const count = await fetch(`${server.url}/v1/table/honest/count_rows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(await count.json()).toBe(60_000);
}, 60_000);
