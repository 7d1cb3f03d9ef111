/**
 * A table of a remote catalog. Every operation runs on the server: data crosses as Arrow IPC,
 * index builds are the server's jobs.
 *
 * The handle delegates each job to a module of its own: rest-table-describe.ts (description,
 * schema, stats), rest-table-data.ts (rows), rest-table-indexes.ts, rest-table-versions.ts,
 * rest-table-schema.ts (schema evolution) and rest-table-refs.ts (tags and branches);
 * rest-table-core.ts holds what they share. Arguments arrive checked (validated-client.ts).
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { MergeInsertResult, TableDescription, TableHandle, WriteResult } from '../client';
import type {
  AddColumnsRequest,
  AlterColumnsRequest,
  BranchInfo,
  BranchOption,
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
  VersionDetail,
  VersionInfo,
} from '../../../src-shared/catalog-api';
import type { IndexRequest } from '../../../src-shared/index-request';
import type { TableData } from '../arrow-data';
import { RestTableCore } from './rest-table-core';
import * as described from './rest-table-describe';
import * as data from './rest-table-data';
import * as indexes from './rest-table-indexes';
import * as versions from './rest-table-versions';
import * as schemaChanges from './rest-table-schema';
import * as refs from './rest-table-refs';

export class RestTable implements TableHandle {
  constructor(private readonly core: RestTableCore) {}

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

  describe(options?: BranchOption): Promise<TableDescription> {
    return described.describe(this.core, options);
  }

  schema(options?: BranchOption): Promise<Schema> {
    return described.schema(this.core, options);
  }

  stats(options?: BranchOption): Promise<TableStats> {
    return described.stats(this.core, options);
  }

  countRows(options?: CountOptions): Promise<number> {
    return data.countRows(this.core, options);
  }

  insert(rows: TableData, options?: InsertOptions): Promise<WriteResult> {
    return data.insert(this.core, rows, options);
  }

  query(request?: QueryRequest): Promise<ArrowTable> {
    return data.query(this.core, request);
  }

  explainPlan(
    request: QueryRequest,
    options?: { verbose?: boolean; analyze?: boolean },
  ): Promise<string> {
    return data.explainPlan(this.core, request, options);
  }

  update(request: UpdateRequest): Promise<WriteResult> {
    return data.update(this.core, request);
  }

  delete(filter: string, options?: BranchOption): Promise<WriteResult> {
    return data.deleteRows(this.core, filter, options);
  }

  mergeInsert(rows: TableData, options: MergeInsertOptions): Promise<MergeInsertResult> {
    return data.mergeInsert(this.core, rows, options);
  }

  createIndex(request: IndexRequest): Promise<JobRecord> {
    return indexes.createIndex(this.core, request);
  }

  listIndices(options?: BranchOption): Promise<IndexInfo[]> {
    return indexes.listIndices(this.core, options);
  }

  indexStats(name: string, options?: BranchOption): Promise<IndexStats> {
    return indexes.indexStats(this.core, name, options);
  }

  dropIndex(name: string, options?: BranchOption): Promise<void> {
    return indexes.dropIndex(this.core, name, options);
  }

  listVersions(options?: BranchOption): Promise<VersionInfo[]> {
    return versions.listVersions(this.core, options);
  }

  async checkoutVersion(version: number, { branch }: BranchOption = {}): Promise<TableHandle> {
    const b = this.core.branchOf(branch);
    await versions.requireVersion(this.core, version, b);
    const { session, name, namespacePath } = this.core;
    return new RestTable(new RestTableCore(session, name, namespacePath, version, b));
  }

  restore(version: number, options?: BranchOption): Promise<WriteResult> {
    return versions.restore(this.core, version, options);
  }

  describeVersion(version?: number, options?: BranchOption): Promise<VersionDetail> {
    return versions.describeVersion(this.core, version, options);
  }

  createVersion(request: CreateVersionRequest): Promise<VersionDetail> {
    return versions.createVersion(this.core, request);
  }

  deleteVersions(request: DeleteVersionsRequest): Promise<number> {
    return versions.deleteVersions(this.core, request);
  }

  addColumns(request: AddColumnsRequest): Promise<SchemaChangeResult> {
    return schemaChanges.addColumns(this.core, request);
  }

  alterColumns(request: AlterColumnsRequest): Promise<SchemaChangeResult> {
    return schemaChanges.alterColumns(this.core, request);
  }

  dropColumns(request: DropColumnsRequest): Promise<SchemaChangeResult> {
    return schemaChanges.dropColumns(this.core, request);
  }

  updateSchemaMetadata(metadata: SchemaMetadata, options?: BranchOption): Promise<SchemaMetadata> {
    return schemaChanges.updateSchemaMetadata(this.core, metadata, options);
  }

  listTags(): Promise<TagInfo[]> {
    return refs.listTags(this.core);
  }

  createTag(tag: string, version: number): Promise<void> {
    return refs.createTag(this.core, tag, version);
  }

  updateTag(tag: string, version: number): Promise<void> {
    return refs.updateTag(this.core, tag, version);
  }

  deleteTag(tag: string): Promise<void> {
    return refs.deleteTag(this.core, tag);
  }

  getTagVersion(tag: string): Promise<number> {
    return refs.getTagVersion(this.core, tag);
  }

  listBranches(): Promise<BranchInfo[]> {
    return refs.listBranches(this.core);
  }

  createBranch(name: string, options?: CreateBranchOptions): Promise<void> {
    return refs.createBranch(this.core, name, options);
  }

  deleteBranch(name: string): Promise<void> {
    return refs.deleteBranch(this.core, name);
  }

  async onBranch(name: string): Promise<TableHandle> {
    await refs.requireBranch(this.core, name);
    const { session, namespacePath } = this.core;
    return new RestTable(
      new RestTableCore(session, this.core.name, namespacePath, undefined, name),
    );
  }
}
