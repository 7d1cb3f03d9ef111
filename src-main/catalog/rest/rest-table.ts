/**
 * A table of a remote catalog. Every operation runs on the server: data crosses as Arrow IPC,
 * index builds are the server's jobs.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { MergeInsertResult, TableDescription, TableHandle, WriteResult } from '../client';
import {
  CreateVersionRequestSchema,
  DeleteVersionsRequestSchema,
  type CreateVersionRequest,
  type DeleteVersionsRequest,
  type VersionDetail,
  AddColumnsRequestSchema,
  AlterColumnsRequestSchema,
  BranchOptionSchema,
  DropColumnsRequestSchema,
  type AddColumnsRequest,
  type AlterColumnsRequest,
  type DropColumnsRequest,
  type SchemaChangeResult,
  SchemaMetadataSchema,
  type SchemaMetadata,
  CountOptionsSchema,
  CreateBranchOptionsSchema,
  InsertOptionsSchema,
  MergeInsertOptionsSchema,
  QueryRequestSchema,
  UpdateRequestSchema,
  type BranchInfo,
  type BranchOption,
  type CountOptions,
  type CreateBranchOptions,
  type IndexInfo,
  type IndexStats,
  type InsertOptions,
  type JobRecord,
  type MergeInsertOptions,
  type QueryRequest,
  type TableStats,
  type TagInfo,
  type UpdateRequest,
  type VersionInfo,
} from '../../../src-shared/catalog-api';
import { decodeIpc, encodeIpcStream, toArrowTable, type TableData } from '../arrow-data';
import { ERROR_CODES, errors } from '../../../src-shared/vocabulary/errors';
import { describeId, encodeIdSegment } from '../../../src-shared/vocabulary/ids';
import {
  defaultIndexName,
  IndexRequestSchema,
  type IndexRequest,
} from '../../../src-shared/index-request';
import { parseFieldPath } from '../../../src-shared/vocabulary/field-paths';
import { fromJsonArrowSchema, type JsonArrowSchema } from '../json-arrow-schema';
import { parseOptions, describeZodError } from '../parse-options';
import { jobFromServer } from './rest-jobs';
import type { RestSession } from './rest-session';

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

/** The namespace contract's QueryTableRequest for a QueryRequest. */
export function toWireQuery(request: QueryRequest): Record<string, unknown> {
  return {
    ...(request.vector ? { vector: { single_vector: request.vector } } : {}),
    ...(request.limit === undefined ? {} : { k: request.limit }),
    ...(request.offset === undefined ? {} : { offset: request.offset }),
    ...(request.filter === undefined ? {} : { filter: request.filter }),
    ...(request.columns ? { columns: { column_names: request.columns } } : {}),
    ...(request.vectorColumn ? { vector_column: request.vectorColumn } : {}),
    ...(request.distanceType ? { distance_type: request.distanceType } : {}),
    ...(request.nprobes === undefined ? {} : { nprobes: request.nprobes }),
    ...(request.refineFactor === undefined ? {} : { refine_factor: request.refineFactor }),
    ...(request.ef === undefined ? {} : { ef: request.ef }),
    ...(request.prefilter === undefined ? {} : { prefilter: request.prefilter }),
    ...(request.bypassVectorIndex ? { bypass_vector_index: true } : {}),
    ...(request.fastSearch ? { fast_search: true } : {}),
    ...(request.withRowId ? { with_row_id: true } : {}),
    ...(request.fullTextQuery
      ? {
          full_text_query: {
            string_query: {
              query: request.fullTextQuery.query,
              ...(request.fullTextQuery.columns ? { columns: request.fullTextQuery.columns } : {}),
            },
          },
        }
      : {}),
    ...(request.version === undefined ? {} : { version: request.version }),
    ...(request.branch === undefined ? {} : { branch: request.branch }),
  };
}

export class RestTable implements TableHandle {
  constructor(
    private readonly session: RestSession,
    readonly name: string,
    readonly namespacePath: readonly string[],
    readonly pinnedVersion: number | undefined,
    readonly branch: string | undefined,
  ) {}

  private get path(): string {
    return `/v1/table/${encodeIdSegment([...this.namespacePath, this.name], this.session.transport.settings.delimiter)}`;
  }

  private get id(): string {
    return describeId([...this.namespacePath, this.name]);
  }

  private branchOf(branch: string | undefined): string | undefined {
    return branch ?? this.branch;
  }

