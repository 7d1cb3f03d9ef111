/**
 * CatalogClient: the one namespace API of the engine. `dir` (a local folder) and `rest` (a remote
 * catalog) implement it, and the REST server and the app's host sit on top of it.
 *
 * Argument order follows LanceDB's Node client: a table is named first and its namespacePath
 * follows (default `[]`, the root); namespace operations take the path first.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type {
  CreateVersionRequest,
  DeleteVersionsRequest,
  VersionDetail,
  AddColumnsRequest,
  AlterColumnsRequest,
  BranchInfo,
  DropColumnsRequest,
  SchemaChangeResult,
  SchemaMetadata,
  BranchOption,
  ListVersionsOptions,
  CountOptions,
  CreateBranchOptions,
  CreateNamespaceOptions,
  CreateTableOptions,
  DropNamespaceOptions,
  IndexInfo,
  IndexStats,
  InsertOptions,
  JobEvent,
  JobRecord,
  ListOptions,
  MergeInsertOptions,
  OpenTableOptions,
  QueryRequest,
  TagInfo,
  RenameTableOptions,
  TableStats,
  UpdateRequest,
  TransactionInfo,
  CleanupRequest,
  FragmentStats,
  CleanupResult,
  VersionInfo,
} from '../../src-shared/catalog-api';
import type { IndexRequest } from '../../src-shared/index-request';
import type { ArrowIpcStream, TableData } from './arrow-data';

export type { ArrowIpcStream };

export interface NamespaceList {
  namespaces: string[];
  pageToken?: string;
}

export interface TableList {
  tables: string[];
  pageToken?: string;
}

export interface TableDescription {
  name: string;
  namespacePath: string[];
  version: number;
  location: string;
  schema: Schema;
  rowCount: number;
  stats: TableStats;
  branch?: string;
  properties?: Record<string, string>;
}

export interface WriteResult {
  version: number;
  numRows: number;
}

/** A compaction: small fragments merged into fewer, as new versions; no version removed. */
export interface CompactResult {
  version: number;
  fragmentsRemoved: number;
  fragmentsAdded: number;
  /** Cancelled between passes: the passes before it committed, and stay. */
  stoppedEarly?: boolean;
}

/** How a query's answer is streamed; a folder's engine follows it, a server decides for itself. */
export interface StreamOptions {
  /**
   * About how many bytes a batch may hold. A bulk reader (an export) asks for large batches: each
   * one costs a call into LanceDB and, for Parquet, a crossing into WebAssembly.
   */
  batchBytes?: number;
}

/** What a compaction or cleanup is doing, for a job's progress. */
export interface MaintenanceProgress {
  phase: string;
  /** Bytes of new files written so far (a folder's compaction: its new data and index files). */
  bytesWritten?: number;
  /** About how many bytes the merge will write: the live rows' share of the fragments it merges. */
  bytesExpected?: number;
}

/**
 * A long table maintenance act, cancellable where Lance allows: before it starts, and between
 * compaction passes. A pass under way runs to its commit: LanceDB's optimize has no cancel point.
 */
export interface MaintenanceOptions extends BranchOption {
  signal?: AbortSignal;
  onProgress?: (progress: MaintenanceProgress) => void;
}

export interface MergeInsertResult {
  version: number;
  numInsertedRows: number;
  numUpdatedRows: number;
  numDeletedRows: number;
}

/** Where a create put a table and the version it wrote, as they were when it committed. */
export interface TableCreation {
  location: string;
  version: number;
}

export interface TableHandle {
  readonly name: string;
  readonly namespacePath: readonly string[];
  /** Set when the handle was opened at a fixed version: it is read-only then. */
  readonly pinnedVersion: number | undefined;
  /** The branch this handle reads and writes by default; undefined = main. */
  readonly branch: string | undefined;
  /**
   * On the handle a create answered (a `dir` catalog's): what it created, read while it held the
   * catalog lock. A rename or drop may come the moment the lock is let go, so the create's reply
   * is built from this, never from a lookup by name after it.
   */
  readonly created: TableCreation | undefined;

  describe(options?: BranchOption): Promise<TableDescription>;
  schema(options?: BranchOption): Promise<Schema>;
  countRows(options?: CountOptions): Promise<number>;
  insert(data: TableData, options?: InsertOptions): Promise<WriteResult>;
  query(request?: QueryRequest): Promise<ArrowTable>;
  /**
   * The same answer as the bytes of an Arrow IPC stream, produced while the query runs: batches
   * are passed on as LanceDB (or the server) produced them, never collected or decoded. A bad
   * request fails here, before any byte; a failure later ends the iteration with an error.
   */
  queryStream(request?: QueryRequest, options?: StreamOptions): Promise<ArrowIpcStream>;
  /** The query plan LanceDB would run, as text; `analyze` runs it and adds the metrics. */
  explainPlan(
    request: QueryRequest,
    options?: { verbose?: boolean; analyze?: boolean },
  ): Promise<string>;
  update(request: UpdateRequest): Promise<WriteResult>;
  delete(filter: string, options?: BranchOption): Promise<WriteResult>;
  mergeInsert(data: TableData, options: MergeInsertOptions): Promise<MergeInsertResult>;
  stats(options?: BranchOption): Promise<TableStats>;
  /** Each fragment's rows, read from the version's manifest: a histogram and the deleted rows. */
  fragmentStats(options?: BranchOption): Promise<FragmentStats>;
  /**
   * Removes old versions and the files only they hold (never a tagged or kept one). LanceDB prunes
   * only inside its optimize, so small fragments are merged and indexes updated in the same act.
   */
  cleanupVersions(request: CleanupRequest, options?: MaintenanceOptions): Promise<CleanupResult>;
  /** Merges small fragments (and brings indexes up to date); earlier versions stay readable. */
  compact(options?: MaintenanceOptions): Promise<CompactResult>;

