/**
 * An import as a job: the file is read in batches and written to a new table (or appended to one)
 * with progress and cancel. At the end the row count is checked against what was read; a failed,
 * cancelled or miscounted import never reports success and leaves nothing half-done behind: a new
 * table is dropped, an appended one is restored to the version it had before.
 *
 * The registry keeps a finished job's submission for its history, and with it the closure that ran
 * it. That closure reaches the decoded source (a whole Parquet or Arrow file) only through a slot
 * emptied when the job ends, whether it succeeded, failed, or was cancelled before it started, so
 * a finished job costs its summary and nothing more.
 */
import type { CatalogClient, TableHandle } from '../../catalog/client';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { assertValidComponent } from '../../../src-shared/vocabulary/ids';
import type { JobContext } from '../../catalog/jobs/job-submission';
import type { JobRegistry } from '../../catalog/jobs/job-registry';
import { toJsonArrowSchema } from '../../catalog/json-arrow-schema';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { readAhead } from './read-ahead';
import { openSource, type ImportFormat, type Source } from './sources';

/**
 * Each batch is one write, and so one fragment of the table: Lance's own default fragment size
 * keeps an imported table as compact as one made by createTable. Text sources also cut a batch
 * at 32 MiB, so memory stays bounded whatever the width of the rows.
 */
export const DEFAULT_BATCH_ROWS = 1_048_576;
/** How often a running import reports how far it has read. */
const PROGRESS_MS = 250;

export interface ImportRequest {
  path: string;
  format?: ImportFormat;
  namespacePath: string[];
  table: string;
  mode: 'create' | 'append';
  batchSize?: number;
  /** The edited schema; absent: every column as inferred. */
  columns?: ImportColumn[];
}

export async function previewImport(path: string, format?: ImportFormat, rows = 20) {
  const source = await openSource(path, format);
  const sample: Array<Record<string, unknown>> = [];
  // A text source shows its sample: reading its batches would first count the whole file.
  const batches = source.head ? [source.head(rows)] : source.batches(rows);
  for await (const batch of batches) {
    for (const row of batch.toArray()) {
      const plain = (row as { toJSON(): Record<string, unknown> }).toJSON();
      // Typed arrays (vectors) and bigints as plain JSON values, for display.
      for (const [key, value] of Object.entries(plain)) {
        if (ArrayBuffer.isView(value))
          plain[key] = Array.from(value as unknown as ArrayLike<number>);
        // A bigint beyond 2^53 as its digits: a number would show a different value.
        else if (typeof value === 'bigint')
          plain[key] = Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
        else if (value && typeof value === 'object' && 'toArray' in value)
          plain[key] = Array.from((value as { toArray(): ArrayLike<unknown> }).toArray());
      }
      sample.push(plain);
    }
    break;
  }
  return {
    format: source.format,
    schema: toJsonArrowSchema(source.schema),
    rows: sample,
    ...(source.totalRows === undefined ? {} : { totalRows: source.totalRows }),
  };
}

export async function startImport(
  jobs: JobRegistry,
  catalog: CatalogClient,
  request: ImportRequest,
): Promise<JobRecord> {
  assertValidComponent(request.table, 'table name');
  // A new table's name is looked up while the file is opened; the file's errors still come first.
  const taken =
    request.mode === 'append'
      ? undefined
      : catalog.tableExists(request.table, request.namespacePath);
  taken?.catch(() => undefined);
  // Open before accepting, so that a missing or malformed file is an immediate, clear error.
  const source = await openSource(request.path, request.format, request.columns);
  let existing: TableHandle | undefined;
  let versionBefore = 0;
  let rowsBefore = 0;
  if (request.mode === 'append') {
    existing = await catalog.openTable(request.table, request.namespacePath);
    [versionBefore, rowsBefore] = await Promise.all([
      existing.describe().then((d) => d.version),
      existing.countRows(),
    ]);
  } else if (await taken) {
    throw errors.TableAlreadyExists(
      `Table ${[...request.namespacePath, request.table].join('$')} already exists`,
    );
  }

  // The only way into the source and the table from the job; emptied once the job has ended.
  let held: { source: Source; existing: TableHandle | undefined } | undefined = {
    source,
    existing,
  };
  const { format, totalRows } = source;
  const record = jobs.submit({
    kind: 'import',
    target: { namespacePath: request.namespacePath, table: request.table },
    ...(totalRows === undefined ? {} : { rowsTotal: totalRows }),
    throughputKey: `import:${format}`,
    run: async (context) => {
      const work = held;
      if (!work) throw errors.Internal('cancelled');
      try {
        await runImport(
          catalog,
          request,
          work.source,
          work.existing,
          versionBefore,
          rowsBefore,
          context,
        );
      } finally {
        held = undefined;
      }
    },
  });
  // A job cancelled while queued never runs, so its end, not its run, empties the slot.
  const release = () => {
    held = undefined;
  };
  void jobs.wait(record.id).then(release, release);
  return record;
}

async function runImport(
  catalog: CatalogClient,
  request: ImportRequest,
  source: Source,
  existing: TableHandle | undefined,
  versionBefore: number,
  rowsBefore: number,
  { signal, update }: JobContext,
): Promise<void> {
  const batchSize = request.batchSize ?? DEFAULT_BATCH_ROWS;
  let table = existing;
  let created = false;
  let written = 0;
  const progress = () => {
    const bytesDone = source.bytesRead?.();
    const fraction = source.totalRows
      ? written / source.totalRows
      : bytesDone !== undefined && source.bytesTotal
        ? bytesDone / source.bytesTotal
        : undefined;
    return {
      rowsDone: written,
      ...(source.totalRows === undefined ? {} : { rowsTotal: source.totalRows }),
      ...(bytesDone === undefined ? {} : { bytesDone, bytesTotal: source.bytesTotal }),
      ...(fraction === undefined ? {} : { fraction: Math.min(0.99, fraction) }),
    };
  };
  // Bytes read move while a batch is being read, between the writes.
  const ticker = setInterval(() => update({ progress: progress() }), PROGRESS_MS);
  ticker.unref();
  // A new table is made, empty, while the first batch is read: its creation (the catalog's lock,
  // the name declared in `__manifest`, LanceDB's first version) then costs the import nothing
  // beyond the read, where it was 50–90 ms after it on the 2-core machine. The price is a first
  // version with no rows, before the one the first batch writes (see docs/decisions.md).
  const creating = table
    ? undefined
    : catalog.createEmptyTable(request.table, source.schema, request.namespacePath);
  creating?.then(
    () => (created = true),
    () => undefined,
  );
  try {
    update({ phase: 'writing', progress: progress() });
    // The next batch is read while this one is written.
    for await (const batch of readAhead(source.batches(batchSize))) {
      if (signal.aborted) throw errors.Internal('cancelled');
      table ??= await creating!;
      await table.insert(batch);
      written += batch.numRows;
      update({ progress: progress() });
    }
    table ??= await creating!;
    // A text source knows its row count only once it has read to the end.
    update({ phase: 'verifying', progress: progress() });
    const count = await table.countRows();
    if (count !== rowsBefore + written) {
      throw errors.Internal(
        `The table holds ${count} rows after the import, not the ${rowsBefore + written} expected`,
      );
    }
  } catch (error) {
    // Leave nothing half-done: drop what was created (once its creation has settled, which a
    // read that failed early does not wait for), or roll an append back.
    await creating?.catch(() => undefined);
    if (created)
      await catalog.dropTable(request.table, request.namespacePath).catch(() => undefined);
    else if (existing && written > 0) await existing.restore(versionBefore).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(ticker);
  }
}
