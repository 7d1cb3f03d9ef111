/**
 * A table of the `dir` catalog. A handle reads and writes its default branch (main unless opened
 * on a branch); a handle opened at a fixed version is read-only.
 *
 * The handle delegates each job to a module of its own: dir-table-describe.ts (description, schema,
 * stats), dir-table-data.ts (rows), dir-indexes.ts, dir-table-versions.ts, dir-table-schema.ts
 * (schema evolution) and dir-table-refs.ts (tags and branches); dir-table-core.ts holds what they
 * share. Arguments arrive checked (validated-client.ts).
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
import type { DirTableCore } from './dir-table-core';
import * as described from './dir-table-describe';
import * as data from './dir-table-data';
import * as indexes from './dir-indexes';
import * as versions from './dir-table-versions';
import * as schemaChanges from './dir-table-schema';
import * as refs from './dir-table-refs';

export class DirTable implements TableHandle {
  constructor(private readonly core: DirTableCore) {}

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

  async createIndex(request: IndexRequest): Promise<JobRecord> {
    const table = await this.core.writable(request.branch);
    return indexes.createIndexJob(
      this.core.ctx.jobs,
      table,
      this.core.ref(request.branch),
      request,
    );
  }

  async listIndices({ branch }: BranchOption = {}): Promise<IndexInfo[]> {
    const table = await this.core.lanceFor(branch);
    return indexes.listIndices(this.core.ctx.jobs, table, this.core.ref(branch));
  }

  async indexStats(name: string, { branch }: BranchOption = {}): Promise<IndexStats> {
    const table = await this.core.lanceFor(branch);
    return indexes.indexStats(this.core.ctx.jobs, table, this.core.ref(branch), name);
  }

  async dropIndex(name: string, { branch }: BranchOption = {}): Promise<void> {
    const table = await this.core.writable(branch);
    return indexes.dropIndex(this.core.ctx.jobs, table, this.core.ref(branch), name);
  }

  listVersions({ branch }: BranchOption = {}): Promise<VersionInfo[]> {
    return this.core.listVersions(branch);
  }

  async checkoutVersion(version: number, { branch }: BranchOption = {}): Promise<TableHandle> {
    return new DirTable(await this.core.checkout(version, branch));
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
    return this.core.listTags();
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
    return this.core.listBranches();
  }

  createBranch(name: string, options?: CreateBranchOptions): Promise<void> {
    return refs.createBranch(this.core, name, options);
  }

  deleteBranch(name: string): Promise<void> {
    return refs.deleteBranch(this.core, name);
  }

  async onBranch(name: string): Promise<TableHandle> {
    return new DirTable(await this.core.onBranch(name));
  }
}
