/** What a remote table is: its description (with its stats), its schema and its stats. */
import { REST } from '../../../src-shared/rest-contract';
import type { DataType, Field, Schema } from 'apache-arrow';
import { arrow } from '../arrow';
import type { CompactResult, MaintenanceOptions, TableDescription } from '../client';
import type {
  BranchOption,
  CleanupRequest,
  CleanupResult,
  FragmentStats,
  TableStats,
} from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { fromJsonArrowSchema, type JsonArrowSchema } from '../json-arrow-schema';
import type { RestTableCore } from './rest-table-core';
import { query } from './rest-table-data';

interface DescribeReply {
  version?: number;
  location?: string;
  schema?: JsonArrowSchema;
  properties?: Record<string, string>;
}

interface StatsReply {
  total_bytes: number;
  num_rows: number;
  num_indices: number;
  fragment_stats: {
    num_fragments: number;
    num_small_fragments: number;
    lengths: TableStats['fragmentLengths'];
  };
}

export async function describe(
  t: RestTableCore,
  { branch }: BranchOption = {},
): Promise<TableDescription> {
  const b = t.branchOf(branch);
  const [reply, tableStats] = await Promise.all([
    t.post<DescribeReply>(REST.describeTable, {
      ...(t.pinnedVersion ? { version: t.pinnedVersion } : {}),
      ...(b ? { branch: b } : {}),
    }),
    stats(t, { branch }),
  ]);
  if (reply.version === undefined || !reply.schema) {
    throw errors.InvalidTableState(`Table ${t.id} is declared but has no data yet`);
  }
  const described = fromJsonArrowSchema(reply.schema);
  const schema = hasUnitlessTypes(described)
    ? await exactSchema(t, described, reply.version, b)
    : described;
  return {
    name: t.name,
    namespacePath: [...t.namespacePath],
    version: reply.version,
    location: reply.location ?? '',
    schema,
    rowCount: tableStats.numRows,
    stats: tableStats,
    ...(b ? { branch: b } : {}),
    ...(reply.properties && Object.keys(reply.properties).length
      ? { properties: reply.properties }
      : {}),
  };
}

/**
 * The contract's JSON types name a timestamp, a time and a duration without their unit or zone
 * (`timestamp`), so such a column would read as microseconds without a zone whatever it holds; a
 * nanosecond or Europe/Paris column would then be shown, cast into and written wrongly.
 */
function hasUnitlessTypes(schema: Schema): boolean {
  const lossy = (type: DataType): boolean =>
    arrow.DataType.isTimestamp(type) ||
    arrow.DataType.isTime(type) ||
    arrow.DataType.isDuration(type) ||
    (type.children ?? []).some((child: Field) => lossy(child.type as DataType));
  return schema.fields.some((field) => lossy(field.type as DataType));
}

/**
 * The schema as the table's data carries it: an answer of no rows is still an Arrow stream with
 * the exact types. One more request, only for tables with such a column. Where the answer's
 * columns are not the described ones (a server that projects otherwise), the description stands.
 */
async function exactSchema(
  t: RestTableCore,
  described: Schema,
  version: number,
  branch: string | undefined,
): Promise<Schema> {
  const exact = (await query(t, { limit: 0, version, ...(branch ? { branch } : {}) })).schema;
  const sameColumns =
    exact.fields.length === described.fields.length &&
    exact.fields.every((field, i) => field.name === described.fields[i]!.name);
  if (!sameColumns) return described;
  // Field metadata and the schema's own come from the description; the types from the data.
  return new arrow.Schema(
    described.fields.map((field, i) => field.clone({ type: exact.fields[i]!.type as DataType })),
    described.metadata,
  );
}

export async function schema(t: RestTableCore, options?: BranchOption): Promise<Schema> {
  return (await describe(t, options)).schema;
}

export async function stats(t: RestTableCore, { branch }: BranchOption = {}): Promise<TableStats> {
  const b = t.branchOf(branch);
  const s = await t.post<StatsReply>(REST.tableStats, b ? { branch: b } : {});
  return {
    totalBytes: s.total_bytes,
    numRows: s.num_rows,
    numIndices: s.num_indices,
    numFragments: s.fragment_stats.num_fragments,
    numSmallFragments: s.fragment_stats.num_small_fragments,
    fragmentLengths: s.fragment_stats.lengths,
  };
}

/**
 * Our server's `compact` route (beside the contract, which has no compaction). The server runs it
 * as one call: it can be cancelled only before it is sent, since dropping the request would not
 * stop the server, and its progress is its phase alone.
 */
export async function compact(
  t: RestTableCore,
  { branch, signal, onProgress }: MaintenanceOptions = {},
): Promise<CompactResult> {
  signal?.throwIfAborted();
  onProgress?.({ phase: 'compacting on the server' });
  const b = t.branchOf(branch);
  const r = await t.post<{ version: number; fragments_removed: number; fragments_added: number }>(
    REST.compactTable,
    b ? { branch: b } : {},
  );
  return {
    version: r.version,
    fragmentsRemoved: r.fragments_removed,
    fragmentsAdded: r.fragments_added,
  };
}

/** This server's cleanup route, beside compact (the contract names neither). */
export async function cleanupVersions(
  t: RestTableCore,
  request: CleanupRequest,
  { branch, signal, onProgress }: MaintenanceOptions = {},
): Promise<CleanupResult> {
  signal?.throwIfAborted();
  onProgress?.({ phase: 'removing old versions on the server' });
  const b = t.branchOf(branch);
  const r = await t.post<{
    versions_removed: number;
    bytes_removed: number;
    cutoff_millis: number;
    kept_because?: string;
    version: number;
  }>(REST.cleanupTable, {
    older_than_millis: request.olderThanMillis,
    ...(request.keepVersions ? { keep_versions: request.keepVersions } : {}),
    ...(b ? { branch: b } : {}),
  });
  return {
    versionsRemoved: r.versions_removed,
    bytesRemoved: r.bytes_removed,
    cutoffMillis: r.cutoff_millis,
    ...(r.kept_because ? { keptBecause: r.kept_because } : {}),
    version: r.version,
  };
}

/** This server's fragments route (the contract's stats give percentiles only). */
export async function fragmentStats(
  t: RestTableCore,
  { branch }: BranchOption = {},
): Promise<FragmentStats> {
  const b = t.branchOf(branch);
  const r = await t.post<{
    fragments: number;
    physical_rows: number;
    deleted_rows: number;
    histogram: FragmentStats['histogram'];
    version_bytes?: { latest: number; only_tagged: number; only_old: number };
  }>(REST.tableFragments, {
    ...(t.pinnedVersion ? { version: t.pinnedVersion } : {}),
    ...(b ? { branch: b } : {}),
  });
  return {
    fragments: r.fragments,
    physicalRows: r.physical_rows,
    deletedRows: r.deleted_rows,
    histogram: r.histogram,
    ...(r.version_bytes
      ? {
          versionBytes: {
            latest: r.version_bytes.latest,
            onlyTagged: r.version_bytes.only_tagged,
            onlyOld: r.version_bytes.only_old,
          },
        }
      : {}),
  };
}
