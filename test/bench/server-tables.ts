/**
 * The server benchmark's tables, as shared/reference/perf-workloads.md defines them:
 *
 * - `searched`: N rows of an integer `id`, a `text` of four words and a 128-d float32 `vector`
 *   drawn around a few hundred centres (clusters, as real embeddings are), with IVF_PQ (√N
 *   partitions, 16 sub-vectors) on `vector`, BTREE on `id` and FTS on `text`, all made through
 *   the server by LanceDB's own remote client;
 * - `narrow`: 1M rows of int64 `id`, float64 `x` and a short utf8 `s`; `wide`: the same plus a
 *   float32[128] `vector` (bulk reads);
 * - `flat`: a small vector table searched without an index.
 */
import type { Table } from 'apache-arrow';
import * as lancedb from '@lancedb/lancedb';
import type { CatalogClient } from '../../src-main/catalog/client';
import { arrow } from '../../src-main/catalog/arrow';
import { seededRandom } from '../support/sample-data';
import { vectorTable } from './vector-data';

export const WORDS = 2_000;
const CENTRES = 256;
/** How far a vector lies from its centre, per dimension (centres are spread over [0, 1)). */
const SPREAD = 0.1;

function fixedSizeList(values: Float32Array, rows: number, dim: number) {
  const child = arrow.makeData({ type: new arrow.Float32(), length: rows * dim, data: values });
  return arrow.makeVector(
    arrow.makeData({
      type: new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true)),
      length: rows,
      nullCount: 0,
      child,
    }),
  );
}

/** The searched table's rows: ids, four-word texts and clustered vectors. */
export function searchedRows(rows: number, dim: number): Table {
  const random = seededRandom(11);
  const centres = Float32Array.from({ length: CENTRES * dim }, () => random());
  const values = new Float32Array(rows * dim);
  for (let row = 0; row < rows; row++) {
    const centre = Math.floor(random() * CENTRES) * dim;
    for (let d = 0; d < dim; d++) {
      values[row * dim + d] = centres[centre + d]! + (random() - 0.5) * SPREAD;
    }
  }
  const text = Array.from({ length: rows }, () =>
    Array.from({ length: 4 }, () => `w${Math.floor(random() * WORDS)}`).join(' '),
  );
  return new arrow.Table({
    id: arrow.makeVector(Int32Array.from({ length: rows }, (_, i) => i)),
    text: arrow.vectorFromArray(text, new arrow.Utf8()),
    vector: fixedSizeList(values, rows, dim),
  });
}

/**
 * Creates `searched` and builds its three indexes through a server, with LanceDB's remote client
 * (as a user of the service would), waiting until the indexes cover every row.
 */
export async function buildSearchedThroughServer(
  url: string,
  rows: number,
  dim: number,
): Promise<void> {
  const db = await lancedb.connect('db://bench', { apiKey: 'unused', hostOverride: url });
  try {
    const table = await db.createTable('searched', searchedRows(rows, dim));
    await table.createIndex('vector', {
      config: lancedb.Index.ivfPq({
        numPartitions: Math.round(Math.sqrt(rows)),
        numSubVectors: 16,
      }),
    });
    await table.createIndex('id', { config: lancedb.Index.btree() });
    await table.createIndex('text', { config: lancedb.Index.fts() });
    await table.waitForIndex(['vector_idx', 'id_idx', 'text_idx'], 1_800);
  } finally {
    db.close();
  }
}

/** Rows for bulk reads: int64 id, float64 x, a short text s; with `dim`, a float32 vector too. */
export function bulkRows(rows: number, dim?: number): Table {
  const random = seededRandom(9);
  const id = new BigInt64Array(rows);
  const x = new Float64Array(rows);
  const s = new Array<string>(rows);
  for (let i = 0; i < rows; i++) {
    id[i] = BigInt(i);
    x[i] = random();
    s[i] = `s${i % 100_000}`;
  }
  const columns: Record<string, ReturnType<typeof arrow.makeVector>> = {
    id: arrow.makeVector(id),
    x: arrow.makeVector(x),
    s: arrow.vectorFromArray(s, new arrow.Utf8()),
  };
  if (dim) {
    const values = Float32Array.from({ length: rows * dim }, () => random());
    columns.vector = fixedSizeList(values, rows, dim);
  }
  return new arrow.Table(columns);
}

export interface BulkSizes {
  bulk: number;
  flat: number;
  dim: number;
}

/** The bulk and flat tables, through the engine (a folder `serve` then serves). */
export async function buildBulkTables(catalog: CatalogClient, sizes: BulkSizes): Promise<void> {
  await catalog.createTable('narrow', bulkRows(sizes.bulk));
  await catalog.createTable('wide', bulkRows(sizes.bulk, sizes.dim));
  await catalog.createTable('flat', vectorTable(sizes.flat, sizes.dim, 7));
}

/** The bytes of an Arrow answer's buffers: what a reply carries, framing aside. */
export function arrowBytes(table: Table): number {
  let bytes = 0;
  const visit = (data: (typeof table.batches)[number]['data']) => {
    for (const buffer of [data.values, data.valueOffsets, data.nullBitmap, data.typeIds]) {
      bytes += (buffer as ArrayBufferView | undefined)?.byteLength ?? 0;
    }
    for (const child of data.children) visit(child as typeof data);
  };
  for (const batch of table.batches) visit(batch.data);
  return bytes;
}
