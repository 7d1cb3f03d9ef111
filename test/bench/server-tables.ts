/**
 * The server benchmark's catalog: a searched table with IVF_PQ, BTREE and FTS indexes, a small
 * table searched flat (no index), and a wide-enough table for bulk reads. Built through the
 * engine, so the folder has the layout `serve` serves; indexes are built once per run.
 */
import type { Table } from 'apache-arrow';
import type { CatalogClient } from '../../src-main/catalog/client';
import { arrow } from '../../src-main/catalog/arrow';
import { seededRandom } from '../support/sample-data';
import { vectorTable } from './vector-data';

export const WORDS = 2_000;

/** Eight words a row from a vocabulary of WORDS, for full-text search. */
function textColumn(rows: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: rows }, () =>
    Array.from({ length: 8 }, () => `w${Math.floor(random() * WORDS)}`).join(' '),
  );
}

function withText(table: Table, seed: number): Table {
  return table.assign(
    new arrow.Table({
      text: arrow.vectorFromArray(textColumn(table.numRows, seed), new arrow.Utf8()),
    }),
  );
}

/** Rows of 24 bytes (int64, float64, float32, int32): 1M of them make a 24 MB answer. */
export function bulkTable(rows: number): Table {
  const random = seededRandom(9);
  const id = new BigInt64Array(rows);
  const x = new Float64Array(rows);
  const y = new Float32Array(rows);
  const k = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    id[i] = BigInt(i);
    x[i] = random();
    y[i] = random();
    k[i] = i % 1000;
  }
  return new arrow.Table({
    id: arrow.makeVector(id),
    x: arrow.makeVector(x),
    y: arrow.makeVector(y),
    k: arrow.makeVector(k),
  });
}

export interface BenchSizes {
  searched: number;
  flat: number;
  bulk: number;
  dim: number;
}

export async function buildBenchTables(catalog: CatalogClient, sizes: BenchSizes): Promise<void> {
  const searched = await catalog.createTable(
    'searched',
    withText(vectorTable(sizes.searched, sizes.dim, 5), 6),
  );
  for (const request of [
    {
      column: 'vector',
      index_type: 'IVF_PQ' as const,
      num_partitions: Math.round(Math.sqrt(sizes.searched)),
      num_sub_vectors: sizes.dim / 16,
    },
    { column: 'id', index_type: 'BTREE' as const },
    { column: 'text', index_type: 'FTS' as const },
  ]) {
    const job = await searched.createIndex(request);
    const done = await catalog.waitForJob(job.id);
    if (done.state !== 'succeeded') throw new Error(`${request.index_type} build ${done.state}`);
  }
  await catalog.createTable('flat', vectorTable(sizes.flat, sizes.dim, 7));
  await catalog.createTable('bulk', bulkTable(sizes.bulk));
}
