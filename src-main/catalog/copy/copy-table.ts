/**
 * A table copied from one catalog to another (folder → server, server → folder, server →
 * server, or within one): the rows streamed in chunks of bounded size, the source's indexes built
 * again with the same type, column, name and metric, and the count checked at the end.
 *
 * The source is read at one version, pinned when the copy starts, so that its rows come in one
 * order however long the copy takes. A copy that makes its table (create or overwrite) records
 * where its rows came from in two table properties (`copied_from`: the source and that version;
 * `copy_rows`: how many rows it should end with). Such a copy that stopped part way (a failure, a
 * cancel, a killed process) can be resumed, reading on from the target's row count, or removed;
 * both refuse a table that is not that copy's, or holds more rows than it wrote. An append to an
 * existing table writes no properties (the table is not the copy's), so it cannot be resumed.
 */
import type { RecordBatch, Schema } from 'apache-arrow';
import type { CatalogClient, TableHandle } from '../client';
import type { IndexInfo } from '../../../src-shared/catalog-api';
import type { IndexRequest } from '../../../src-shared/index-request';
import { errors, isCatalogError, ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { readIpcBatches } from '../ipc-batches';

export const COPIED_FROM = 'copied_from';
export const COPY_ROWS = 'copy_rows';

/** A chunk is written once it holds this many bytes of Arrow buffers (or the rows run out). */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** The size of the batches a query stream gives when not asked (dir/query/query-stream.ts). */
const STREAM_BATCH_BYTES = 4 * 1024 * 1024;

export interface CopyEndpoint {
  catalog: CatalogClient;
  namespacePath: string[];
  name: string;
  /** How the copy names this side in `copied_from` and in messages: a root or URL and the id. */
  label: string;
}

export type CopyMode = 'create' | 'overwrite' | 'append';

export interface CopyProgress {
  phase: 'rows' | 'indexes' | 'verifying';
  rowsDone: number;
  rowsTotal: number;
  /** The index being built, in the indexes phase. */
  index?: string;
}

export interface CopyOptions {
  mode: CopyMode;
  /** Build the source's indexes on the target too (default true). */
  indexes?: boolean;
  /** Go on from where an earlier run of this copy stopped. */
  resume?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: CopyProgress) => void;
  /** Smaller chunks, for tests that need several. */
  chunkBytes?: number;
}

export interface CopyResult {
  rows: number;
  sourceVersion: number;
  indexes: string[];
  /** Rows the target already held from an earlier run, when resumed. */
  resumedFrom?: number;
}

export async function copyTable(
  source: CopyEndpoint,
  target: CopyEndpoint,
  options: CopyOptions,
): Promise<CopyResult> {
  const live = await source.catalog.openTable(source.name, source.namespacePath);
  const existing = await openIfExists(target);
  let sourceVersion = await live.latestVersion();
  let offset = 0;
  let before = 0;
  if (options.resume) {
    if (!existing) {
      throw errors.TableNotFound(`There is no partial copy at ${target.label} to resume`);
    }
    const lineage = await lineageOf(existing);
    if (!lineage || lineage.from !== source.label) {
      throw errors.InvalidInput(
        `${target.label} is not a copy of ${source.label}; it cannot be resumed from it`,
      );
    }
    sourceVersion = lineage.version;
    offset = await existing.countRows();
    // More rows than the copy meant to write: rows were added since, so an offset into the
    // source would no longer say which rows are there.
    if (offset > lineage.rows) {
      throw errors.InvalidInput(
        `${target.label} holds ${offset} rows, more than the ${lineage.rows} the copy wrote; it was changed since and cannot be resumed`,
      );
    }
  } else if (existing && options.mode === 'create') {
    throw errors.TableAlreadyExists(
      `${target.label} already exists: choose overwrite or append, or resume an earlier copy`,
    );
  }
  const pinned = await live.checkoutVersion(sourceVersion);
  const schema = await pinned.schema();
  const rowsTotal = await pinned.countRows();
  if (existing && options.mode === 'append' && !options.resume) {
    refuseIncompatible(schema, await existing.schema(), source.label, target.label);
    before = await existing.countRows();
  }
  const progress = (p: Omit<CopyProgress, 'rowsTotal'>) =>
    options.onProgress?.({ ...p, rowsTotal });
  const lineage = {
    [COPIED_FROM]: `${source.label}@${sourceVersion}`,
    [COPY_ROWS]: String(rowsTotal),
  };

  let handle = options.resume || options.mode === 'append' ? existing : undefined;
  let rowsDone = offset;
  progress({ phase: 'rows', rowsDone });
  const write = async (batches: RecordBatch[]) => {
    options.signal?.throwIfAborted();
    if (!handle) {
      handle = await target.catalog.createTable(target.name, batches, target.namespacePath, {
        mode: options.mode === 'overwrite' ? 'overwrite' : 'create',
        properties: lineage,
      });
    } else {
      await handle.insert(batches);
    }
    rowsDone += batches.reduce((sum, b) => sum + b.numRows, 0);
    progress({ phase: 'rows', rowsDone });
  };
  if (rowsDone < rowsTotal) {
    // Batches no larger than a chunk, so that a chunk is written (and a cancelled copy resumes)
    // at the granularity asked for; the engine's own batches are about 4 MiB.
    const chunkLimit = options.chunkBytes ?? CHUNK_BYTES;
    const stream = await pinned.queryStream(
      offset > 0 ? { offset } : {},
      chunkLimit < STREAM_BATCH_BYTES ? { batchBytes: Math.max(1024, chunkLimit) } : {},
    );
    let chunk: RecordBatch[] = [];
    let chunkBytes = 0;
    for await (const batch of readIpcBatches(stream)) {
      options.signal?.throwIfAborted();
      if (batch.numRows === 0) continue;
      chunk.push(batch);
      chunkBytes += batchBytes(batch);
      if (chunkBytes >= (options.chunkBytes ?? CHUNK_BYTES)) {
        await write(chunk);
        chunk = [];
        chunkBytes = 0;
      }
    }
    if (chunk.length > 0) await write(chunk);
  }
  if (!handle) {
    // No rows to copy: the table is made with the source's columns and nothing in them.
    handle = await target.catalog.createEmptyTable(target.name, schema, target.namespacePath, {
      mode: options.mode === 'overwrite' ? 'overwrite' : 'create',
      properties: lineage,
    });
  }

  progress({ phase: 'verifying', rowsDone });
  const expected = before + rowsTotal;
  const counted = await handle.countRows();
  if (counted !== expected) {
    throw errors.InvalidTableState(
      `${target.label} holds ${counted} rows where ${expected} were expected; the copy is incomplete (resume it, or remove the partial table)`,
    );
  }

  const built: string[] = [];
  if (options.indexes ?? true) {
    const have = new Set((await handle.listIndices()).map((i) => i.name));
    for (const index of await pinned.listIndices()) {
      if (have.has(index.name)) continue;
      options.signal?.throwIfAborted();
      progress({ phase: 'indexes', rowsDone, index: index.name });
      const job = await handle.createIndex(indexRequestOf(index));
      const done = await target.catalog.waitForJob(job.id);
      if (done.state !== 'succeeded') {
        throw errors.Internal(
          `The rows were copied, but index ${index.name} could not be built on ${target.label}: ${done.error?.message ?? done.state}`,
        );
      }
      built.push(index.name);
    }
  }
  return {
    rows: rowsTotal,
    sourceVersion,
    indexes: built,
    ...(offset > 0 ? { resumedFrom: offset } : {}),
  };
}

