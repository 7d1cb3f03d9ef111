/**
 * Parquet imports, streamed by row group: the file is opened as a Blob backed by the file on disk,
 * so parquet-wasm reads only the footer and then one row group at a time. Memory is bounded by
 * the largest row group, whatever the size of the file. A file of 4 GiB or more, which 32-bit
 * WebAssembly cannot address, is read by DuckDB instead (`parquet-duckdb.ts`).
 */
import { openAsBlob, statSync } from 'node:fs';
import type { Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { tableSource } from './arrow-source';
import { duckdbParquetSource, unreadable } from './parquet-duckdb';
import type { Source } from './source';

export async function parquetSource(
  path: string,
  columns: readonly ImportColumn[] | undefined,
): Promise<Source> {
  // parquet-wasm's offsets are 32-bit: it refuses such a file as having a "corrupt footer".
  if (statSync(path).size >= 2 ** 32) return duckdbParquetSource(path, columns);
  const { ParquetFile } = await import('parquet-wasm/node');
  let file: Awaited<ReturnType<typeof ParquetFile.fromFile>>;
  let metadata: ReturnType<typeof file.metadata>;
  let groups: number;
  let totalRows: number;
  let schema;
  try {
    file = await ParquetFile.fromFile(await openAsBlob(path));
    metadata = file.metadata();
    groups = metadata.numRowGroups();
    totalRows = Number(metadata.fileMetadata().numRows());
    // Without the footer's key/value metadata (pandas' index JSON and the like), which the row
    // groups' batches do not carry: the new table is made from this schema before the first batch
    // is read, and holds what a table made from the batches would.
    schema = new arrow.Schema(arrow.tableFromIPC(file.schema().intoIPCStream()).schema.fields);
  } catch (cause) {
    throw unreadable(cause);
  }
  const opened = file;
  const groupRows = (group: number) => Number(metadata.rowGroup(group).numRows());
  /**
   * Each row group decoded in batches of the import's size: parquet-wasm's default of 1,024 rows
   * made a thousand batches of a million-row group, which tableFromIPC then read one by one and
   * the engine joined again before LanceDB's writer (whose cost grows with the count): a second
   * copy of every batch, half the import's time.
   */
  async function* rowGroups(batchSize: number): AsyncGenerator<ArrowTable> {
    for (let group = 0; group < groups; group++) {
      let table: ArrowTable;
      try {
        const rows = groupRows(group);
        const read = await opened.read({
          rowGroups: [group],
          batchSize: Math.max(1, Math.min(rows, batchSize)),
        });
        table = arrow.tableFromIPC(read.intoIPCStream());
      } catch (cause) {
        throw unreadable(cause);
      }
      for (const batch of table.batches) yield new arrow.Table(batch);
    }
  }
  return tableSource('parquet', schema, totalRows, rowGroups, columns);
}
