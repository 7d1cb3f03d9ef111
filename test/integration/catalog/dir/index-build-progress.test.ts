/**
 * A vector index build's progress on a folder (issue 35, item 7): LanceDB reports nothing of a
 * build until it commits, so while it runs the job gives no indexed count and no fraction (a
 * "0 indexed, 0%" stuck for the whole build was a made-up percentage); once Lance writes the
 * index's files the job says it is writing them, with the bytes so far, still without a fraction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import type { CatalogClient } from '../../../../src-main/catalog/client';
import type { JobEvent } from '../../../../src-shared/catalog-api';
import { sampleTable } from '../../../support/sample-data';

// Large enough that Lance flushes index files while it builds (a 20,000 × 64 index with 4
// partitions is buffered whole and written at the end, in about as long as this one takes).
const ROWS = 60_000;
let dir: string;
let catalog: CatalogClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-index-progress-'));
  catalog = await connect(join(dir, 'cat'));
  await catalog.createTable('vectors', sampleTable(ROWS, 128));
});
afterAll(async () => {
  await catalog.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('vector index build progress', () => {
  it('gives no fraction while building, then says it writes the index files with their bytes', async () => {
    const events: JobEvent[] = [];
    const off = catalog.onJobEvent((event) => events.push(event));
    const table = await catalog.openTable('vectors');
    const job = await table.createIndex({
      column: 'vector',
      index_type: 'IVF_HNSW_SQ',
      num_partitions: 16,
    });
    const done = await catalog.waitForJob(job.id);
    off();
    expect(done.state, done.error?.message).toBe('succeeded');
    expect(done.progress).toMatchObject({ numIndexedRows: ROWS, numUnindexedRows: 0 });

    // Running until the commit; 'verifying' reads LanceDB's own counts after it.
    const running = events.filter(
      (e) => e.job.id === job.id && e.job.state === 'running' && e.job.phase !== 'verifying',
    );
    expect(running.length).toBeGreaterThan(0);
    for (const { job: record } of running) {
      expect(record.progress.fraction).toBeUndefined();
      expect(record.progress.numIndexedRows).toBeUndefined();
    }
    expect(running.some((e) => e.job.phase === 'building')).toBe(true);
    const writing = running.filter((e) => e.job.phase === 'writing the index');
    console.warn(
      `index build: ${writing.length} reports while writing, last ${writing.at(-1)?.job.progress.bytesDone ?? 0} bytes, ${done.endedAt! - done.startedAt!} ms in all`,
    );
    expect(writing.length).toBeGreaterThan(0);
    const bytes = writing.map((e) => e.job.progress.bytesDone!);
    expect(bytes[0]).toBeGreaterThan(0);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });
});
