/**
 * Index routes: create_index in full (asynchronous: validated first, answered before the build
 * ends), create_scalar_index, index/list, index/{name}/stats and index/{name}/drop.
 */
import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { findIndexSpec } from '../../../src-shared/vocabulary/index-types/spec-table';
import { IndexRequestSchema, type IndexRequest } from '../../../src-shared/index-request';
import { pageOf } from '../../../src-shared/vocabulary/pagination';
import { describeZodError } from '../../catalog/parse-options';
import { branchOption } from '../http/query-params';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

/** Fields every contract request may carry, which are not index parameters. */
const ENVELOPE = new Set(['id', 'identity', 'context', 'wait_timeout']);

/** LanceDB's spellings of contract parameters. */
const RENAMED: Record<string, string> = {
  metric_type: 'distance_type',
  lowercase: 'lower_case',
  min_ngram_length: 'ngram_min_length',
  max_ngram_length: 'ngram_max_length',
};

/**
 * FTS options LanceDB's client always sends with their defaults; LanceDB's Node binding cannot
 * apply other values, so only the default is accepted.
 */
const FIXED_DEFAULTS: Record<string, unknown> = {
  index_operators: false,
  lance_tokenizer: null,
  preserve_original: false,
  split_identifiers: false,
  split_on_numerics: false,
};

/**
 * The contract's CreateTableIndexRequest, with LanceDB's remote spellings folded in
 * (`metric_type` for `distance_type`, `lower_case` also as `lowercase`).
 */
export function toIndexRequest(body: Record<string, unknown>): IndexRequest {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ENVELOPE.has(key) || value === null || value === undefined) continue;
    if (key in FIXED_DEFAULTS) {
      if (value !== FIXED_DEFAULTS[key])
        throw errors.Unsupported(`${key}=${JSON.stringify(value)} is not supported`);
      continue;
    }
    const name = RENAMED[key] ?? key;
    fields[name] =
      name === 'distance_type' && typeof value === 'string' ? value.toLowerCase() : value;
  }
  // The specification answers a second index of one name with TableIndexAlreadyExists; only an
  // explicit `replace: true` (which LanceDB's own clients send) replaces it.
  fields.replace ??= false;
  const parsed = IndexRequestSchema.safeParse(fields);
  if (!parsed.success)
    throw errors.InvalidInput(`Invalid create_index request: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

export function registerIndexRoutes(app: FastifyInstance, state: ServerState): void {
  for (const route of [REST.createTableIndex, REST.createTableScalarIndex]) {
    defineRoute(app, state, route, async ({ body, openTable }) => {
      const request = toIndexRequest(body as Record<string, unknown>);
      if (route === REST.createTableScalarIndex) {
        const kind = findIndexSpec(request.index_type)?.kind;
        if (kind === 'vector') {
          throw errors.InvalidInput(
            `${request.index_type} is a vector index; create_scalar_index takes scalar and full-text index types (use create_index)`,
          );
        }
      }
      const handle = await openTable();
      const job = await handle.createIndex(request);
      // job_id lets LanceDB's createIndexAsync hand back a job handle polled via /v1/jobs/describe.
      return { transaction_id: job.id, job_id: job.id, index_name: job.target.index };
    });
  }

  defineRoute(app, state, REST.listTableIndices, async ({ body, openTable }) => {
    const handle = await openTable();
    const pinned = body.version ? await handle.checkoutVersion(body.version) : handle;
    const indexes = await pinned.listIndices(body.branch ? { branch: body.branch } : {});
    const page = pageOf(indexes, (i) => i.name, {
      ...(body.page_token ? { pageToken: body.page_token } : {}),
      ...(body.limit ? { limit: body.limit } : {}),
    });
    return {
      indexes: page.items.map((i) => ({
        index_name: i.name,
        index_uuid: i.uuid ?? '',
        columns: i.columns,
        status: i.status === 'ready' ? 'SUCCEEDED' : 'BUILDING',
        index_type: i.indexType,
        num_indexed_rows: i.numIndexedRows,
        num_unindexed_rows: i.numUnindexedRows,
        ...(i.distanceType ? { distance_type: i.distanceType } : {}),
        ...(i.sizeBytes === undefined ? {} : { size_bytes: i.sizeBytes }),
        ...(i.createdAt ? { created_at: i.createdAt } : {}),
        ...(i.details ? { index_details: JSON.stringify(i.details) } : {}),
        ...(i.jobId ? { job_id: i.jobId } : {}),
      })),
      ...(page.pageToken ? { page_token: page.pageToken } : {}),
    };
  });

  defineRoute(
    app,
    state,
    REST.describeTableIndexStats,
    async ({ body, request, query, openTable }) => {
      const name = (request.params as { name: string }).name;
      const handle = await openTable();
      const s = await handle.indexStats(name, branchOption(body, query));
      return {
        index_type: s.indexType,
        status: s.status === 'ready' ? 'SUCCEEDED' : 'BUILDING',
        num_indexed_rows: s.numIndexedRows,
        num_unindexed_rows: s.numUnindexedRows,
        ...(s.distanceType ? { distance_type: s.distanceType } : {}),
        ...(s.numIndices === undefined ? {} : { num_indices: s.numIndices }),
      };
    },
  );

  defineRoute(app, state, REST.dropTableIndex, async ({ body, request, query, openTable }) => {
    const name = (request.params as { name: string }).name;
    const handle = await openTable();
    await handle.dropIndex(name, branchOption(body, query));
    return {};
  });
}
