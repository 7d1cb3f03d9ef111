/**
 * Index operations on a local table: validated create that runs as a job, and listings that
 * show builds in flight next to finished indexes.
 *
 * LanceDB builds an index out of sight and makes it visible only when it commits, so a build's
 * honest progress is: queued → building (N rows unindexed, no percentage) → committed (stats from
 * LanceDB). The 0.39 binding has no progress callback for `createIndex`/`createIndexAsync` (only
 * `add` has one), its in-process Job records no events, and its training, assigning and writing
 * phases are not told apart from outside, so none of them is given a percentage.
 * Until it commits, `listIndices` and `indexStats` report it as `building` with every row still
 * unindexed, so a client that polls until `num_unindexed_rows == 0` waits for the real end.
 */
import type { Table as LanceTable } from '@lancedb/lancedb';
import type { IndexInfo, IndexStats, JobRecord } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { samePath } from '../../../../src-shared/vocabulary/ids';
import { resolveFieldPath } from '../../schema-fields';
import { toJsonArrowField } from '../../json-arrow-schema';
import { validateIndexRequest, type IndexRequest } from '../../../../src-shared/index-request';
import { vectorDimension } from '../../../../src-shared/vocabulary/index-types/column-kinds';
import type { JobRegistry } from '../../jobs/job-registry';
import { canonicalIndexType, toLanceIndex } from './index-config';
import { lance, mapLanceError } from '../lance-errors';
import type { IndexBuildFiles } from './index-build-files';

export interface IndexTableRef {
  namespacePath: readonly string[];
  name: string;
  branch: string | undefined;
}

const POLL_MS = 100;
/** How often a build in flight looks at the files it has written (a listing of `_indices/`). */
const FILES_EVERY_POLLS = 10;

