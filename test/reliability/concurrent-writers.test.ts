/**
 * Concurrent writers: the real `serve` process (several HTTP clients at once), this process
 * through the engine's `connect()`, and this process through plain `@lancedb/lancedb` write the
 * same table at the same time, appending rows with unique ids and updating their own rows. Their
 * commits conflict and are retried; at the end the table holds exactly the acknowledged ids, each
 * once, and every writer's last update is visible on all of its rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { connect } from '../../src-main/catalog';
import type { CatalogClient } from '../../src-main/catalog/client';
import { call } from '../support/catalog-server';
import { reportFigures, scaled } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const DIM = 8;
const BATCHES = scaled(12, 60);
const ROWS = 40;
const HTTP_CLIENTS = 3;
/** Each writer owns a block of ids, so every row says who wrote it. */
const BLOCK = 10_000_000;

let root: string;
let server: ServerProcess;
let engine: CatalogClient;
let plain: lancedb.Connection;

interface Writer {
  name: string;
  insert(first: number): Promise<void>;
  update(category: string, first: number, last: number): Promise<void>;
}

/** Commit conflicts that LanceDB could not resolve by itself; the writer tries again. */
function isConflict(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error);
  return /conflict|concurrent|retry/i.test(text) || (error as { code?: number })?.code === 14;
}

const batch = (first: number) => sampleTable(ROWS, DIM, { idOffset: first, seed: first });
const retries = { count: 0 };
/** When each write ran, by writer: overlapping writes of two writers raced for one version. */
const spans: Array<{ writer: number; start: number; end: number }> = [];

async function withRetry(writer: number, work: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const start = performance.now();
    try {
      await work();
      spans.push({ writer, start, end: performance.now() });
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= 20) throw error;
      retries.count += 1;
    }
  }
}

function httpWriter(index: number): Writer {
  const post = async (path: string, body: unknown) => {
    const reply = await call(server, 'POST', `/v1/table/w$shared/${path}`, body);
    if (reply.status !== 200) {
      const error = new Error(`${path} → ${reply.status} ${JSON.stringify(reply.body)}`);
      Object.assign(error, { code: reply.body?.code });
      throw error;
    }
  };
  return {
    name: `http${index}`,
    insert: (first) => post('insert', arrow.tableToIPC(batch(first), 'stream')),
    update: (category, first, last) =>
      post('update', {
        updates: [['category', `'${category}'`]],
        predicate: `id >= ${first} AND id < ${last}`,
      }),
  };
}

function engineWriter(): Writer {
  return {
    name: 'engine',
    insert: async (first) => {
      await (await engine.openTable('shared', ['w'])).insert(batch(first));
    },
    update: async (category, first, last) => {
      await (
        await engine.openTable('shared', ['w'])
      ).update({
        updates: { category: `'${category}'` },
        filter: `id >= ${first} AND id < ${last}`,
      });
    },
  };
}

function plainWriter(namespace: lancedb.Connection): Writer {
  const table = () => namespace.openTable('shared', ['w']);
  return {
    name: 'lancedb',
    insert: async (first) => {
      await (await table()).add(batch(first));
    },
    update: async (category, first, last) => {
      await (
        await table()
      ).update({ where: `id >= ${first} AND id < ${last}`, values: { category } });
    },
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-writers-'));
  server = await startServerProcess(['--root', root]);
  expect((await call(server, 'POST', '/v1/namespace/w/create', {})).status).toBe(200);
  const empty = arrow.tableToIPC(batch(0).slice(0, 0), 'stream');
  expect((await call(server, 'POST', '/v1/table/w$shared/create', empty)).status).toBe(200);
  engine = await connect(root);
  plain = await lancedb.connectNamespace('dir', { root }, { readConsistencyInterval: 0 });
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  await engine?.close();
  plain?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the server and another process writing one table', () => {
  it('loses and duplicates no row, and keeps every last update', async () => {
    const writers = [
      ...Array.from({ length: HTTP_CLIENTS }, (_, i) => httpWriter(i)),
      engineWriter(),
      plainWriter(plain),
    ];
    const acknowledged = new Set<number>();
    await Promise.all(
      writers.map(async (writer, w) => {
        const base = (w + 1) * BLOCK;
        for (let b = 0; b < BATCHES; b++) {
          const first = base + b * ROWS;
          await withRetry(w, () => writer.insert(first));
          for (let id = first; id < first + ROWS; id++) acknowledged.add(id);
          // Now and then an update over everything this writer wrote so far.
          if (b % 4 === 3)
            await withRetry(w, () => writer.update(`${writer.name}-${b}`, base, first + ROWS));
        }
        await withRetry(w, () => writer.update(`${writer.name}-last`, base, base + BLOCK));
      }),
    );

    const namespace = await lancedb.connectNamespace('dir', { root });
    const read = await (
      await namespace.openTable('shared', ['w'])
    )
      .query()
      .select(['id', 'category'])
      .toArrow();
    namespace.close();
    const ids = [...read.getChild('id')!.toArray()].map(Number);
    const categories = read.getChild('category')!.toArray() as string[];
    expect(ids.length).toBe(acknowledged.size);
    expect(new Set(ids).size, 'duplicated rows').toBe(ids.length);
    const missing = [...acknowledged].filter((id) => !new Set(ids).has(id));
    expect(missing.length, 'lost rows').toBe(0);
    const stale = ids.filter((id, i) => {
      const writer = writers[Math.floor(id / BLOCK) - 1]!;
      return categories[i] !== `${writer.name}-last`;
    });
    expect(stale.length, 'rows missing their writer’s last update').toBe(0);
    expect((await call(server, 'POST', '/v1/table/w$shared/count_rows', {})).body).toBe(ids.length);

    // The writes really did race: many ran while another writer's write was under way, so
    // both started from the same version and one had to rebase its commit.
    const racing = spans.filter((a) =>
      spans.some((b) => b.writer !== a.writer && b.start < a.end && a.start < b.end),
    ).length;
    expect(racing).toBeGreaterThan(spans.length / 2);
    const versions = await call(server, 'POST', '/v1/table/w$shared/version/list', {});
    reportFigures('concurrent-writers', {
      writers: writers.length,
      rows: ids.length,
      commits: versions.body.versions?.length ?? 'n/a',
      racingWrites: racing,
      conflictRetries: retries.count,
      rowsLost: missing.length,
      duplicates: ids.length - new Set(ids).size,
    });
  }, 300_000);
});