/**
 * Drops what a copy that stopped part way left, and nothing else: the target must say it is a
 * copy of this source and hold fewer rows than the copy meant to write.
 */
export async function removePartialCopy(source: CopyEndpoint, target: CopyEndpoint): Promise<void> {
  const existing = await openIfExists(target);
  if (!existing) throw errors.TableNotFound(`There is no partial copy at ${target.label}`);
  const lineage = await lineageOf(existing);
  if (!lineage || lineage.from !== source.label) {
    throw errors.InvalidInput(`${target.label} is not a copy of ${source.label}; it is left alone`);
  }
  if ((await existing.countRows()) >= lineage.rows) {
    throw errors.InvalidInput(`${target.label} is a complete copy; drop it as a table if need be`);
  }
  await target.catalog.dropTable(target.name, target.namespacePath);
}

async function openIfExists(target: CopyEndpoint): Promise<TableHandle | undefined> {
  try {
    return await target.catalog.openTable(target.name, target.namespacePath);
  } catch (error) {
    if (isCatalogError(error) && error.code === ERROR_CODES.TableNotFound) return undefined;
    if (isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound) return undefined;
    throw error;
  }
}

async function lineageOf(
  table: TableHandle,
): Promise<{ from: string; version: number; rows: number } | undefined> {
  const properties = (await table.describe()).properties ?? {};
  const match = /^(.*)@(\d+)$/.exec(properties[COPIED_FROM] ?? '');
  const rows = Number(properties[COPY_ROWS]);
  if (!match || !Number.isInteger(rows)) return undefined;
  return { from: match[1]!, version: Number(match[2]), rows };
}

function refuseIncompatible(source: Schema, target: Schema, from: string, to: string): void {
  const describe = (s: Schema) => s.fields.map((f) => `${f.name}: ${String(f.type)}`);
  const a = describe(source);
  const b = describe(target);
  if (a.length === b.length && a.every((field, i) => field === b[i])) return;
  const missing = a.filter((f) => !b.includes(f));
  const extra = b.filter((f) => !a.includes(f));
  throw errors.InvalidInput(
    `The rows of ${from} cannot be appended to ${to}: the columns differ (${[
      ...missing.map((f) => `only in the source: ${f}`),
      ...extra.map((f) => `only in the target: ${f}`),
    ].join('; ')}); nothing was copied`,
  );
}

/** The source index's build, as a request: type, column, name, metric and the sizes it reports. */
export function indexRequestOf(index: IndexInfo): IndexRequest {
  const details = index.details ?? {};
  const sizes: Record<string, number> = {};
  for (const key of ['num_partitions', 'num_sub_vectors', 'num_bits'] as const) {
    const value = details[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) sizes[key] = value;
  }
  return {
    column: index.columns[0]!,
    index_type: index.indexType,
    name: index.name,
    ...(index.distanceType ? { distance_type: index.distanceType.toLowerCase() } : {}),
    ...sizes,
  } as IndexRequest;
}

function batchBytes(batch: RecordBatch): number {
  return batch.data.children.reduce((sum, child) => sum + dataBytes(child), 0);
}

interface DataLike {
  buffers: object;
  children: DataLike[];
}

function dataBytes(data: DataLike): number {
  let bytes = 0;
  for (const buffer of Object.values(data.buffers) as Array<ArrayBufferView | undefined>) {
    bytes += buffer?.byteLength ?? 0;
  }
  for (const child of data.children) bytes += dataBytes(child);
  return bytes;
}