function sameTarget(record: JobRecord, ref: IndexTableRef): boolean {
  const t = record.target;

  return (
    record.kind === 'create_index' &&
    t.table === ref.name &&
    t.branch === ref.branch &&
    samePath(t.namespacePath, ref.namespacePath)
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function createIndexJob(
  jobs: JobRegistry,
  table: LanceTable,
  ref: IndexTableRef,
  request: IndexRequest,
  /** The table's index files as the build writes them, where they can be seen. */
  watchFiles?: () => Promise<IndexBuildFiles>,
): Promise<JobRecord> {
  const schema = await lance(() => table.schema());
  const resolved = resolveFieldPath(schema, request.column);
  const target = { ...resolved, field: toJsonArrowField(resolved.field) };
  const rowCount = await lance(() => table.countRows());
  const validated = validateIndexRequest(request, { ...target, rowCount });

  // Every process's builds: two replicas must not build one index at once.
  const running = await jobs.activeAnywhere(
    (r) => sameTarget(r, ref) && r.target.index === validated.name,
  );
  if (running.length > 0) {
    throw errors.TableIndexAlreadyExists(
      `Index ${validated.name} is already being built (job ${running[0]!.id}); wait for it or cancel it`,
    );
  }
  if (!validated.replace) {
    const existing = await lance(() => table.listIndices());
    if (existing.some((index) => index.name === validated.name)) {
      throw errors.TableIndexAlreadyExists(`Index ${validated.name} already exists on ${ref.name}`);
    }
  }
  const config = toLanceIndex(validated, rowCount);
  const dimension = vectorDimension(target.field);

  const record = jobs.submit({
    kind: 'create_index',
    target: {
      namespacePath: [...ref.namespacePath],
      table: ref.name,
      index: validated.name,
      column: target.canonicalPath,
      indexType: validated.spec.type,
      ...(ref.branch === undefined ? {} : { branch: ref.branch }),
      params: validated.params,
    },
    rowsTotal: rowCount,
    throughputKey: `${validated.spec.type}:${dimension ?? 0}`,
    run: async ({ signal, update }) => {
      // No indexed count while it builds: LanceDB's binding reports nothing of a build in flight
      // (no callback, `indexStats` is empty until the commit, the in-process Job has no events),
      // so "0 indexed" would read as a percentage stuck at 0 for the whole of a long vector build.
      // Every row is still unindexed, which is true, and the renderer says there is no percentage.
      update({
        phase: 'building',
        progress: { numUnindexedRows: rowCount, rowsTotal: rowCount },
      });
      const files = await watchFiles?.().catch(() => undefined);
      let written = 0;
      const build = await lance(() =>
        table.createIndexAsync(target.canonicalPath, {
          config,
          name: validated.name,
          replace: validated.replace,
        }),
      );
      for (let polls = 1; ; polls++) {
        if (signal.aborted) {
          await build.cancel().catch(() => undefined);
          throw errors.Internal('cancelled');
        }
        const state = await lance(() => build.status());
        if (state === 'finished') break;
        if (state === 'failed' || state === 'cancelled') {
          await build.wait().catch((error: unknown) => {
            throw mapLanceError(error);
          });
          throw errors.Internal(build.failure?.message ?? `The index build ended as ${state}`);
        }
        if (files && polls % FILES_EVERY_POLLS === 0) {
          const bytes = await files.bytes().catch(() => written);
          if (bytes > written) {
            written = bytes;
            update({
              phase: 'writing the index',
              progress: { numUnindexedRows: rowCount, rowsTotal: rowCount, bytesDone: bytes },
            });
          }
        }
        await sleep(POLL_MS, signal);
      }
      update({ phase: 'verifying' });
      const stats = await lance(() => table.indexStats(validated.name));
      update({
        progress: {
          numIndexedRows: stats?.numIndexedRows ?? rowCount,
          numUnindexedRows: stats?.numUnindexedRows ?? 0,
          rowsDone: stats?.numIndexedRows ?? rowCount,
        },
      });
    },
  });
  // Answer only once the job is in the root, so any replica asked next can describe it.
  await jobs.recorded(record.id);
  return record;
}

function distanceOf(details: unknown): string | undefined {
  const metric = (details as { metric_type?: unknown } | undefined)?.metric_type;
  return typeof metric === 'string' ? metric.toLowerCase() : undefined;
}

export async function listIndices(
  jobs: JobRegistry,
  table: LanceTable,
  ref: IndexTableRef,
): Promise<IndexInfo[]> {
  const configs = await lance(() => table.listIndices());
  const byName = new Map<string, IndexInfo>();
  for (const config of configs) {
    const c = config as typeof config & {
      indexUuid?: string;
      createdAt?: Date | string;
      numIndexedRows?: number;
      numUnindexedRows?: number;
      sizeBytes?: number;
      indexDetails?: Record<string, unknown>;
    };
    byName.set(c.name, {
      name: c.name,
      indexType: canonicalIndexType(c.indexType),
      columns: c.columns,
      status: 'ready',
      numIndexedRows: c.numIndexedRows ?? 0,
      numUnindexedRows: c.numUnindexedRows ?? 0,
      ...(distanceOf(c.indexDetails) ? { distanceType: distanceOf(c.indexDetails) } : {}),
      ...(c.sizeBytes === undefined ? {} : { sizeBytes: c.sizeBytes }),
      ...(c.createdAt === undefined ? {} : { createdAt: new Date(c.createdAt).toISOString() }),
      ...(c.indexUuid === undefined ? {} : { uuid: c.indexUuid }),
      ...(c.indexDetails === undefined
        ? {}
        : { details: c.indexDetails as Record<string, unknown> }),
    });
  }
  for (const job of await jobs.activeAnywhere((r) => sameTarget(r, ref))) {
    const name = job.target.index!;
    const total = job.progress.rowsTotal ?? 0;
    byName.set(name, {
      ...(byName.get(name) ?? { columns: [job.target.column!], indexType: job.target.indexType! }),
      name,
      status: 'building',
      numIndexedRows: 0,
      numUnindexedRows: total,
      jobId: job.id,
    } as IndexInfo);
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function indexStats(
  jobs: JobRegistry,
  table: LanceTable,
  ref: IndexTableRef,
  name: string,
): Promise<IndexStats> {
  const [building] = await jobs.activeAnywhere(
    (r) => sameTarget(r, ref) && r.target.index === name,
  );
  if (building) {
    return {
      indexType: building.target.indexType!,
      status: 'building',
      numIndexedRows: 0,
      numUnindexedRows: building.progress.rowsTotal ?? 0,
    };
  }
  const stats = await lance(() => table.indexStats(name));
  if (!stats) throw errors.TableIndexNotFound(`Index ${name} does not exist on ${ref.name}`);
  return {
    indexType: canonicalIndexType(stats.indexType),
    status: 'ready',
    numIndexedRows: stats.numIndexedRows,
    numUnindexedRows: stats.numUnindexedRows,
    ...(stats.distanceType === undefined ? {} : { distanceType: stats.distanceType.toLowerCase() }),
    ...(stats.numIndices === undefined ? {} : { numIndices: stats.numIndices }),
  };
}

export async function dropIndex(
  jobs: JobRegistry,
  table: LanceTable,
  ref: IndexTableRef,
  name: string,
): Promise<void> {
  const [building] = await jobs.activeAnywhere(
    (r) => sameTarget(r, ref) && r.target.index === name,
  );
  if (building) {
    throw errors.InvalidTableState(
      `Index ${name} is still being built (job ${building.id}); cancel the job instead`,
    );
  }
  const indices = await lance(() => table.listIndices());
  if (!indices.some((index) => index.name === name)) {
    throw errors.TableIndexNotFound(`Index ${name} does not exist on ${ref.name}`);
  }
  await lance(() => table.dropIndex(name));
}
