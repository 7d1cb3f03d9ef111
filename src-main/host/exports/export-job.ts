/**
 * An export as a job of the host: the query's answer streamed to a file (one the person named, or
 * one kept for the browser to download) with rows-written progress and cancel. The query is opened before the job is accepted, so a table or column that
 * does not exist is refused at once; the file appears only when the whole answer is written.
 */
import type { RecordBatch } from 'apache-arrow';
import { openIpcReader } from '../../catalog/ipc-batches';
import type { TableHandle } from '../../catalog/client';
import type { JobRegistry } from '../../catalog/jobs/job-registry';
import type { JobRecord, QueryRequest } from '../../../src-shared/catalog-api';
import { exportResult, type ExportFormat } from './export-result';
import type { ExportTarget } from './export-target';

/**
 * About the size of the batches an export reads: large batches, because each one costs a call
 * into LanceDB and (for Parquet) a crossing into WebAssembly; 1,000-row batches made an export
 * of 1M rows to Parquet take half again as long. Two or three are held at once.
 */
export const EXPORT_BATCH_BYTES = 4 * 1024 * 1024;

/** How often a running export says how many rows it has written. */
const PROGRESS_EVERY_ROWS = 50_000;

export async function startExport(
  jobs: JobRegistry,
  table: TableHandle,
  request: QueryRequest,
  format: ExportFormat,
  /**
   * The file, and whether the person chose to replace an existing one. Without `replace` the
   * file is put in place only if the name is still free when the export ends: it may wait in
   * the queue, or run for minutes, after the name was checked.
   */
  to: ExportTarget,
  /** The rows the file must hold (a table's count under the filter), checked before it is kept. */
  expectRows: number | undefined,
): Promise<JobRecord> {
  let record: JobRecord;
  try {
    record = await submitExport(jobs, table, request, format, to, expectRows);
  } catch (error) {
    to.abandon();
    throw error;
  }
  to.submitted(record.id, jobs);
  return record;
}

async function submitExport(
  jobs: JobRegistry,
  table: TableHandle,
  request: QueryRequest,
  format: ExportFormat,
  { path, replace, params }: ExportTarget,
  expectRows: number | undefined,
): Promise<JobRecord> {
  const reader = await openIpcReader(
    await table.queryStream(request, { batchBytes: EXPORT_BATCH_BYTES }),
  );
  return jobs.submit({
    kind: 'export',
    target: {
      namespacePath: [...table.namespacePath],
      table: table.name,
      params,
    },
    ...(expectRows !== undefined
      ? { rowsTotal: expectRows }
      : request.limit === undefined
        ? {}
        : { rowsTotal: request.limit }),
    run: async ({ signal, update }) => {
      let rowsDone = 0;
      let reported = 0;
      async function* counted(): AsyncGenerator<RecordBatch> {
        for await (const batch of reader) {
          yield batch;
          rowsDone += batch.numRows;
          if (rowsDone - reported >= PROGRESS_EVERY_ROWS) {
            reported = rowsDone;
            update({ progress: { rowsDone } });
          }
        }
      }
      update({ phase: 'writing' });
      const written = await exportResult(format, counted(), reader.schema, path, {
        signal,
        replace,
        ...(expectRows === undefined ? {} : { expectRows }),
      });
      update({ progress: { rowsDone: written.rows, bytesDone: written.bytes } });
    },
  });
}
