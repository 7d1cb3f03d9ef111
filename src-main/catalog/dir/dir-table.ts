/**
 * A table of the `dir` catalog. A handle reads and writes its default branch (main unless opened
 * on a branch); a handle opened at a fixed version is read-only.
 */
import type * as lancedb from '@lancedb/lancedb';
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
  type TagInfo,
  type TableStats,
  type UpdateRequest,
  type VersionInfo,
} from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { assertValidComponent, describeId } from '../../../src-shared/vocabulary/ids';
import { toArrowTable, type TableData } from '../arrow-data';
import type { IndexRequest } from '../../../src-shared/index-request';
import type { JobRegistry } from '../jobs';
import { parseOptions } from '../parse-options';
import { lance } from './lance-errors';
import { manifestObjectId, type ManifestStore } from './manifest-store';
import { explainQuery, runQuery } from './query-builder';
import { forgetQuerySchema, withQuerySchema } from './query-schemas';
import * as columns from './dir-columns';
import * as versionFiles from './dir-versions';
import { updateSchemaMetadata } from './dir-schema-metadata';
import type { ObjectStore } from '../storage/object-store';
import * as indexes from './dir-indexes';
import { joinRoot } from './root-uri';
import { snapshotKey, type VersionSnapshots } from './version-snapshots';

export interface DirContext {
  root: string;
  db: lancedb.Connection;
  jobs: JobRegistry;
  manifest: ManifestStore;
  /** Options every table open needs: on an object store, its storage options (not inherited). */
  tableOptions: { storageOptions?: Record<string, string> };
  /** Manifest entries by key; the catalog evicts one when its table moves, goes or is recreated. */
  entries: Map<string, Promise<TableEntry>>;
  /** Handles pinned at a table's latest version, for reads that come in groups; evicted likewise. */
  snapshots: VersionSnapshots;
  /** The root's objects, for the version manifests LanceDB's API does not reach. */
  store: ObjectStore;
}

export interface TableEntry {
  location: string;
  /** The table's folder relative to the root. */
  folder: string;
  properties: Record<string, string>;
}

async function statsOf(table: lancedb.Table): Promise<TableStats> {
  const stats = await lance(() => table.stats());
  return {
    totalBytes: stats.totalBytes,
    numRows: stats.numRows,
    numIndices: stats.numIndices,
    numFragments: stats.fragmentStats.numFragments,
    numSmallFragments: stats.fragmentStats.numSmallFragments,
    fragmentLengths: { ...stats.fragmentStats.lengths },
  };
}

/** Table properties are kept as a JSON object in the manifest row's metadata, as for namespaces. */
function parseProperties(metadata: string | null | undefined): Record<string, string> {
  if (!metadata) return {};
  try {
    const value = JSON.parse(metadata) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {};
  } catch {
    return {};
  }
}

export class DirTable implements TableHandle {
  private readonly onBranchTables = new Map<string, Promise<lancedb.Table>>();

  constructor(
    private readonly ctx: DirContext,
    readonly name: string,
    readonly namespacePath: readonly string[],
    private readonly table: lancedb.Table,
    readonly pinnedVersion: number | undefined,
    readonly branch: string | undefined,
  ) {}

  private get id(): string {
    return describeId([...this.namespacePath, this.name]);
  }

  /** The LanceDB table for a branch option; no option means this handle's own branch. */
  private async lanceFor(branch: string | undefined): Promise<lancedb.Table> {
    if (branch === undefined || branch === this.branch) return this.table;
    let opened = this.onBranchTables.get(branch);
    if (!opened) {
      opened = (async () => {
        await this.requireBranch(branch);
        return lance(() =>
          this.ctx.db.openTable(this.name, [...this.namespacePath], {
            ...this.ctx.tableOptions,
            branch,
          }),
        );
      })();
      opened.catch(() => this.onBranchTables.delete(branch));
      this.onBranchTables.set(branch, opened);
    }
    return opened;
  }

  private writable(branch: string | undefined): Promise<lancedb.Table> {
    if (this.pinnedVersion !== undefined) {
      throw errors.InvalidTableState(
        `This handle on ${this.id} is pinned at version ${this.pinnedVersion} and is read-only; open the latest version to write`,
      );
    }
    return this.lanceFor(branch);
  }

