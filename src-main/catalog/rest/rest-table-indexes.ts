/**
 * A remote table's indexes: a create starts the server's build job and returns it at once; the
 * listings show builds in flight as the server reports them.
 */
import { REST } from '../../../src-shared/rest-contract';
import type {
  BranchOption,
  IndexInfo,
  IndexStats,
  JobRecord,
} from '../../../src-shared/catalog-api';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { defaultIndexName, type IndexRequest } from '../../../src-shared/index-request';
import { parseFieldPath } from '../../../src-shared/vocabulary/field-paths';
import { jobFromServer } from './rest-jobs';
import type { RestTableCore } from './rest-table-core';

export async function createIndex(t: RestTableCore, request: IndexRequest): Promise<JobRecord> {
  t.writable();
  const b = t.branchOf(request.branch);
  const body = { ...request, ...(b ? { branch: b } : {}) };
  const reply = await t.post<{
    job_id?: string;
    transaction_id?: string;
    index_name?: string;
  }>(REST.createTableIndex, body);
  const id = reply.job_id ?? reply.transaction_id ?? `${t.id}:${request.column}:${Date.now()}`;
  const target: JobRecord['target'] = {
    namespacePath: [...t.namespacePath],
    table: t.name,
    index: reply.index_name ?? request.name ?? defaultIndexName(parseFieldPath(request.column)),
    column: request.column,
    indexType: request.index_type.toUpperCase(),
    ...(b ? { branch: b } : {}),
  };
  const started = jobFromServer({ job_id: id, state: 'running', phase: 'building' }, target);
  t.session.jobs.track(started);
  return reply.job_id ? t.session.jobs.get(id).catch(() => started) : started;
}

export async function listIndices(
  t: RestTableCore,
  { branch }: BranchOption = {},
): Promise<IndexInfo[]> {
  const b = t.branchOf(branch);
  const reply = await t.post<{ indexes: Array<Record<string, unknown>> }>(REST.listTableIndices, {
    ...(t.pinnedVersion ? { version: t.pinnedVersion } : {}),
    ...(b ? { branch: b } : {}),
  });
  return reply.indexes.map((i) => ({
    name: String(i.index_name),
    indexType: String(i.index_type ?? ''),
    columns: (i.columns as string[]) ?? [],
    status:
      String(i.status ?? 'SUCCEEDED').toUpperCase() === 'BUILDING'
        ? ('building' as const)
        : ('ready' as const),
    numIndexedRows: Number(i.num_indexed_rows ?? 0),
    numUnindexedRows: Number(i.num_unindexed_rows ?? 0),
    ...(i.distance_type ? { distanceType: String(i.distance_type) } : {}),
    ...(i.size_bytes === undefined ? {} : { sizeBytes: Number(i.size_bytes) }),
    ...(i.created_at ? { createdAt: String(i.created_at) } : {}),
    ...(i.index_uuid ? { uuid: String(i.index_uuid) } : {}),
    ...(typeof i.index_details === 'string'
      ? { details: JSON.parse(i.index_details) as Record<string, unknown> }
      : {}),
    ...(i.job_id ? { jobId: String(i.job_id) } : {}),
  }));
}

export async function indexStats(
  t: RestTableCore,
  name: string,
  { branch }: BranchOption = {},
): Promise<IndexStats> {
  const b = t.branchOf(branch);
  const s = await t.post<Record<string, unknown>>(
    REST.describeTableIndexStats,
    b ? { branch: b } : {},
    ERROR_CODES.TableIndexNotFound,
    name,
  );
  return {
    indexType: String(s.index_type ?? ''),
    status: String(s.status ?? 'SUCCEEDED').toUpperCase() === 'BUILDING' ? 'building' : 'ready',
    numIndexedRows: Number(s.num_indexed_rows ?? 0),
    numUnindexedRows: Number(s.num_unindexed_rows ?? 0),
    ...(s.distance_type ? { distanceType: String(s.distance_type) } : {}),
    ...(s.num_indices === undefined ? {} : { numIndices: Number(s.num_indices) }),
  };
}

export async function dropIndex(
  t: RestTableCore,
  name: string,
  { branch }: BranchOption = {},
): Promise<void> {
  t.writable();
  const b = t.branchOf(branch);
  await t.session.send({
    ...t.at(REST.dropTableIndex, name),
    query: { branch: b },
    notFound: ERROR_CODES.TableIndexNotFound,
  });
}
