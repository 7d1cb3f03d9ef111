/**
 * The `dir` catalog: a local folder in LanceDB's own layout (`__manifest` plus table folders),
 * driven through LanceDB's directory namespace.
 *
 * LanceDB's namespace in this version leaves some of the contract to its caller: it ignores the
 * create/drop modes and cascade, creates tables in namespaces that do not exist, lists an absent
 * namespace as empty and has no rename. This class fills each gap so that the contract holds.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { CatalogClient, NamespaceList, TableHandle, TableList } from '../client';
import {
  CreateNamespaceOptionsSchema,
  CreateTableOptionsSchema,
  DropNamespaceOptionsSchema,
  ListOptionsSchema,
  OpenTableOptionsSchema,
  RenameTableOptionsSchema,
  type CreateNamespaceOptions,
  type CreateTableOptions,
  type DropNamespaceOptions,
  type JobEvent,
  type JobRecord,
  type ListOptions,
  type OpenTableOptions,
  type RenameTableOptions,
} from '../contract';
import { ERROR_CODES, errors, isCatalogError } from '../errors';
import { assertValidComponent, assertValidNamespacePath, describeId, samePath } from '../ids';
import { toArrowTable, type TableData } from '../arrow-data';
import { JobRegistry } from '../jobs';
import { FileJobJournal } from '../job-journal';
import { parseOptions } from '../parse-options';
import { collectPages } from '../pagination';
import { lance, mapLanceError } from './lance-errors';
import { ManifestStore, manifestObjectId } from './manifest-store';
import * as declared from './declared-tables';
import { DirTable, type DirContext } from './dir-table';
import { jobJournalPath } from './state-folder';
import { CreateIntents } from './create-intents';

export interface DirCatalogOptions {
  /** Index builds that may run at once; more are queued. */
  jobConcurrency?: number;
  /** Queued builds beyond which new ones are refused with ServiceUnavailable. */
  maxQueuedJobs?: number;
  /**
   * Keep a journal in `<root>/.catalog-studio/`: job records (`jobs.json`) and tables being
   * created (`creating/`). After a crash or restart the jobs of the previous run are listed,
   * unfinished ones as failed (interrupted), and tables whose create was cut off are removed.
   * For the one long-lived process that owns the folder (the server): two processes journaling
   * the same folder would overwrite each other's records and undo each other's creates.
   */
  journal?: boolean;
}
const OPEN_TABLE_TTL_MS = 5000;

