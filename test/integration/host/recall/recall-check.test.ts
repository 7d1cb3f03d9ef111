/**
 * The recall check on a real folder: an IVF_PQ index built through the engine on 3,000 random
 * 16-d vectors, then measured. Expectations are ones random data cannot break: exact search agrees
 * with itself, probing every partition with a large refine finds nearly everything, and one probe
 * (1 of 16 partitions) finds clearly less; IVF_FLAT over every partition is exact, and HNSW is
 * searched along ef. Then cancellation and the refusals of bad input.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type CatalogClient, type TableHandle } from '../../../../src-main/catalog';
import { runRecallCheck } from '../../../../src-main/host/recall/recall-check';
import type { RecallProgress } from '../../../../src-main/host/recall/recall-check';
import { recallAtK } from '../../../../src-shared/recall/recall-maths';
import { RecallReportSchema } from '../../../../src-shared/recall/recall-schemas';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';
import { sampleTable } from '../../../support/sample-data';
import { vectorTable } from '../../../bench/vector-data';

const ROWS = 3000;
const DIM = 16;
const PARTITIONS = 16;

let dir: string;
let catalog: CatalogClient;
let table: TableHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-recall-'));
  catalog = await connect(dir);
  table = await catalog.createTable('vectors', vectorTable(ROWS, DIM, 11));
  const job = await table.createIndex({
    column: 'vector',
    index_type: 'IVF_PQ',
    num_partitions: PARTITIONS,
    num_sub_vectors: 4,
  });
  const done = await catalog.waitForJob(job.id);
  expect(done.state).toBe('succeeded');
});

afterAll(async () => {
  await catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runRecallCheck', () => {
  it('measures every setting against exact search and advises', async () => {
    const progress: RecallProgress[] = [];
    const update = vi.fn();
    const report = await runRecallCheck(
      table,
      {
        column: 'vector',
        queries: 20,
        seed: 3,
        grid: [{ nprobes: 1 }, { nprobes: 4 }, { nprobes: PARTITIONS, refineFactor: 50 }],
      },
      { onProgress: (p) => progress.push(p), update },
    );
    expect(RecallReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      column: 'vector',
      index: { name: 'vector_idx', indexType: 'IVF_PQ', distanceType: 'l2' },
      k: 10,
      queries: 20,
      source: 'sampled',
      target: 0.95,
    });
    const [one, four, all] = report.points.map((p) => p.recall) as [number, number, number];
    // Every partition and 500 candidates re-ranked by their full vectors: nearly exact.
    expect(all).toBeGreaterThanOrEqual(0.9);
    // One partition of 16 holds only part of most queries' neighbours.
    expect(all).toBeGreaterThan(one);
    expect(one).toBeLessThan(0.9);
    expect(four).toBeGreaterThanOrEqual(one - 0.05);
    for (const point of [...report.points, report.exact]) {
      expect(point.latencyMs.median).toBeGreaterThan(0);
      expect(point.latencyMs.p95).toBeGreaterThanOrEqual(point.latencyMs.median);
    }
    // The best-recall setting is on the front whatever the timings were.
    expect(report.front).toContain(2);
    expect(report.advice.pointIndex).toBeDefined();
    expect(report.advice.met).toBe(report.points.some((p) => p.recall >= 0.95));

    expect(progress[0]).toMatchObject({ phase: 'sampling', fraction: 0 });
    expect(progress.at(-1)).toEqual({
      phase: 'searching',
      queriesDone: 20,
      queriesTotal: 20,
      fraction: 1,
    });
    expect(update).toHaveBeenLastCalledWith({ phase: 'searching', progress: { fraction: 1 } });
  });

  it('uses the default 12-setting grid and a given query vector', async () => {
    const report = await runRecallCheck(table, {
      column: 'vector',
      vector: Array.from({ length: DIM }, () => 0.5),
      k: 5,
    });
    expect(report.source).toBe('given');
    expect(report.queries).toBe(1);
    expect(report.points).toHaveLength(12);
    expect(report.points[0]!.setting).toEqual({ nprobes: 1 });
  });

  it('takes exact search as ground truth that agrees with itself', async () => {
    const vector = Array.from({ length: DIM }, (_, i) => (i % 3) / 3);
    const exact = () =>
      table
        .query({
          vector,
          vectorColumn: 'vector',
          limit: 10,
          withRowId: true,
          bypassVectorIndex: true,
        })
        .then((rows) => Array.from(rows.getChild('_rowid')!.toArray() as BigUint64Array));
    const [a, b] = [await exact(), await exact()];
    expect(a).toHaveLength(10);
    expect(recallAtK(a, b, 10)).toBe(1);
  });

  it('stops early when cancelled', async () => {
    const controller = new AbortController();
    let searched = 0;
    const error = await expectCode(
      runRecallCheck(
        table,
        { column: 'vector', queries: 50, seed: 1 },
        {
          signal: controller.signal,
          onProgress: (p) => {
            searched = p.queriesDone;
            if (p.queriesDone === 2) controller.abort();
          },
        },
      ),
      ERROR_CODES.Internal,
    );
    expect(error.message).toMatch(/cancelled/);
    expect(searched).toBe(2);
  });

  it('refuses bad input by naming the field', async () => {
    const bad = (request: Parameters<typeof runRecallCheck>[1], code: number) =>
      expectCode(runRecallCheck(table, request), code);
    expect(
      (await bad({ column: 'vector', k: ROWS + 1 }, ERROR_CODES.InvalidInput)).message,
    ).toMatch(/^k: 3001 .* 3000 rows/);
    expect(
      (await bad({ column: 'vector', vector: [1, 2, 3] }, ERROR_CODES.InvalidInput)).message,
    ).toMatch(/^vector: the query vector has 3 values; .* vectors of 16/);
    const nan = Array.from({ length: DIM }, (_, i) => (i === 4 ? Number.NaN : 0));
    expect(
      (await bad({ column: 'vector', vector: nan }, ERROR_CODES.InvalidInput)).message,
    ).toMatch(/vector\.4/);
    expect((await bad({ column: 'nope' }, ERROR_CODES.TableColumnNotFound)).message).toMatch(
      /nope/,
    );
    expect((await bad({ column: 'id' }, ERROR_CODES.InvalidInput)).message).toMatch(
      /^column: id is not a vector column/,
    );
    expect(
      (await bad({ column: 'vector', index: 'missing' }, ERROR_CODES.TableIndexNotFound)).message,
    ).toMatch(/^index: missing/);
    expect(
      (await bad({ column: 'vector', grid: [{ nprobes: 0 }] }, ERROR_CODES.InvalidInput)).message,
    ).toMatch(/grid\.0\.nprobes/);
    expect(
      (await bad({ column: 'vector', target: 1.5 }, ERROR_CODES.InvalidInput)).message,
    ).toMatch(/target/);
  });

  it('refuses a vector column without a vector index', async () => {
    const plain = await catalog.createTable('plain', sampleTable(50, 8));
    const error = await expectCode(
      runRecallCheck(plain, { column: 'vector' }),
      ERROR_CODES.InvalidInput,
    );
    expect(error.message).toMatch(/^column: vector has no vector index/);
  });
});

describe('runRecallCheck on other vector index types', () => {
  const build = async (name: string, request: Record<string, unknown>) => {
    const t = await catalog.createTable(name, vectorTable(ROWS, DIM, 11));
    const job = await t.createIndex({ column: 'vector', ...request } as never);
    expect((await catalog.waitForJob(job.id)).state).toBe('succeeded');
    return t;
  };

  it('finds exactly the true neighbours with IVF_FLAT probing every partition', async () => {
    // IVF_FLAT keeps full vectors: with every partition probed it is an exact search.
    const flat = await build('flat', { index_type: 'IVF_FLAT', num_partitions: PARTITIONS });
    const report = await runRecallCheck(flat, {
      column: 'vector',
      queries: 10,
      seed: 5,
      grid: [{ nprobes: 1 }, { nprobes: PARTITIONS }],
    });
    expect(report.points[1]!.recall).toBe(1);
    expect(report.points[0]!.recall).toBeLessThan(1);
    expect(report.advice).toMatchObject({ met: true, pointIndex: 1 });
  });

  it('searches an HNSW index along the ef axis, with the index distance', async () => {
    const hnsw = await build('hnsw', {
      index_type: 'IVF_HNSW_SQ',
      num_partitions: 2,
      m: 8,
      ef_construction: 50,
      distance_type: 'cosine',
    });
    const report = await runRecallCheck(hnsw, { column: 'vector', queries: 10, seed: 5 });
    expect(report.index).toMatchObject({ indexType: 'IVF_HNSW_SQ', distanceType: 'cosine' });
    expect(report.points).toHaveLength(12);
    expect(report.points.every((p) => p.setting.ef !== undefined)).toBe(true);
    // Both partitions and a candidate list 16 × k long: the graph finds nearly everything.
    expect(Math.max(...report.points.map((p) => p.recall))).toBeGreaterThanOrEqual(0.8);
  });
});