  /** Validates, then starts an asynchronous build and returns its job at once. */
  createIndex(request: IndexRequest): Promise<JobRecord>;
  listIndices(options?: BranchOption): Promise<IndexInfo[]>;
  indexStats(name: string, options?: BranchOption): Promise<IndexStats>;
  dropIndex(name: string, options?: BranchOption): Promise<void>;

  listVersions(options?: ListVersionsOptions): Promise<VersionInfo[]>;
  /**
   * The newest version's number, cheaply: watched every second by an open table's tabs to see
   * another process's commit. A handle pinned at a version answers that version.
   */
  latestVersion(options?: BranchOption): Promise<number>;
  /** A read-only handle on the table as it was at that version. */
  checkoutVersion(version: number, options?: BranchOption): Promise<TableHandle>;
  /** Makes an old version the latest again, as a new version. */
  restore(version: number, options?: BranchOption): Promise<WriteResult>;
  /** What each version's commit did (an append, a delete, an index…), in the order asked. */
  describeTransactions(versions: number[], options?: BranchOption): Promise<TransactionInfo[]>;
  /** One version with its manifest file (the latest when none is named). */
  describeVersion(version?: number, options?: BranchOption): Promise<VersionDetail>;
  /** Publishes a staged manifest as a version, if no version has that number (else code 14). */
  createVersion(request: CreateVersionRequest): Promise<VersionDetail>;
  /** Deletes the manifests of versions in the ranges, never the latest or a tagged one. */
  deleteVersions(request: DeleteVersionsRequest): Promise<number>;

  /** Schema evolution: each is one commit, whole or not at all. */
  addColumns(request: AddColumnsRequest): Promise<SchemaChangeResult>;
  alterColumns(request: AlterColumnsRequest): Promise<SchemaChangeResult>;
  dropColumns(request: DropColumnsRequest): Promise<SchemaChangeResult>;
  /** Replaces the schema metadata as one new version; answers the metadata now in force. */
  updateSchemaMetadata(metadata: SchemaMetadata, options?: BranchOption): Promise<SchemaMetadata>;

  listTags(): Promise<TagInfo[]>;
  createTag(tag: string, version: number): Promise<void>;
  updateTag(tag: string, version: number): Promise<void>;
  deleteTag(tag: string): Promise<void>;
  getTagVersion(tag: string): Promise<number>;

  listBranches(): Promise<BranchInfo[]>;
  createBranch(name: string, options?: CreateBranchOptions): Promise<void>;
  deleteBranch(name: string): Promise<void>;
  /** A handle whose default branch is `name`. */
  onBranch(name: string): Promise<TableHandle>;
}

export interface CatalogClient {
  readonly implName: 'dir' | 'rest';

  listNamespaces(namespacePath?: string[], options?: ListOptions): Promise<NamespaceList>;
  createNamespace(
    namespacePath: string[],
    options?: CreateNamespaceOptions,
  ): Promise<{ properties: Record<string, string> }>;
  describeNamespace(namespacePath: string[]): Promise<{ properties: Record<string, string> }>;
  namespaceExists(namespacePath: string[]): Promise<boolean>;
  dropNamespace(namespacePath: string[], options?: DropNamespaceOptions): Promise<void>;

  listTables(namespacePath?: string[], options?: ListOptions): Promise<TableList>;
  createTable(
    name: string,
    data: TableData,
    namespacePath?: string[],
    options?: CreateTableOptions,
  ): Promise<TableHandle>;
  createEmptyTable(
    name: string,
    schema: Schema,
    namespacePath?: string[],
    options?: CreateTableOptions,
  ): Promise<TableHandle>;
  openTable(
    name: string,
    namespacePath?: string[],
    options?: OpenTableOptions,
  ): Promise<TableHandle>;
  tableExists(name: string, namespacePath?: string[]): Promise<boolean>;
  dropTable(name: string, namespacePath?: string[]): Promise<void>;
  renameTable(
    name: string,
    newName: string,
    namespacePath?: string[],
    options?: RenameTableOptions,
  ): Promise<void>;

  /** Reserves a table's location without data; a client then writes the dataset there. */
  declareTable(
    name: string,
    namespacePath?: string[],
    options?: { location?: string },
  ): Promise<{ location: string }>;
  /** Adopts a Lance dataset already inside the catalog folder (`location` is relative to it). */
  registerTable(
    name: string,
    namespacePath: string[],
    location: string,
    options?: { mode?: 'create' | 'overwrite' },
  ): Promise<{ location: string }>;
  /** Forgets a table and keeps its files. */
  deregisterTable(name: string, namespacePath?: string[]): Promise<{ location: string }>;
  /** Where a table lives, and whether it has been declared but has no data yet. */
  tableLocation(
    name: string,
    namespacePath?: string[],
  ): Promise<{ location: string; declaredOnly: boolean }>;

  listJobs(): Promise<JobRecord[]>;
  getJob(id: string): Promise<JobRecord>;
  cancelJob(id: string): Promise<JobRecord>;
  /** Resolves with the job's record once it has succeeded, failed or been cancelled. */
  waitForJob(id: string): Promise<JobRecord>;
  /** Subscribes to job events; returns the unsubscribe function. */
  onJobEvent(listener: (event: JobEvent) => void): () => void;

  close(): Promise<void>;
}