  private ref(branch: string | undefined): indexes.IndexTableRef {
    return { namespacePath: this.namespacePath, name: this.name, branch: branch ?? this.branch };
  }

  async describe(options?: BranchOption): Promise<TableDescription> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const effectiveBranch = branch ?? this.branch;
    const live = await this.lanceFor(branch);
    const [version, entry] = await Promise.all([lance(() => live.version()), this.entry()]);
    // A pinned handle (this one, or a snapshot at the version just read) checks for nothing more.
    const table =
      this.pinnedVersion !== undefined
        ? live
        : await this.ctx.snapshots.at(
            snapshotKey(manifestObjectId(this.namespacePath, this.name), effectiveBranch),
            version,
            () =>
              lance(() =>
                this.ctx.db.openTable(this.name, [...this.namespacePath], {
                  ...this.ctx.tableOptions,
                  version,
                  ...(effectiveBranch === undefined ? {} : { branch: effectiveBranch }),
                }),
              ),
          );
    const [schema, stats] = await Promise.all([lance(() => table.schema()), statsOf(table)]);
    return {
      name: this.name,
      namespacePath: [...this.namespacePath],
      version,
      location: entry.location,
      schema,
      rowCount: stats.numRows,
      stats,
      ...(effectiveBranch === undefined ? {} : { branch: effectiveBranch }),
      ...(Object.keys(entry.properties).length > 0 ? { properties: entry.properties } : {}),
    };
  }
  /**
   * A table's manifest entry is read once and remembered by the catalog until it renames, drops
   * or recreates the table.
   */
  private entry(): Promise<TableEntry> {
    const key = manifestObjectId(this.namespacePath, this.name);
    let lookup = this.ctx.entries.get(key);
    if (!lookup) {
      lookup = this.ctx.manifest.find(key).then((row) => ({
        location: joinRoot(this.ctx.root, row?.location ?? `${this.name}.lance`),
        folder: row?.location ?? `${this.name}.lance`,
        properties: parseProperties(row?.metadata),
      }));
      this.ctx.entries.set(key, lookup);
      lookup.catch(() => this.ctx.entries.delete(key));
    }
    return lookup;
  }

  async schema(options?: BranchOption): Promise<Schema> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const table = await this.lanceFor(branch);
    return lance(() => table.schema());
  }

  async countRows(options?: CountOptions): Promise<number> {
    const { filter, branch, version } = parseOptions(CountOptionsSchema, options);
    if (version !== undefined) {
      return (await this.checkoutVersion(version, { branch })).countRows(
        filter === undefined ? {} : { filter },
      );
    }
    const table = await this.lanceFor(branch);
    return lance(() => table.countRows(filter && filter.trim() !== '' ? filter : undefined));
  }

  async insert(data: TableData, options?: InsertOptions): Promise<WriteResult> {
    const { mode = 'append', branch } = parseOptions(InsertOptionsSchema, options);
    const table = await this.writable(branch);
    const arrow = toArrowTable(data);
    if (arrow.numRows === 0 && mode === 'append') {
      return { version: await lance(() => table.version()), numRows: 0 };
    }
    const result = await lance(() => table.add(arrow, { mode }));
    // An overwrite may bring a new schema with it.
    if (mode === 'overwrite') forgetQuerySchema(table);
    return { version: result.version, numRows: arrow.numRows };
  }

  async query(request: QueryRequest = {}): Promise<ArrowTable> {
    const parsed = parseOptions(QueryRequestSchema, request);
    if (parsed.version !== undefined) {
      const pinned = (await this.checkoutVersion(parsed.version, {
        branch: parsed.branch,
      })) as DirTable;
      return pinned.query({ ...parsed, version: undefined, branch: undefined });
    }
    const table = await this.lanceFor(parsed.branch);
    return withQuerySchema(table, (schema) => runQuery(table, schema, parsed));
  }

  async explainPlan(
    request: QueryRequest,
    options: { verbose?: boolean; analyze?: boolean } = {},
  ): Promise<string> {
    const parsed = parseOptions(QueryRequestSchema, request);
    const table = await this.lanceFor(parsed.branch);
    const schema = await lance(() => table.schema());
    return explainQuery(
      table,
      schema,
      parsed,
      options.analyze ? 'analyze' : { verbose: options.verbose ?? false },
    );
  }

  async update(request: UpdateRequest): Promise<WriteResult> {
    const { updates, filter, branch } = parseOptions(UpdateRequestSchema, request);
    if (Object.keys(updates).length === 0)
      throw errors.InvalidInput('An update needs at least one column');
    const table = await this.writable(branch);
    const result = await lance(() =>
      table.update({
        valuesSql: updates,
        ...(filter && filter.trim() !== '' ? { where: filter } : {}),
      }),
    );
    return { version: result.version, numRows: result.rowsUpdated };
  }

  async delete(filter: string, options?: BranchOption): Promise<WriteResult> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    if (typeof filter !== 'string' || filter.trim() === '') {
      throw errors.InvalidInput('A delete needs a filter; use "true" to delete every row');
    }
    const table = await this.writable(branch);
    const result = await lance(() => table.delete(filter));
    return { version: result.version, numRows: result.numDeletedRows };
  }

  async mergeInsert(data: TableData, options: MergeInsertOptions): Promise<MergeInsertResult> {
    const o = parseOptions(MergeInsertOptionsSchema, options);
    const table = await this.writable(o.branch);
    let builder = table.mergeInsert(o.on);
    if (o.whenMatchedUpdateAll) {
      builder = builder.whenMatchedUpdateAll(
        o.whenMatchedUpdateAllFilter ? { where: o.whenMatchedUpdateAllFilter } : undefined,
      );
    }
    if (o.whenNotMatchedInsertAll) builder = builder.whenNotMatchedInsertAll();
    if (o.whenNotMatchedBySourceDelete) {
      builder = builder.whenNotMatchedBySourceDelete(
        o.whenNotMatchedBySourceDeleteFilter
          ? { where: o.whenNotMatchedBySourceDeleteFilter }
          : undefined,
      );
    }
    const arrow = toArrowTable(data);
    const result = await lance(() => builder.execute(arrow));
    return {
      version: result.version,
      numInsertedRows: result.numInsertedRows,
      numUpdatedRows: result.numUpdatedRows,
      numDeletedRows: result.numDeletedRows,
    };
  }

  async stats(options?: BranchOption): Promise<TableStats> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    return statsOf(await this.lanceFor(branch));
  }

  async createIndex(request: IndexRequest): Promise<JobRecord> {
    const table = await this.writable(request?.branch);
    return indexes.createIndexJob(this.ctx.jobs, table, this.ref(request?.branch), request);
  }

  async listIndices(options?: BranchOption): Promise<IndexInfo[]> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    return indexes.listIndices(this.ctx.jobs, await this.lanceFor(branch), this.ref(branch));
  }

  async indexStats(name: string, options?: BranchOption): Promise<IndexStats> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    return indexes.indexStats(this.ctx.jobs, await this.lanceFor(branch), this.ref(branch), name);
  }

  async dropIndex(name: string, options?: BranchOption): Promise<void> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    return indexes.dropIndex(this.ctx.jobs, await this.writable(branch), this.ref(branch), name);
  }

  async listVersions(options?: BranchOption): Promise<VersionInfo[]> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const table = await this.lanceFor(branch);
    const versions = await lance(() => table.listVersions());
    return versions.map((v) => ({
      version: v.version,
      timestampMillis: new Date(v.timestamp as unknown as string | number | Date).getTime(),
      metadata: v.metadata,
    }));
  }

  async describeVersion(version?: number, options?: BranchOption): Promise<VersionDetail> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    if (version !== undefined && (!Number.isInteger(version) || version < 0)) {
      throw errors.InvalidInput(`A version is a whole number from 0 (got ${version})`);
    }
    const versions = await this.listVersions(branch === undefined ? {} : { branch });
    if ((branch ?? this.branch) === undefined) {
      return versionFiles.describeVersion(await this.versionFiles(), versions, version);
    }
    // A branch's manifests live in its own tree; its versions are described without the file.
    const wanted = version ?? versionFiles.highest(versions.map((v) => v.version)) ?? 0;
    const info = versions.find((v) => v.version === wanted);
    if (!info) throw errors.TableVersionNotFound(`Version ${wanted} of ${this.id} does not exist`);
    return info;
  }

  async createVersion(request: CreateVersionRequest): Promise<VersionDetail> {
    const parsed = parseOptions(CreateVersionRequestSchema, request);
    this.mainOnly('create versions');
    return versionFiles.createVersion(await this.versionFiles(), parsed);
  }

  async deleteVersions(request: DeleteVersionsRequest): Promise<number> {
    const { ranges } = parseOptions(DeleteVersionsRequestSchema, request);
    this.mainOnly('delete versions');
    const tagged = new Set((await this.listTags()).map((t) => t.version));
    return versionFiles.deleteVersions(await this.versionFiles(), ranges, tagged);
  }

  private mainOnly(what: string): void {
    if (this.pinnedVersion !== undefined) {
      throw errors.InvalidTableState(
        `This handle on ${this.id} is pinned at a version; ${what} on the latest`,
      );
    }
    if (this.branch !== undefined) {
      throw errors.Unsupported(`Only the main branch can ${what} by manifest file`);
    }
  }

  /**
   * The table's folder, read fresh: these calls write and delete manifest files, so a folder
   * remembered from before another process renamed or recreated the table must not be used.
   */
  private async versionFiles(): Promise<versionFiles.TableFiles> {
    const row = await this.ctx.manifest.find(manifestObjectId(this.namespacePath, this.name));
    if (!row && this.namespacePath.length > 0) {
      throw errors.TableNotFound(`Table ${this.id} does not exist`);
    }
    return { store: this.ctx.store, folder: row?.location ?? `${this.name}.lance`, id: this.id };
  }

  async checkoutVersion(version: number, options?: BranchOption): Promise<TableHandle> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    await this.requireVersion(version, branch);
    const effective = branch ?? this.branch;
    const table = await lance(() =>
      this.ctx.db.openTable(this.name, [...this.namespacePath], {
        ...this.ctx.tableOptions,
        version,
        ...(effective === undefined ? {} : { branch: effective }),
      }),
    );
    return new DirTable(this.ctx, this.name, this.namespacePath, table, version, effective);
  }

  async restore(version: number, options?: BranchOption): Promise<WriteResult> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const live = await this.writable(branch);
    await this.requireVersion(version, branch);
    const effective = branch ?? this.branch;
    // A separate handle: checkout() would otherwise pin this handle's shared table object.
    const scratch = await lance(() =>
      this.ctx.db.openTable(
        this.name,
        [...this.namespacePath],
        effective === undefined
          ? this.ctx.tableOptions
          : { ...this.ctx.tableOptions, branch: effective },
      ),
    );
    await lance(() => scratch.checkout(version));
    await lance(() => scratch.restore());
    const [newVersion, rows] = await Promise.all([
      lance(() => scratch.version()),
      lance(() => scratch.countRows()),
    ]);
    scratch.close();
    // The restored version may have another schema.
    forgetQuerySchema(live);
    return { version: newVersion, numRows: rows };
  }

  async addColumns(request: AddColumnsRequest): Promise<SchemaChangeResult> {
    const parsed = parseOptions(AddColumnsRequestSchema, request);
    return this.changingSchema(parsed.branch, (table) => columns.addColumns(table, parsed.columns));
  }

  async alterColumns(request: AlterColumnsRequest): Promise<SchemaChangeResult> {
    const parsed = parseOptions(AlterColumnsRequestSchema, request);
    return this.changingSchema(parsed.branch, (table) =>
      columns.alterColumns(table, parsed.alterations),
    );
  }

  async dropColumns(request: DropColumnsRequest): Promise<SchemaChangeResult> {
    const parsed = parseOptions(DropColumnsRequestSchema, request);
    return this.changingSchema(parsed.branch, (table) =>
      columns.dropColumns(table, parsed.columns),
    );
  }

  async updateSchemaMetadata(
    metadata: SchemaMetadata,
    options?: BranchOption,
  ): Promise<SchemaMetadata> {
    const { branch } = parseOptions(BranchOptionSchema, options);
    const table = await this.writable(branch);
    const parsed = parseOptions(SchemaMetadataSchema, metadata);
    const effective = branch ?? this.branch;
    const files = await this.versionFiles();
    // A branch is a table of its own under the main one's `tree/` folder.
    const folder = effective === undefined ? files.folder : `${files.folder}/tree/${effective}`;
    await updateSchemaMetadata({ ...files, folder }, parsed);
    // This process's handle would otherwise go on answering from the version before.
    await lance(() => table.checkoutLatest());
    forgetQuerySchema(table);
    return parsed;
  }

  private async changingSchema(
    branch: string | undefined,
    change: (table: lancedb.Table) => Promise<SchemaChangeResult>,
  ): Promise<SchemaChangeResult> {
    const table = await this.writable(branch);
    try {
      return await change(table);
    } finally {
      forgetQuerySchema(table);
    }
  }

  async listTags(): Promise<TagInfo[]> {
    const tags = await lance(async () => (await this.table.tags()).list());
    return Object.entries(tags)
      .map(([name, contents]) => ({
        name,
        version: contents.version,
        manifestSize: contents.manifestSize,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async createTag(tag: string, version: number): Promise<void> {
    assertValidComponent(tag, 'tag name');
    await this.requireVersion(version, undefined);
    if ((await this.listTags()).some((t) => t.name === tag)) {
      throw errors.TableTagAlreadyExists(`Tag ${tag} already exists on ${this.id}`);
    }
    await lance(async () => (await this.table.tags()).create(tag, version));
  }

  async updateTag(tag: string, version: number): Promise<void> {
    await this.requireTag(tag);
    await this.requireVersion(version, undefined);
    await lance(async () => (await this.table.tags()).update(tag, version));
  }

  async deleteTag(tag: string): Promise<void> {
    await this.requireTag(tag);
    await lance(async () => (await this.table.tags()).delete(tag));
  }

  async getTagVersion(tag: string): Promise<number> {
    return (await this.requireTag(tag)).version;
  }

  private async requireTag(tag: string): Promise<TagInfo> {
    assertValidComponent(tag, 'tag name');
    const found = (await this.listTags()).find((t) => t.name === tag);
    if (!found) throw errors.TableTagNotFound(`Tag ${tag} does not exist on ${this.id}`);
    return found;
  }

  async listBranches(): Promise<BranchInfo[]> {
    const branches = await lance(async () => (await this.table.branches()).list());
    return Object.entries(branches)
      .map(([name, contents]) => ({
        name,
        ...(contents.parentBranch ? { parentBranch: contents.parentBranch } : {}),
        parentVersion: contents.parentVersion,
        manifestSize: contents.manifestSize,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async createBranch(name: string, options?: CreateBranchOptions): Promise<void> {
    assertValidComponent(name, 'branch name');
    const { fromBranch, fromVersion } = parseOptions(CreateBranchOptionsSchema, options);
    const existing = await this.listBranches();
    if (existing.some((b) => b.name === name)) {
      throw errors.TableBranchAlreadyExists(`Branch ${name} already exists on ${this.id}`);
    }
    if (fromBranch !== undefined && !existing.some((b) => b.name === fromBranch)) {
      throw errors.TableBranchNotFound(`Branch ${fromBranch} does not exist on ${this.id}`);
    }
    if (fromVersion !== undefined) await this.requireVersion(fromVersion, fromBranch);
    await lance(async () => (await this.table.branches()).create(name, fromBranch, fromVersion));
  }

  async deleteBranch(name: string): Promise<void> {
    await this.requireBranch(name);
    await lance(async () => (await this.table.branches()).delete(name));
    this.onBranchTables.delete(name);
  }

  async onBranch(name: string): Promise<TableHandle> {
    const table = await this.lanceFor(name);
    return new DirTable(this.ctx, this.name, this.namespacePath, table, undefined, name);
  }

  private async requireBranch(name: string): Promise<void> {
    assertValidComponent(name, 'branch name');
    if (!(await this.listBranches()).some((b) => b.name === name)) {
      throw errors.TableBranchNotFound(`Branch ${name} does not exist on ${this.id}`);
    }
  }

  private async requireVersion(version: number, branch: string | undefined): Promise<void> {
    // 0 is a well-formed version number (the specification allows it); no table has it.
    if (!Number.isInteger(version) || version < 0) {
      throw errors.InvalidInput(
        `A version is a whole number from 0 (got ${JSON.stringify(version)})`,
      );
    }
    const versions = await this.listVersions(branch === undefined ? {} : { branch });
    if (!versions.some((v) => v.version === version)) {
      throw errors.TableVersionNotFound(`Version ${version} of ${this.id} does not exist`);
    }
  }
}
