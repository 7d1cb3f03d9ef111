/**
 * The recall check (issue 17): how many of the true k nearest neighbours a vector index finds at
 * each setting of a grid, and how long it takes, against exact search on the same queries.
 *
 * Each query runs exactly once (`bypassVectorIndex`) for its ground truth, then at every setting;
 * answers are compared by `_rowid`. Settings run interleaved, query by query, with their order
 * rotated from one query to the next, so that cache warmth and drift on a busy machine fall on
 * every setting alike rather than on whichever runs first. The signal is checked before every
 * search, so a cancel stops the check within one search.
 */
import type { TableHandle } from '../../catalog/client';
import type { JobContext } from '../../catalog/jobs/job-submission';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { describeZodError } from '../../catalog/parse-options';
import { advise } from '../../../src-shared/recall/advise';
import { defaultGrid } from '../../../src-shared/recall/default-grid';
import { paretoFront } from '../../../src-shared/recall/pareto';
import { mean, recallAtK, summarizeLatency } from '../../../src-shared/recall/recall-maths';
import {
  RecallCheckRequestSchema,
  type RecallCheckRequest,
  type RecallPoint,
  type RecallReport,
  type RecallSetting,
} from '../../../src-shared/recall/recall-schemas';
import { sampleQueryVectors, throwIfCancelled } from './query-vectors';
import { resolveRecallTarget } from './recall-target';

export const DEFAULT_K = 10;
export const DEFAULT_QUERIES = 100;
export const DEFAULT_TARGET = 0.95;

export interface RecallProgress {
  phase: 'sampling' | 'searching';
  queriesDone: number;
  queriesTotal: number;
  /** queriesDone / queriesTotal; 0 while sampling. */
  fraction: number;
}

/**
 * How the caller follows and stops the check. A JobContext (`{ signal, update }`) fits as it is,
 * so the check can run as a job; `onProgress` is for callers without a job.
 */
export interface RecallCheckContext {
  signal?: AbortSignal;
  onProgress?: (progress: RecallProgress) => void;
  update?: JobContext['update'];
}

export async function runRecallCheck(
  table: TableHandle,
  request: RecallCheckRequest,
  context: RecallCheckContext = {},
): Promise<RecallReport> {
  return runCheckedRecall(table, await checkRecallRequest(table, request), context);
}

/** A request found sound against its table: what a job needs to run it. */
export interface CheckedRecall {
  request: RecallCheckRequest;
  k: number;
  target: number;
  rowCount: number;
  resolved: Awaited<ReturnType<typeof resolveRecallTarget>>;
}

/**
 * Everything that can be wrong with a request, found before any search: as a job, a bad request
 * is refused when it is started, with the field named, rather than failing later in the list.
 */
export async function checkRecallRequest(
  table: TableHandle,
  request: RecallCheckRequest,
): Promise<CheckedRecall> {
  const parsed = RecallCheckRequestSchema.safeParse(request);
  if (!parsed.success)
    throw errors.InvalidInput(`Invalid recall check: ${describeZodError(parsed.error)}`);
  const r = parsed.data;
  const k = r.k ?? DEFAULT_K;
  const target = r.target ?? DEFAULT_TARGET;
  const resolved = await resolveRecallTarget(table, r);
  const rowCount = await table.countRows(r.branch === undefined ? {} : { branch: r.branch });
  if (k > rowCount) {
    throw errors.InvalidInput(
      `k: ${k} neighbours were asked for, but ${table.name} has ${rowCount} row${rowCount === 1 ? '' : 's'}`,
    );
  }
  if (r.vector && r.vector.length !== resolved.dimension) {
    throw errors.InvalidInput(
      `vector: the query vector has ${r.vector.length} values; column ${resolved.column} holds vectors of ${resolved.dimension}`,
    );
  }
  return { request: r, k, target, rowCount, resolved };
}

export async function runCheckedRecall(
  table: TableHandle,
  { request: r, k, target, rowCount, resolved }: CheckedRecall,
  context: RecallCheckContext = {},
): Promise<RecallReport> {
  const { signal } = context;
  const branch = r.branch === undefined ? {} : { branch: r.branch };

  const report = (progress: RecallProgress) => {
    context.onProgress?.(progress);
    context.update?.({ phase: progress.phase, progress: { fraction: progress.fraction } });
  };
  const wanted = r.vector ? 1 : (r.queries ?? DEFAULT_QUERIES);
  report({ phase: 'sampling', queriesDone: 0, queriesTotal: wanted, fraction: 0 });
  const vectors = r.vector
    ? [r.vector]
    : await sampleQueryVectors(table, {
        column: resolved.column,
        count: wanted,
        rowCount,
        seed: r.seed,
        branch: r.branch,
        signal,
      });
  if (vectors.length === 0) {
    throw errors.InvalidInput(
      `column: the sampled rows of ${resolved.column} are all null; give a query vector instead`,
    );
  }

  const grid = r.grid ?? defaultGrid(resolved.index.indexType, k);
  const base: QueryRequest = {
    vectorColumn: resolved.column,
    limit: k,
    withRowId: true,
    ...(resolved.index.distanceType === undefined
      ? {}
      : { distanceType: resolved.index.distanceType as QueryRequest['distanceType'] }),
    ...branch,
  };
  const search = async (vector: number[], extra: Partial<QueryRequest>) => {
    throwIfCancelled(signal);
    const start = performance.now();
    const rows = await table.query({ ...base, ...extra, vector });
    const ms = performance.now() - start;
    const ids = rows.getChild('_rowid')?.toArray() as ArrayLike<bigint> | undefined;
    return { ms, ids: ids ? Array.from(ids) : [] };
  };

  const exactMs: number[] = [];
  const recalls: number[][] = grid.map(() => []);
  const latencies: number[][] = grid.map(() => []);
  for (let q = 0; q < vectors.length; q++) {
    const vector = vectors[q]!;
    const exact = await search(vector, { bypassVectorIndex: true });
    exactMs.push(exact.ms);
    for (let step = 0; step < grid.length; step++) {
      const s = (q + step) % grid.length;
      const approx = await search(vector, settingQuery(grid[s]!));
      latencies[s]!.push(approx.ms);
      recalls[s]!.push(recallAtK(exact.ids, approx.ids, k));
    }
    report({
      phase: 'searching',
      queriesDone: q + 1,
      queriesTotal: vectors.length,
      fraction: (q + 1) / vectors.length,
    });
  }

  const points: RecallPoint[] = grid.map((setting, s) => ({
    setting,
    recall: mean(recalls[s]!),
    latencyMs: summarizeLatency(latencies[s]!),
  }));
  return {
    column: resolved.column,
    index: {
      name: resolved.index.name,
      indexType: resolved.index.indexType,
      distanceType: resolved.index.distanceType ?? 'l2',
    },
    k,
    queries: vectors.length,
    source: r.vector ? 'given' : 'sampled',
    target,
    exact: { latencyMs: summarizeLatency(exactMs) },
    points,
    front: paretoFront(points),
    advice: advise(points, target),
  };
}

function settingQuery(setting: RecallSetting): Partial<QueryRequest> {
  return {
    ...(setting.nprobes === undefined ? {} : { nprobes: setting.nprobes }),
    ...(setting.refineFactor === undefined ? {} : { refineFactor: setting.refineFactor }),
    ...(setting.ef === undefined ? {} : { ef: setting.ef }),
  };
}
