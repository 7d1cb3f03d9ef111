/**
 * Parquet imports, streamed by row group: the file is opened as a Blob backed by the file on disk,
 * so parquet-wasm reads only the footer and then one row group at a time. Memory is bounded by
 * the largest row group, whatever the size of the file.
 */
import { openAsBlob } from 'node:fs';
import type { Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { tableSource } from './arrow-source';
import type { Source } from './source';

const unreadable = (cause: unknown) =>
  errors.InvalidInput(
    `The Parquet file cannot be read: ${(cause as Error).message ?? String(cause)}`,
  );

export async function parquetSource(
  path: string,
  columns: readonly ImportColumn[] | undefined,
): Promise<Source> {
  const { ParquetFile } = await import('parquet-wasm/node');
  let file: Awaited<ReturnType<typeof ParquetFile.fromFile>>;
  let groups: number;
  let totalRows: number;
  let schema;
  try {
    file = await ParquetFile.fromFile(await openAsBlob(path));
    const metadata = file.metadata();
    groups = metadata.numRowGroups();
    totalRows = Number(metadata.fileMetadata().numRows());
    schema = arrow.tableFromIPC(file.schema().intoIPCStream()).schema;
  } catch (cause) {
    throw unreadable(cause);
  }
  const opened = file;
  async function* rowGroups(): AsyncGenerator<ArrowTable> {
    for (let group = 0; group < groups; group++) {
      let table: ArrowTable;
      try {
        table = arrow.tableFromIPC((await opened.read({ rowGroups: [group] })).intoIPCStream());
      } catch (cause) {
        throw unreadable(cause);
      }
      yield table;
    }
  }
  return tableSource('parquet', schema, totalRows, rowGroups, columns);
}
