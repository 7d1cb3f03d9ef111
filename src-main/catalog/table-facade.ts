/**
 * The one TableHandle class. A back end (dir-table.ts, rest-table.ts) supplies its per-table state,
 * the core, and a record of operations on it; the facade forwards each handle method there. The
 * two back ends used to carry a copy of this forwarding each.
 *
 * Opening another view of the table (a version, a branch) asks the back end for a new core and
 * wraps it with the same operations.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type {
  CompactResult,
  MaintenanceOptions,
  StreamOptions,
  ArrowIpcStream,
  MergeInsertResult,
  TableCreation,
  TableDescription,
  TableHandle,
  WriteResult,
} from './client';
import type {
  AddColumnsRequest,
  AlterColumnsRequest,
  BranchInfo,
  BranchOption,
  ListVersionsOptions,
  CountOptions,
  CreateBranchOptions,
  CreateVersionRequest,
  DeleteVersionsRequest,
  DropColumnsRequest,
  IndexInfo,
  IndexStats,
  InsertOptions,
  JobRecord,
  MergeInsertOptions,
  QueryRequest,
  SchemaChangeResult,
  SchemaMetadata,
  TableStats,
  TagInfo,
  UpdateRequest,
  TransactionInfo,
  CleanupRequest,
  FragmentStats,
  CleanupResult,
  VersionDetail,
  VersionInfo,
} from '../../src-shared/catalog-api';
import type { IndexRequest } from '../../src-shared/index-request';
import type { TableData } from './arrow-data';

/** What every back end's per-table state exposes: the handle's identity. */
export type TableIdentity = Pick<
  TableHandle,
  'name' | 'namespacePath' | 'pinnedVersion' | 'branch' | 'created'
>;

type ReopeningMethod = 'checkoutVersion' | 'onBranch';
type HandleMethod = {
  [K in keyof TableHandle]: TableHandle[K] extends (...args: never[]) => unknown ? K : never;
}[keyof TableHandle];
type WithCore<Core, F> = F extends (...args: infer A) => infer R
  ? (core: Core, ...args: A) => R
  : never;

/**
 * Derived from TableHandle: each method takes the core first. The two that reopen the table return
 * a new core instead of a handle.
 */
export type TableOperations<Core> = {
  [K in Exclude<HandleMethod, ReopeningMethod>]: WithCore<Core, TableHandle[K]>;
} & {
  checkoutVersion(core: Core, version: number, options?: BranchOption): Promise<Core>;
  onBranch(core: Core, name: string): Promise<Core>;
};

export class TableFacade<Core extends TableIdentity> implements TableHandle {
  constructor(
    private readonly core: Core,
    private readonly ops: TableOperations<Core>,
  ) {}

  get name(): string {
    return this.core.name;
  }

  get namespacePath(): readonly string[] {
    return this.core.namespacePath;
  }

  get pinnedVersion(): number | undefined {
    return this.core.pinnedVersion;
  }

  get branch(): string | undefined {
    return this.core.branch;
  }

  get created(): TableCreation | undefined {
    return this.core.created;
  }

  describe(options?: BranchOption): Promise<TableDescription> {
    return this.ops.describe(this.core, options);
  }

  schema(options?: BranchOption): Promise<Schema> {
    return this.ops.schema(this.core, options);
  }

  stats(options?: BranchOption): Promise<TableStats> {
    return this.ops.stats(this.core, options);
  }

  cleanupVersions(request: CleanupRequest, options?: MaintenanceOptions): Promise<CleanupResult> {
    return this.ops.cleanupVersions(this.core, request, options);
  }

  fragmentStats(options?: BranchOption): Promise<FragmentStats> {
    return this.ops.fragmentStats(this.core, options);
  }

  compact(options?: MaintenanceOptions): Promise<CompactResult> {
    return this.ops.compact(this.core, options);
  }

  countRows(options?: CountOptions): Promise<number> {
    return this.ops.countRows(this.core, options);
  }

  insert(rows: TableData, options?: InsertOptions): Promise<WriteResult> {
    return this.ops.insert(this.core, rows, options);
  }

  query(request?: QueryRequest): Promise<ArrowTable> {
    return this.ops.query(this.core, request);
  }