  private writable(): void {
    if (this.pinnedVersion !== undefined) {
      throw errors.InvalidTableState(
        `This handle on ${this.id} is pinned at version ${this.pinnedVersion} and is read-only; open the latest version to write`,
      );
    }
  }

  private post<T>(
    action: string,
    json: unknown,
    notFound: number = ERROR_CODES.TableNotFound,
  ): Promise<T> {
    return this.session.json<T>({
      method: 'POST',
      path: `${this.path}/${action}`,
      json,
      notFound: notFound as never,
    });
  }

  async describe(options?: BranchOption): Promise<TableDescription> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const [reply, stats] = await Promise.all([
      this.post<DescribeReply>('describe', {
        ...(this.pinnedVersion ? { version: this.pinnedVersion } : {}),
        ...(b ? { branch: b } : {}),
      }),
      this.stats({ branch }),
    ]);
    if (reply.version === undefined || !reply.schema) {
      throw errors.InvalidTableState(`Table ${this.id} is declared but has no data yet`);
    }
    return {
      name: this.name,
      namespacePath: [...this.namespacePath],
      version: reply.version,
      location: reply.location ?? '',
      schema: fromJsonArrowSchema(reply.schema),
      rowCount: stats.numRows,
      stats,
      ...(b ? { branch: b } : {}),
      ...(reply.properties && Object.keys(reply.properties).length
        ? { properties: reply.properties }
        : {}),
    };
  }

  async schema(options?: BranchOption): Promise<Schema> {
    return (await this.describe(options)).schema;
  }

  async countRows(options?: CountOptions): Promise<number> {
    const { filter, branch, version } = parseOptions(CountOptionsSchema, options);
    const b = this.branchOf(branch);
    const v = version ?? this.pinnedVersion;
    return this.post<number>('count_rows', {
      ...(filter && filter.trim() !== '' ? { predicate: filter } : {}),
      ...(b ? { branch: b } : {}),
      ...(v ? { version: v } : {}),
    });
  }

  async insert(data: TableData, options?: InsertOptions): Promise<WriteResult> {
    const { mode, branch } = parseOptions(InsertOptionsSchema, options);
    this.writable();
    const table = toArrowTable(data);
    const b = this.branchOf(branch);
    const reply = await this.session.json<{ num_inserted_rows?: number; version: number }>({
      method: 'POST',
      path: `${this.path}/insert`,
      query: { ...(mode ? { mode } : {}), ...(b ? { branch: b } : {}) },
      bytes: encodeIpcStream(table),
    });
    return { version: reply.version, numRows: reply.num_inserted_rows ?? table.numRows };
  }

  async query(request: QueryRequest = {}): Promise<ArrowTable> {
    const parsed = parseOptions(QueryRequestSchema, request);
    const b = this.branchOf(parsed.branch);
    const v = parsed.version ?? this.pinnedVersion;
    const reply = await this.session.send({
      method: 'POST',
      path: `${this.path}/query`,
      json: toWireQuery({ ...parsed, ...(b ? { branch: b } : {}), ...(v ? { version: v } : {}) }),
    });
    return decodeIpc(reply.bytes);
  }

  async explainPlan(
    request: QueryRequest,
    options: { verbose?: boolean; analyze?: boolean } = {},
  ): Promise<string> {
    const parsed = parseOptions(QueryRequestSchema, request);
    return options.analyze
      ? this.post<string>('analyze_plan', toWireQuery(parsed))
      : this.post<string>('explain_plan', {
          query: toWireQuery(parsed),
          verbose: options.verbose ?? false,
        });
  }

  async update(request: UpdateRequest): Promise<WriteResult> {
    const { updates, filter, branch } = parseOptions(UpdateRequestSchema, request);
    this.writable();
    const b = this.branchOf(branch);
    const reply = await this.post<{
      updated_rows?: number;
      rows_updated?: number;
      version: number;
    }>('update', {
      updates: Object.entries(updates),
      ...(filter ? { predicate: filter } : {}),
      ...(b ? { branch: b } : {}),
    });
    return { version: reply.version, numRows: reply.updated_rows ?? reply.rows_updated ?? 0 };
  }

  async delete(filter: string, options?: BranchOption): Promise<WriteResult> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    this.writable();
    if (typeof filter !== 'string' || filter.trim() === '') {
      throw errors.InvalidInput('A delete needs a filter; use "true" to delete every row');
    }
    const b = this.branchOf(branch);
    const reply = await this.post<{ num_deleted_rows?: number; version: number }>('delete', {
      predicate: filter,
      ...(b ? { branch: b } : {}),
    });
    return { version: reply.version, numRows: reply.num_deleted_rows ?? 0 };
  }

  async mergeInsert(data: TableData, options: MergeInsertOptions): Promise<MergeInsertResult> {
    const o = parseOptions(MergeInsertOptionsSchema, options);
    this.writable();
    const b = this.branchOf(o.branch);
    const reply = await this.session.json<{
      version: number;
      num_inserted_rows?: number;
      num_updated_rows?: number;
      num_deleted_rows?: number;
    }>({
      method: 'POST',
      path: `${this.path}/merge_insert`,
      query: {
        on: o.on,
        when_matched_update_all: o.whenMatchedUpdateAll ?? false,
        when_matched_update_all_filt: o.whenMatchedUpdateAllFilter,
        when_not_matched_insert_all: o.whenNotMatchedInsertAll ?? false,
        when_not_matched_by_source_delete: o.whenNotMatchedBySourceDelete ?? false,
        when_not_matched_by_source_delete_filt: o.whenNotMatchedBySourceDeleteFilter,
        branch: b,
      },
      bytes: encodeIpcStream(toArrowTable(data)),
    });
    return {
      version: reply.version,
      numInsertedRows: reply.num_inserted_rows ?? 0,
      numUpdatedRows: reply.num_updated_rows ?? 0,
      numDeletedRows: reply.num_deleted_rows ?? 0,
    };
  }

  async stats(options?: BranchOption): Promise<TableStats> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const s = await this.post<StatsReply>('stats', b ? { branch: b } : {});
    return {
      totalBytes: s.total_bytes,
      numRows: s.num_rows,
      numIndices: s.num_indices,
      numFragments: s.fragment_stats.num_fragments,
      numSmallFragments: s.fragment_stats.num_small_fragments,
      fragmentLengths: s.fragment_stats.lengths,
    };
  }

  async createIndex(request: IndexRequest): Promise<JobRecord> {
    this.writable();
    const parsed = IndexRequestSchema.safeParse(request);
    if (!parsed.success)
      throw errors.InvalidInput(`Invalid index request: ${describeZodError(parsed.error)}`);
    const b = this.branchOf(parsed.data.branch);
    const body = { ...parsed.data, ...(b ? { branch: b } : {}) };
    const reply = await this.post<{
      job_id?: string;
      transaction_id?: string;
      index_name?: string;
    }>('create_index', body);
    const id =
      reply.job_id ?? reply.transaction_id ?? `${this.id}:${parsed.data.column}:${Date.now()}`;
    const target: JobRecord['target'] = {
      namespacePath: [...this.namespacePath],
      table: this.name,
      index:
        reply.index_name ??
        parsed.data.name ??
        defaultIndexName(parseFieldPath(parsed.data.column)),
      column: parsed.data.column,
      indexType: parsed.data.index_type.toUpperCase(),
      ...(b ? { branch: b } : {}),
    };
    const started = jobFromServer({ job_id: id, state: 'running', phase: 'building' }, target);
    this.session.jobs.track(started);
    return reply.job_id ? this.session.jobs.get(id).catch(() => started) : started;
  }

  async listIndices(options?: BranchOption): Promise<IndexInfo[]> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const reply = await this.post<{ indexes: Array<Record<string, unknown>> }>('index/list', {
      ...(this.pinnedVersion ? { version: this.pinnedVersion } : {}),
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

  async indexStats(name: string, options?: BranchOption): Promise<IndexStats> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const s = await this.post<Record<string, unknown>>(
      `index/${encodeURIComponent(name)}/stats`,
      b ? { branch: b } : {},
      ERROR_CODES.TableIndexNotFound,
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

  async dropIndex(name: string, options?: BranchOption): Promise<void> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    this.writable();
    const b = this.branchOf(branch);
    await this.session.send({
      method: 'POST',
      path: `${this.path}/index/${encodeURIComponent(name)}/drop`,
      query: { branch: b },
      notFound: ERROR_CODES.TableIndexNotFound,
    });
  }

  async listVersions(options?: BranchOption): Promise<VersionInfo[]> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const reply = await this.session.json<{
      versions: Array<{
        version: number;
        timestamp_millis?: number;
        timestamp?: string;
        metadata?: Record<string, string>;
      }>;
    }>({
      method: 'POST',
      path: `${this.path}/version/list`,
      query: { branch: b },
    });
    return reply.versions.map((v) => ({
      version: v.version,
      timestampMillis: v.timestamp_millis ?? (v.timestamp ? Date.parse(v.timestamp) : 0),
      metadata: v.metadata ?? {},
    }));
  }

  async checkoutVersion(version: number, options?: BranchOption): Promise<TableHandle> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    if (!(await this.listVersions(b ? { branch: b } : {})).some((v) => v.version === version)) {
      throw errors.TableVersionNotFound(`Version ${version} of ${this.id} does not exist`);
    }
    return new RestTable(this.session, this.name, this.namespacePath, version, b);
  }

  async restore(version: number, options?: BranchOption): Promise<WriteResult> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    this.writable();
    const b = this.branchOf(branch);
    const reply = await this.post<{ version: number }>('restore', {
      version,
      ...(b ? { branch: b } : {}),
    });
    return { version: reply.version, numRows: await this.countRows(b ? { branch: b } : {}) };
  }

  async describeVersion(version?: number, options?: BranchOption): Promise<VersionDetail> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const b = this.branchOf(branch);
    const reply = await this.post<{ version: WireVersion }>('version/describe', {
      ...(version !== undefined ? { version } : {}),
      ...(b ? { branch: b } : {}),
    });
    return fromWireVersion(reply.version);
  }

  async createVersion(request: CreateVersionRequest): Promise<VersionDetail> {
    const parsed = parseOptions(CreateVersionRequestSchema, request);
    this.writable();
    const reply = await this.post<{ version: WireVersion }>('version/create', {
      version: parsed.version,
      manifest_path: parsed.manifestPath,
      ...(parsed.namingScheme ? { naming_scheme: parsed.namingScheme } : {}),
      ...(this.branch ? { branch: this.branch } : {}),
    });
    return fromWireVersion(reply.version);
  }

  async deleteVersions(request: DeleteVersionsRequest): Promise<number> {
    const { ranges } = parseOptions(DeleteVersionsRequestSchema, request);
    this.writable();
    const reply = await this.post<{ deleted_count: number }>('version/delete', {
      ranges: ranges.map((r) => ({ start_version: r.start, end_version: r.end })),
      ...(this.branch ? { branch: this.branch } : {}),
    });
    return reply.deleted_count;
  }

  async addColumns(request: AddColumnsRequest): Promise<SchemaChangeResult> {
    const { columns, branch } = parseOptions(AddColumnsRequestSchema, request);
    this.writable();
    const b = this.branchOf(branch);
    const reply = await this.post<{ version: number }>('add_columns', {
      // The contract's new columns are computed; an all-null one is the SQL cast of NULL.
      new_columns: columns.map((c) => ({
        name: c.name,
        expression: 'expression' in c ? c.expression : nullOfType(c.name, c.dataType),
      })),
      ...(b ? { branch: b } : {}),
    });
    return { version: reply.version };
  }

  async alterColumns(request: AlterColumnsRequest): Promise<SchemaChangeResult> {
    const { alterations, branch } = parseOptions(AlterColumnsRequestSchema, request);
    this.writable();
    const b = this.branchOf(branch);
    const reply = await this.post<{ version: number }>('alter_columns', {
      alterations: alterations.map((a) => ({
        path: a.path,
        ...(a.rename !== undefined ? { rename: a.rename } : {}),
        ...(a.nullable !== undefined ? { nullable: a.nullable } : {}),
        ...(a.dataType !== undefined ? { data_type: a.dataType } : {}),
      })),
      ...(b ? { branch: b } : {}),
    });
    return { version: reply.version };
  }

  async dropColumns(request: DropColumnsRequest): Promise<SchemaChangeResult> {
    const { columns, branch } = parseOptions(DropColumnsRequestSchema, request);
    this.writable();
    const b = this.branchOf(branch);
    const reply = await this.post<{ version: number; dropped_indexes?: string[] }>('drop_columns', {
      columns,
      ...(b ? { branch: b } : {}),
    });
    return {
      version: reply.version,
      ...(reply.dropped_indexes?.length ? { droppedIndexes: reply.dropped_indexes } : {}),
    };
  }

  async updateSchemaMetadata(
    metadata: SchemaMetadata,
    options?: BranchOption,
  ): Promise<SchemaMetadata> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const parsed = parseOptions(SchemaMetadataSchema, metadata);
    this.writable();
    const reply = await this.session.json<unknown>({
      method: 'POST',
      path: `${this.path}/schema_metadata/update`,
      query: { branch: this.branchOf(branch) },
      json: parsed,
    });
    return parseOptions(SchemaMetadataSchema, reply);
  }

  async listTags(): Promise<TagInfo[]> {
    const reply = await this.post<{
      tags: Record<string, { version: number; manifestSize?: number }>;
    }>('tags/list', {});
    return Object.entries(reply.tags)
      .map(([name, t]) => ({
        name,
        version: t.version,
        ...(t.manifestSize === undefined ? {} : { manifestSize: t.manifestSize }),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async createTag(tag: string, version: number): Promise<void> {
    await this.post('tags/create', { tag, version });
  }

  async updateTag(tag: string, version: number): Promise<void> {
    await this.post('tags/update', { tag, version }, ERROR_CODES.TableTagNotFound);
  }

  async deleteTag(tag: string): Promise<void> {
    await this.post('tags/delete', { tag }, ERROR_CODES.TableTagNotFound);
  }

  async getTagVersion(tag: string): Promise<number> {
    return (
      await this.post<{ version: number }>('tags/version', { tag }, ERROR_CODES.TableTagNotFound)
    ).version;
  }

  async listBranches(): Promise<BranchInfo[]> {
    const reply = await this.post<{
      branches: Record<
        string,
        { parentBranch?: string; parentVersion?: number; createAt?: number; manifestSize?: number }
      >;
    }>('branches/list', {});
    return Object.entries(reply.branches)
      .map(([name, b]) => ({
        name,
        ...(b.parentBranch ? { parentBranch: b.parentBranch } : {}),
        ...(b.parentVersion === undefined ? {} : { parentVersion: b.parentVersion }),
        ...(b.createAt ? { createdAtMillis: b.createAt * 1000 } : {}),
        ...(b.manifestSize === undefined ? {} : { manifestSize: b.manifestSize }),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async createBranch(name: string, options?: CreateBranchOptions): Promise<void> {
    const { fromBranch, fromVersion } = parseOptions(CreateBranchOptionsSchema, options);
    await this.post('branches/create', {
      name,
      ...(fromBranch ? { from_branch: fromBranch } : {}),
      ...(fromVersion ? { from_version: fromVersion } : {}),
    });
  }

  async deleteBranch(name: string): Promise<void> {
    await this.post('branches/delete', { name }, ERROR_CODES.TableBranchNotFound);
  }

  async onBranch(name: string): Promise<TableHandle> {
    if (!(await this.listBranches()).some((b) => b.name === name)) {
      throw errors.TableBranchNotFound(`Branch ${name} does not exist on ${this.id}`);
    }
    return new RestTable(this.session, this.name, this.namespacePath, undefined, name);
  }
}

/**
 * SQL types (Lance's SQL dialect) for an all-null column sent as `CAST(NULL AS …)`, the contract
 * having no type field.
 */
const SQL_TYPES: Record<string, string> = {
  bool: 'BOOLEAN',
  int8: 'TINYINT',
  int16: 'SMALLINT',
  int32: 'INT',
  int64: 'BIGINT',
  uint8: 'TINYINT UNSIGNED',
  uint16: 'SMALLINT UNSIGNED',
  uint32: 'INT UNSIGNED',
  uint64: 'BIGINT UNSIGNED',
  float32: 'FLOAT',
  float64: 'DOUBLE',
  utf8: 'STRING',
  binary: 'BINARY',
  date32: 'DATE',
};

function nullOfType(name: string, type: { type: string }): string {
  const sql = SQL_TYPES[type.type];
  if (!sql) {
    throw errors.Unsupported(
      `Column ${name}: an all-null ${type.type} column cannot be added through a remote catalog (the contract carries only SQL expressions); give an expression instead`,
    );
  }
  return `CAST(NULL AS ${sql})`;
}

/** The contract's TableVersion. */
interface WireVersion {
  version: number;
  manifest_path?: string;
  manifest_size?: number;
  timestamp_millis?: number;
  metadata?: Record<string, string>;
}

function fromWireVersion(v: WireVersion): VersionDetail {
  return {
    version: v.version,
    timestampMillis: v.timestamp_millis ?? 0,
    metadata: v.metadata ?? {},
    ...(v.manifest_path ? { manifestPath: v.manifest_path } : {}),
    ...(v.manifest_size !== undefined ? { manifestSize: v.manifest_size } : {}),
  };
}