export async function openDirCatalog(
  root: string,
  options: DirCatalogOptions = {},
): Promise<DirCatalog> {
  const absolute = resolve(root);
  try {
    mkdirSync(absolute, { recursive: true });
  } catch (cause) {
    throw errors.InvalidInput(
      `Cannot create the catalog folder ${absolute}: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  const db = await lance(() =>
    // readConsistencyInterval 0: every read sees the latest commit, including other processes'.
    lancedb.connectNamespace('dir', { root: absolute }, { readConsistencyInterval: 0 }),
  );
  const catalog = new DirCatalog(absolute, db, options);
  if (options.journal) await catalog.removeInterruptedCreates();
  return catalog;
}

export class DirCatalog implements CatalogClient {
  readonly implName = 'dir' as const;
  private readonly jobs: JobRegistry;
  private readonly manifest: ManifestStore;
  private readonly context: DirContext;
  private readonly creating: CreateIntents | undefined;

  constructor(
    readonly root: string,
    private readonly db: lancedb.Connection,
    options: DirCatalogOptions = {},
  ) {
    this.jobs = new JobRegistry({
      concurrency: options.jobConcurrency ?? 2,
      maxQueued: options.maxQueuedJobs ?? 64,
      mapError: (error) => mapLanceError(error),
      ...(options.journal ? { journal: new FileJobJournal(jobJournalPath(this.root)) } : {}),
    });
    this.manifest = new ManifestStore(this.root);
    this.creating = options.journal ? new CreateIntents(this.root) : undefined;
    this.context = {
      root: this.root,
      db: this.db,
      jobs: this.jobs,
      manifest: this.manifest,
      entries: new Map(),
    };
  }

  // ---- namespaces -------------------------------------------------------------------------

  async listNamespaces(
    namespacePath: string[] = [],
    options?: ListOptions,
  ): Promise<NamespaceList> {
    const path = assertValidNamespacePath(namespacePath);
    const { pageToken, limit } = parseOptions(ListOptionsSchema, options);
    const result = await lance(() =>
      this.db.listNamespaces(path, { pageToken: pageToken || undefined, limit }),
    );
    // LanceDB lists an absent namespace as empty, so only an empty page needs the extra check.
    if (result.namespaces.length === 0) await this.requireNamespace(path);
    return withPageToken({ namespaces: result.namespaces }, result.pageToken);
  }

  async createNamespace(
    namespacePath: string[],
    options?: CreateNamespaceOptions,
  ): Promise<{ properties: Record<string, string> }> {
    const path = assertValidNamespacePath(namespacePath);
    const { mode = 'create', properties } = parseOptions(CreateNamespaceOptionsSchema, options);
    const exists = await this.namespaceExists(path);
    if (exists) {
      if (mode === 'exist_ok') return this.describeNamespace(path);
      if (mode === 'create' || path.length === 0) {
        throw errors.NamespaceAlreadyExists(`Namespace ${describeId(path)} already exists`);
      }
      await this.dropNamespace(path, { behavior: 'cascade' });
    }

    await this.requireNamespace(path.slice(0, -1), 'parent ');
    if (await this.tableExists(path[path.length - 1]!, path.slice(0, -1))) {
      throw errors.NamespaceAlreadyExists(`${describeId(path)} is the name of a table`);
    }
    const result = await lance(() => this.db.createNamespace(path, { properties }));
    return { properties: result.properties ?? properties ?? {} };
  }

  async describeNamespace(
    namespacePath: string[],
  ): Promise<{ properties: Record<string, string> }> {
    const path = assertValidNamespacePath(namespacePath);
    const result = await lance(() => this.db.describeNamespace(path)).catch((error) => {
      throw isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound
        ? errors.NamespaceNotFound(`Namespace ${describeId(path)} does not exist`)
        : error;
    });
    return { properties: result.properties ?? {} };
  }

  async namespaceExists(namespacePath: string[]): Promise<boolean> {
    const path = assertValidNamespacePath(namespacePath);
    if (path.length === 0) return true;
    try {
      await this.describeNamespace(path);
      return true;
    } catch (error) {
      if (isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound) return false;
      throw error;
    }
  }

  async dropNamespace(namespacePath: string[], options?: DropNamespaceOptions): Promise<void> {
    const path = assertValidNamespacePath(namespacePath);
    const { mode = 'fail', behavior = 'restrict' } = parseOptions(
      DropNamespaceOptionsSchema,
      options,
    );
    if (path.length === 0) throw errors.InvalidInput('The root namespace cannot be dropped');
    if (!(await this.namespaceExists(path))) {
      if (mode === 'skip') return;
      throw errors.NamespaceNotFound(`Namespace ${describeId(path)} does not exist`);
    }
    if (behavior === 'cascade') {
      for (const child of await this.allNamespaces(path)) {
        await this.dropNamespace([...path, child], { behavior: 'cascade', mode: 'skip' });
      }
      for (const table of await this.allTables(path)) await this.dropTable(table, path);
    }
    await lance(() => this.db.dropNamespace(path));
  }

  // ---- tables -----------------------------------------------------------------------------

  async listTables(namespacePath: string[] = [], options?: ListOptions): Promise<TableList> {
    const path = assertValidNamespacePath(namespacePath);
    const { pageToken, limit } = parseOptions(ListOptionsSchema, options);
    const result = await lance(() =>
      this.db.listTables(path, { pageToken: pageToken || undefined, limit }),
    );
    // LanceDB lists an absent namespace as empty, so only an empty page needs the extra check.
    if (result.tables.length === 0) await this.requireNamespace(path);
    return withPageToken({ tables: result.tables }, result.pageToken);
  }

  async createTable(
    name: string,
    data: TableData,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    const table = toArrowTable(data);
    return this.create(
      name,
      namespacePath,
      options,
      table.schema,
      table.numRows > 0 ? table : undefined,
    );
  }

  async createEmptyTable(
    name: string,
    schema: Schema,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    return this.create(name, namespacePath, options, schema, undefined);
  }

  private async create(
    name: string,
    namespacePath: string[],
    options: CreateTableOptions | undefined,
    schema: Schema,
    data: ArrowTable | undefined,
  ): Promise<TableHandle> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const {
      mode = 'create',
      storageOptions,
      properties,
    } = parseOptions(CreateTableOptionsSchema, options);
    if (schema.fields.length === 0) throw errors.InvalidInput('A table needs at least one column');
    await this.requireNamespace(path);
    if (await this.namespaceExists([...path, name])) {
      // Namespaces and tables share one manifest key space, so the name is taken.
      throw errors.TableAlreadyExists(`${describeId([...path, name])} is the name of a namespace`);
    }
    if (mode === 'create') {
      // A declared table (reserved, no data yet) already holds the name.
      const place = await this.findLocation(name, path);
      if (place && declared.isDeclaredOnly(this.root, place)) {
        throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} is already declared`);
      }
    }
    const lanceOptions = {
      mode: mode === 'overwrite' ? ('overwrite' as const) : ('create' as const),
      existOk: mode === 'exist_ok',
      storageOptions,
    };
    const ended = this.creating?.begin({ namespacePath: path, name });
    const created = await lance(() =>
      data
        ? this.db.createTable(name, data, path, lanceOptions)
        : this.db.createEmptyTable(name, schema, path, lanceOptions),
    )
      .catch((error) => {
        throw isCatalogError(error) && error.code === ERROR_CODES.TableAlreadyExists
          ? errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`)
          : error;
      })
      .finally(ended);
    this.forget(name, path);
    if (properties && Object.keys(properties).length > 0 && mode !== 'exist_ok') {
      await this.manifest.setTableMetadata(
        manifestObjectId(path, name),
        JSON.stringify(properties),
      );
    }
    return new DirTable(this.context, name, path, created, undefined, undefined);
  }

  async openTable(
    name: string,
    namespacePath: string[] = [],
    options?: OpenTableOptions,
  ): Promise<TableHandle> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const { version, branch } = parseOptions(OpenTableOptionsSchema, options);
    const table = await this.openLance(name, path);
    const handle = new DirTable(this.context, name, path, table, undefined, undefined);
    if (branch !== undefined) {
      const onBranch = await handle.onBranch(branch);
      return version === undefined ? onBranch : onBranch.checkoutVersion(version);
    }
    return version === undefined ? handle : handle.checkoutVersion(version);
  }

  async tableExists(name: string, namespacePath: string[] = []): Promise<boolean> {
    try {
      await this.openLance(
        assertValidComponent(name, 'table name'),
        assertValidNamespacePath(namespacePath),
      );
      return true;
    } catch (error) {
      // Declared but not yet written still counts as existing, as in LanceDB's namespace.
      if (isCatalogError(error) && error.code === ERROR_CODES.InvalidTableState) return true;
      if (
        isCatalogError(error) &&
        (error.code === ERROR_CODES.TableNotFound || error.code === ERROR_CODES.NamespaceNotFound)
      ) {
        return false;
      }
      throw error;
    }
  }

  async dropTable(name: string, namespacePath: string[] = []): Promise<void> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const place = await this.findLocation(name, path);
    if (place && declared.isDeclaredOnly(this.root, place)) {
      declared.assertInsideCatalog(this.root, place, describeId([...path, name]));
      await this.manifest.removeTable(manifestObjectId(path, name));
      rmSync(join(this.root, place), { recursive: true, force: true });
      return;
    }
    await this.openLance(name, path);
    for (const job of this.activeJobs(name, path)) {
      this.jobs.cancel(job.id);
      await this.jobs.wait(job.id);
    }
    await this.changing(name, path, () => lance(() => this.db.dropTable(name, path)));
  }

  async declareTable(
    name: string,
    namespacePath: string[] = [],
    options: { location?: string } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    await this.requireNamespace(path);
    if (await this.tableExists(name, path)) {
      throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
    }
    const location = await declared.declareTable(
      this.root,
      this.manifest,
      path,
      name,
      options.location,
    );
    return { location: join(this.root, location) };
  }

  async registerTable(
    name: string,
    namespacePath: string[],
    location: string,
    options: { mode?: 'create' | 'overwrite' } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);

    await this.requireNamespace(path);
    const exists = await this.tableExists(name, path);
    if (exists && options.mode !== 'overwrite') {
      throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
    }
    // Everything about the new location is checked before the old entry is touched.
    const replacing = exists ? await this.findLocation(name, path) : undefined;
    const clean = await declared.checkRegisterLocation(
      this.root,
      this.manifest,
      path,
      name,
      location,
      replacing,
    );
    if (exists) await this.deregisterTable(name, path);
    await this.changing(name, path, () =>
      declared.registerTable(this.root, this.manifest, path, name, clean),
    );
    return { location: join(this.root, clean) };
  }

  async deregisterTable(name: string, namespacePath: string[] = []): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const place = await this.findLocation(name, path);
    if (!place) {
      await this.requireNamespace(path);
      throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
    }

    if (this.activeJobs(name, path).length) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} has an index build running`,
      );
    }
    await this.changing(name, path, () =>
      declared.deregisterTable(this.root, this.manifest, path, name, place),
    );
    return { location: join(this.root, place) };
  }

  async tableLocation(
    name: string,
    namespacePath: string[] = [],
  ): Promise<{ location: string; declaredOnly: boolean }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const place = await this.findLocation(name, path);
    if (!place) {
      await this.requireNamespace(path);
      throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
    }
    return {
      location: join(this.root, place),
      declaredOnly: declared.isDeclaredOnly(this.root, place),
    };
  }

  /** A table's folder relative to the root: its manifest row, or `<name>.lance` at the root. */
  private async findLocation(name: string, path: string[]): Promise<string | undefined> {
    const row = await this.manifest.find(manifestObjectId(path, name));
    if (row?.location) return row.location;
    if (
      path.length === 0 &&
      existsSync(join(this.root, `${name}.lance`)) &&
      !existsSync(join(this.root, `${name}.lance`, '.lance-deregistered'))
    ) {
      return `${name}.lance`;
    }
    return undefined;
  }

  async renameTable(
    name: string,
    newName: string,
    namespacePath: string[] = [],
    options?: RenameTableOptions,
  ): Promise<void> {
    assertValidComponent(name, 'table name');
    assertValidComponent(newName, 'new table name');
    const path = assertValidNamespacePath(namespacePath);
    const { newNamespacePath } = parseOptions(RenameTableOptionsSchema, options);
    const target =
      newNamespacePath === undefined ? path : assertValidNamespacePath(newNamespacePath);
    await this.openLance(name, path);
    await this.requireNamespace(target, 'target ');
    if (await this.tableExists(newName, target)) {
      throw errors.TableAlreadyExists(`Table ${describeId([...target, newName])} already exists`);
    }

    if (this.activeJobs(name, path).length) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} has an index build running; wait for it or cancel it first`,
      );
    }
    await this.changing(name, path, () =>
      this.changing(newName, target, () =>
        this.manifest.renameTable(
          { namespacePath: path, name },
          { namespacePath: target, name: newName },
        ),
      ),
    );
  }

  // ---- jobs -------------------------------------------------------------------------------

  async listJobs(): Promise<JobRecord[]> {
    return this.jobs.list();
  }

  async getJob(id: string): Promise<JobRecord> {
    return this.jobs.get(id);
  }

  async cancelJob(id: string): Promise<JobRecord> {
    return this.jobs.cancel(id);
  }

  /** Resolves when the job reaches a terminal state. */
  async waitForJob(id: string): Promise<JobRecord> {
    return this.jobs.wait(id);
  }

  onJobEvent(listener: (event: JobEvent) => void): () => void {
    return this.jobs.on(listener);
  }

  async close(): Promise<void> {
    await this.jobs.close();
    this.manifest.close();
    this.db.close();
  }

  /**
   * Removes tables whose create was cut off by a crash: declared by LanceDB, never committed.
   * Runs once at open, before any request, so no create of this process can be in flight.
   */
  async removeInterruptedCreates(): Promise<void> {
    for (const { intent, clear } of this.creating?.leftovers() ?? []) {
      const place = await this.findLocation(intent.name, intent.namespacePath);
      if (place && !existsSync(join(this.root, place, '_versions'))) {
        await this.manifest.removeTable(manifestObjectId(intent.namespacePath, intent.name));
        rmSync(join(this.root, place), { recursive: true, force: true });
      }
      clear();
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  private async requireNamespace(path: string[], what = ''): Promise<void> {
    if (!(await this.namespaceExists(path))) {
      throw errors.NamespaceNotFound(`The ${what}namespace ${describeId(path)} does not exist`);
    }
  }
  /**
   * Opened tables, kept for a few seconds: opening resolves the manifest and reads the dataset
   * header, which would otherwise dominate every small request. Reads stay fresh (the connection
   * checks for new versions on every read); this process evicts entries it drops, renames or
   * overwrites, and the short lifetime bounds how long another process's rename can go unseen.
   */
  private readonly openTables = new Map<string, { table: Promise<lancedb.Table>; at: number }>();
  private forget(name: string, path: readonly string[]): void {
    const key = manifestObjectId(path, name);
    this.openTables.delete(key);
    this.context.entries.delete(key);
  }

  /**
   * Runs a change that moves, removes or recreates a table, forgetting its cached handle before
   * and after, so that an open racing with the change cannot put the old handle back.
   */
  private async changing<T>(
    name: string,
    path: readonly string[],
    change: () => Promise<T>,
  ): Promise<T> {
    this.forget(name, path);
    try {
      return await change();
    } finally {
      this.forget(name, path);
    }
  }

  private activeJobs(name: string, path: readonly string[]) {
    return this.jobs.activeFor(
      (r) => r.target.table === name && samePath(r.target.namespacePath, path),
    );
  }

  private async openLance(name: string, path: string[]): Promise<lancedb.Table> {
    const key = manifestObjectId(path, name);
    const now = Date.now();
    const cached = this.openTables.get(key);
    if (cached && now - cached.at < OPEN_TABLE_TTL_MS) return cached.table;
    // Expired entries go when a new one comes, so the cache holds only recently used tables.
    for (const [other, entry] of this.openTables)
      if (now - entry.at >= OPEN_TABLE_TTL_MS) this.openTables.delete(other);
    const table = this.openLanceUncached(name, path);
    this.openTables.set(key, { table, at: now });
    table.catch(() => {
      if (this.openTables.get(key)?.table === table) this.openTables.delete(key);
    });
    return table;
  }

  private async openLanceUncached(name: string, path: string[]): Promise<lancedb.Table> {
    const known = await this.findLocation(name, path).catch(() => undefined);
    if (known) declared.assertInsideCatalog(this.root, known, describeId([...path, name]));
    try {
      return await lance(() => this.db.openTable(name, path));
    } catch (error) {
      const place = await this.findLocation(name, path).catch(() => undefined);
      if (place && declared.isDeclaredOnly(this.root, place)) {
        throw errors.InvalidTableState(
          `Table ${describeId([...path, name])} is declared but has no data yet`,
        );
      }
      if (isCatalogError(error) && error.code === ERROR_CODES.TableNotFound) {
        await this.requireNamespace(path);
        throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
      }
      throw error;
    }
  }

  private async allNamespaces(path: string[]): Promise<string[]> {
    return collectPages((pageToken) =>
      this.listNamespaces(path, { pageToken }).then((r) => ({
        items: r.namespaces,
        pageToken: r.pageToken,
      })),
    );
  }

  private async allTables(path: string[]): Promise<string[]> {
    return collectPages((pageToken) =>
      this.listTables(path, { pageToken }).then((r) => ({
        items: r.tables,
        pageToken: r.pageToken,
      })),
    );
  }
}

function withPageToken<T extends object>(
  result: T,
  pageToken: string | undefined | null,
): T & { pageToken?: string } {
  return pageToken ? { ...result, pageToken } : result;
}