  queryStream(request?: QueryRequest, options?: StreamOptions): Promise<ArrowIpcStream> {
    return this.ops.queryStream(this.core, request, options);
  }

  explainPlan(
    request: QueryRequest,
    options?: { verbose?: boolean; analyze?: boolean },
  ): Promise<string> {
    return this.ops.explainPlan(this.core, request, options);
  }

  update(request: UpdateRequest): Promise<WriteResult> {
    return this.ops.update(this.core, request);
  }

  delete(filter: string, options?: BranchOption): Promise<WriteResult> {
    return this.ops.delete(this.core, filter, options);
  }

  mergeInsert(rows: TableData, options: MergeInsertOptions): Promise<MergeInsertResult> {
    return this.ops.mergeInsert(this.core, rows, options);
  }

  createIndex(request: IndexRequest): Promise<JobRecord> {
    return this.ops.createIndex(this.core, request);
  }

  listIndices(options?: BranchOption): Promise<IndexInfo[]> {
    return this.ops.listIndices(this.core, options);
  }

  indexStats(name: string, options?: BranchOption): Promise<IndexStats> {
    return this.ops.indexStats(this.core, name, options);
  }

  dropIndex(name: string, options?: BranchOption): Promise<void> {
    return this.ops.dropIndex(this.core, name, options);
  }

  listVersions(options?: ListVersionsOptions): Promise<VersionInfo[]> {
    return this.ops.listVersions(this.core, options);
  }

  restore(version: number, options?: BranchOption): Promise<WriteResult> {
    return this.ops.restore(this.core, version, options);
  }

  latestVersion(options?: BranchOption): Promise<number> {
    return this.ops.latestVersion(this.core, options);
  }

  describeTransactions(versions: number[], options?: BranchOption): Promise<TransactionInfo[]> {
    return this.ops.describeTransactions(this.core, versions, options);
  }

  describeVersion(version?: number, options?: BranchOption): Promise<VersionDetail> {
    return this.ops.describeVersion(this.core, version, options);
  }

  createVersion(request: CreateVersionRequest): Promise<VersionDetail> {
    return this.ops.createVersion(this.core, request);
  }

  deleteVersions(request: DeleteVersionsRequest): Promise<number> {
    return this.ops.deleteVersions(this.core, request);
  }

  addColumns(request: AddColumnsRequest): Promise<SchemaChangeResult> {
    return this.ops.addColumns(this.core, request);
  }

  alterColumns(request: AlterColumnsRequest): Promise<SchemaChangeResult> {
    return this.ops.alterColumns(this.core, request);
  }

  dropColumns(request: DropColumnsRequest): Promise<SchemaChangeResult> {
    return this.ops.dropColumns(this.core, request);
  }

  updateSchemaMetadata(metadata: SchemaMetadata, options?: BranchOption): Promise<SchemaMetadata> {
    return this.ops.updateSchemaMetadata(this.core, metadata, options);
  }

  listTags(): Promise<TagInfo[]> {
    return this.ops.listTags(this.core);
  }

  createTag(tag: string, version: number): Promise<void> {
    return this.ops.createTag(this.core, tag, version);
  }

  updateTag(tag: string, version: number): Promise<void> {
    return this.ops.updateTag(this.core, tag, version);
  }

  deleteTag(tag: string): Promise<void> {
    return this.ops.deleteTag(this.core, tag);
  }

  getTagVersion(tag: string): Promise<number> {
    return this.ops.getTagVersion(this.core, tag);
  }

  listBranches(): Promise<BranchInfo[]> {
    return this.ops.listBranches(this.core);
  }

  createBranch(name: string, options?: CreateBranchOptions): Promise<void> {
    return this.ops.createBranch(this.core, name, options);
  }

  deleteBranch(name: string): Promise<void> {
    return this.ops.deleteBranch(this.core, name);
  }

  async checkoutVersion(version: number, options?: BranchOption): Promise<TableHandle> {
    return new TableFacade(await this.ops.checkoutVersion(this.core, version, options), this.ops);
  }

  async onBranch(name: string): Promise<TableHandle> {
    return new TableFacade(await this.ops.onBranch(this.core, name), this.ops);
  }
}
