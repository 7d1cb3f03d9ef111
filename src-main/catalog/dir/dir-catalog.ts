/**
 * The `dir` catalog: a local folder in LanceDB's own layout (`__manifest` plus table folders),
 * driven through LanceDB's directory namespace.
 *
 * LanceDB's namespace in this version leaves some of the contract to its caller: it ignores the
 * create/drop modes and cascade, creates tables in namespaces that do not exist, lists an absent
 * namespace as empty and has no rename. This class fills each gap so that the contract holds.
 */
import { randomBytes } from 'node:crypto';
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
} from '../../../src-shared/catalog-api';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import {
  assertStorableNamespaceId,
  assertStorableTableId,
  assertValidComponent,
  assertValidNamespacePath,
  describeId,
  samePath,
} from '../../../src-shared/vocabulary/ids';
import { toArrowTable, type TableData } from '../arrow-data';
import { JobRegistry } from '../jobs';
import { JobStore } from '../job-store';
import { parseOptions } from '../parse-options';
import { collectPages } from '../../../src-shared/vocabulary/pagination';
import { lance, mapLanceError } from './lance-errors';
import { ManifestStore, manifestObjectId, type ManifestRow } from './manifest-store';
import * as declared from './declared-tables';
import { DirTable, type DirContext } from './dir-table';
import { CatalogLock } from './catalog-lock';
import { ProcessLease } from './process-lease';
import { StateTables } from './state-tables';
import { RootFiles } from './root-files';
import { retryingConflicts } from './retry-conflicts';
import { openRoot, type OpenedRoot } from '../storage/open-root';
import { joinRoot } from './root-uri';
import { VersionSnapshots } from './version-snapshots';
import { assertTopLevelColumnNames } from './column-names';

export interface DirCatalogOptions {
  /** Index builds that may run at once; more are queued. */
  jobConcurrency?: number;
  /** Queued builds beyond which new ones are refused with ServiceUnavailable. */
  maxQueuedJobs?: number;
  /**
   * Share job records through the root (`<root>/.catalog-studio/jobs.lance`), so that every
   * process serving it answers for every job and reports a dead process's jobs as interrupted,
   * and repair the catalog on open (see `repair`). The server sets it; the app keeps its jobs in
   * memory. Structural changes take the catalog lock either way.
   */
  journal?: boolean;
  /**
   * LanceDB storage options for an object-store root (`aws_endpoint`, `aws_region`, keys…); the
   * AWS_* environment fills in what is not given, as it does for LanceDB.
   */
  storageOptions?: Record<string, string>;
}
const OPEN_TABLE_TTL_MS = 5000;

/** What a holder of the catalog lock is doing, kept in the lock row for recovery. */
interface LockIntent {
  op: string;
  /** A move that hid its root folder from directory listing while it ran. */
  hide?: boolean;
  path?: string[];
  fromId?: string;
  toId?: string;
  from?: string;
  to?: string;
  location?: string;
}

export async function openDirCatalog(
  root: string,
  options: DirCatalogOptions = {},
): Promise<DirCatalog> {
  const opened = await openRoot(root, {
    ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
  });
  const properties: Record<string, string> = { root: opened.root };
  for (const [key, value] of Object.entries(opened.storageOptions ?? {})) {
    properties[`storage.${key}`] = value;
  }
  let db: lancedb.Connection;
  try {
    db = await lance(() =>
      // readConsistencyInterval 0: every read sees the latest commit, including other processes'.
      lancedb.connectNamespace('dir', properties, {
        readConsistencyInterval: 0,
        ...(opened.storageOptions ? { storageOptions: opened.storageOptions } : {}),
      }),
    );
  } catch (error) {
    opened.close();
    throw error;
  }
  const catalog = new DirCatalog(opened, db, options);
  if (options.journal) await catalog.repair();
  return catalog;
}

export class DirCatalog implements CatalogClient {
  readonly implName = 'dir' as const;
  private readonly jobs: JobRegistry;
  private readonly manifest: ManifestStore;
  private readonly context: DirContext;
  readonly stateTables: StateTables;
  readonly processLease: ProcessLease;
  private readonly lock: CatalogLock;
  private readonly files: RootFiles;

  readonly root: string;
  /** LanceDB storage options for every table of an object-store root. */
  private readonly storageOptions: Record<string, string> | undefined;

  constructor(
    private readonly opened: OpenedRoot,
    private readonly db: lancedb.Connection,
    options: DirCatalogOptions = {},
  ) {
    this.root = opened.root;
    this.storageOptions = opened.storageOptions;
    this.stateTables = new StateTables(
      this.root,
      this.storageOptions ? { storageOptions: this.storageOptions } : {},
    );
    this.processLease = new ProcessLease(this.stateTables);
    this.jobs = new JobRegistry({
      concurrency: options.jobConcurrency ?? 2,
      maxQueued: options.maxQueuedJobs ?? 64,
      mapError: (error) => mapLanceError(error),
      // Job records in the root, shared with every process serving it.
      ...(options.journal ? { store: new JobStore(this.stateTables, this.processLease) } : {}),
    });
    const tableOptions = this.storageOptions ? { storageOptions: this.storageOptions } : {};
    this.manifest = new ManifestStore(this.db, opened.store, tableOptions);
    this.files = new RootFiles(this.root, opened.store);
    this.lock = new CatalogLock(opened.store, {
      recover: (intent) => this.recover(intent as LockIntent),
    });
    this.context = {
      root: this.root,
      db: this.db,
      jobs: this.jobs,
      manifest: this.manifest,
      tableOptions,
      entries: new Map(),
      snapshots: new VersionSnapshots(),
      store: opened.store,
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
    if (path.length > 0) assertStorableNamespaceId(path);
    return this.locked({ op: 'create_namespace', path }, async () => {
      const exists = await this.namespaceExists(path);
      if (exists) {
        if (mode === 'exist_ok') return this.describeNamespace(path);
        if (mode === 'create' || path.length === 0) {
          throw errors.NamespaceAlreadyExists(`Namespace ${describeId(path)} already exists`);
        }
        await this.dropNamespaceHeld(path, 'cascade');
      }
      await this.requireNamespace(path.slice(0, -1), 'parent ');
      if (await this.holdsTable(path[path.length - 1]!, path.slice(0, -1))) {
        throw errors.NamespaceAlreadyExists(`${describeId(path)} is the name of a table`);
      }
      const result = await retryingConflicts(() => this.db.createNamespace(path, { properties }));
      return { properties: result.properties ?? properties ?? {} };
    });
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
    await this.locked({ op: 'drop_namespace', path }, async () => {
      if (!(await this.namespaceExists(path))) {
        if (mode === 'skip') return;
        throw errors.NamespaceNotFound(`Namespace ${describeId(path)} does not exist`);
      }
      await this.dropNamespaceHeld(path, behavior);
    });
  }

  /** Drops an existing namespace; the caller holds the catalog lock. */
  private async dropNamespaceHeld(path: string[], behavior: 'restrict' | 'cascade'): Promise<void> {
    if (behavior === 'cascade') {
      for (const child of await this.allNamespaces(path)) {
        await this.dropNamespaceHeld([...path, child], 'cascade');
      }
      for (const table of await this.allTables(path)) await this.dropTableHeld(table, path);
    }
    await retryingConflicts(() => this.db.dropNamespace(path));
  }

  // ---- tables -----------------------------------------------------------------------------

  async listTables(namespacePath: string[] = [], options?: ListOptions): Promise<TableList> {
    const path = assertValidNamespacePath(namespacePath);
    const { pageToken, limit } = parseOptions(ListOptionsSchema, options);
    if (path.length === 0 && this.files.isLocal) return this.listRootTables(pageToken, limit);
    const result = await lance(() =>
      this.db.listTables(path, { pageToken: pageToken || undefined, limit }),
    );
    // LanceDB lists an absent namespace as empty, so only an empty page needs the extra check.
    if (result.tables.length === 0) await this.requireNamespace(path);
    return withPageToken({ tables: result.tables }, result.pageToken);
  }

  /**
   * The root's tables on a local folder: LanceDB lists them from `<name>.lance` folders only, but a
   * rename that moves a root table changes its manifest row and its folder in two steps. Listing
   * the manifest's root rows together with the folders (a folder being moved carries LanceDB's
   * `.lance-deregistered` marker meanwhile, so the listing skips it) shows each table under exactly
   * one name at every instant of such a rename. Pages are cut here, by name.
   */
  private async listRootTables(pageToken: string | undefined, limit: number | undefined) {
    const folders = await collectPages((token) =>
      lance(() => this.db.listTables([], { pageToken: token || undefined })).then((r) => ({
        items: r.tables,
        pageToken: r.pageToken,
      })),
    );
    const rows = await this.manifest.rows("object_type = 'table' AND NOT contains(object_id, '$')");
    const names = [...new Set([...folders, ...rows.map((r) => r.objectId)])].sort();
    const after = pageToken ? names.filter((n) => n > pageToken) : names;
    const page = limit && limit > 0 ? after.slice(0, limit) : after;
    const more = page.length < after.length;
    return withPageToken({ tables: page }, more ? page[page.length - 1] : undefined);
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
    assertTopLevelColumnNames(schema);
    assertStorableTableId(path, name);
    const objectId = manifestObjectId(path, name);

    // The whole create runs under the lock, the data write included: a rename or drop that
    // came between the declaration and the data would otherwise find a table with no data, or
    // let LanceDB make a second one under the old name. A large write holds other changes back
    // for its duration (they wait, then get 503 with Retry-After).
    const created = await this.locked({ op: 'create_table', toId: objectId }, async () => {
      await this.requireNamespace(path);
      if (await this.namespaceExists([...path, name])) {
        // Namespaces and tables share one manifest key space, so the name is taken.
        throw errors.TableAlreadyExists(
          `${describeId([...path, name])} is the name of a namespace`,
        );
      }
      const place = await this.findLocation(name, path);
      let overwrite = false;
      let declaredHere: string | undefined;
      if (place) {
        const declaredOnly = await declared.isDeclaredOnly(this.files, place);
        if (mode === 'create') {
          throw errors.TableAlreadyExists(
            `Table ${describeId([...path, name])} ${declaredOnly ? 'is already declared' : 'already exists'}`,
          );
        }
        if (mode === 'exist_ok' && !declaredOnly) return undefined;
        overwrite = !declaredOnly;
      } else {
        declaredHere = declared.defaultLocation(path, name);
        // Whoever takes the lock after a crash from here on removes the declaration if no data came.
        await this.lock.note({ op: 'create_table', toId: objectId, location: declaredHere });
        await declared.declareTable(this.files, this.manifest, path, name, undefined, declaredHere);
      }
      const lanceOptions = {
        mode: overwrite ? ('overwrite' as const) : ('create' as const),
        storageOptions: { ...this.storageOptions, ...storageOptions },
      };
      try {
        return await this.changing(name, path, () =>
          retryingConflicts(
            () =>
              data
                ? this.db.createTable(name, data, path, lanceOptions)
                : this.db.createEmptyTable(name, schema, path, lanceOptions),
            // A create whose data committed before the conflict is done: open it, do not redo it.
            async () =>
              !overwrite &&
              !(await declared.isDeclaredOnly(this.files, place ?? declaredHere!)) &&
              lance(() => this.db.openTable(name, path, this.context.tableOptions)),
          ),
        );
      } catch (error) {
        // A refused create leaves nothing behind: the declaration it made goes with it.
        if (declaredHere) await this.removeIfNoData(objectId, declaredHere);
        throw isCatalogError(error) && error.code === ERROR_CODES.TableAlreadyExists
          ? errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`)
          : error;
      }
    });
    if (!created) return this.openTable(name, path);
    if (properties && Object.keys(properties).length > 0) {
      await this.manifest.setTableMetadata(objectId, JSON.stringify(properties));
    }
    return new DirTable(this.context, name, path, created, undefined, undefined);
  }

  /**
   * Removes a declared table that never got data, folder and all; the caller holds the catalog
   * lock. When recovering a dead holder's create, its upload is over: the holder stopped renewing
   * for a whole lease and the grace period passed (see README, Known limitations, for a holder
   * that was only stalled).
   */
  private async removeIfNoData(objectId: string, location: string): Promise<void> {
    if (!(await declared.isDeclaredOnly(this.files, location))) return;
    await this.manifest.removeTable(objectId, location);
    await this.files.removeTree(location);
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
    const objectId = manifestObjectId(path, name);
    await this.locked({ op: 'drop_table', toId: objectId }, () => this.dropTableHeld(name, path));
  }

  /** Drops a table found by its manifest row (or root folder); the caller holds the catalog lock. */
  private async dropTableHeld(name: string, path: string[]): Promise<void> {
    const place = await this.findLocation(name, path);
    if (!place) {
      await this.requireNamespace(path);
      throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
    }
    declared.assertInsideCatalog(this.files, place, describeId([...path, name]));
    for (const job of this.activeJobs(name, path)) {
      this.jobs.cancel(job.id);
      await this.jobs.wait(job.id);
    }
    await this.changing(name, path, async () => {
      if (await declared.isDeclaredOnly(this.files, place)) {
        if ((await this.manifest.removeTable(manifestObjectId(path, name), place)) === 0) {
          throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
        }
        try {
          await this.files.removeTree(place);
        } catch (error) {
          // The table is gone from the catalog; a folder that cannot be removed is only litter.
          console.error(`Could not remove the folder of a dropped table: ${String(error)}`);
        }
        return;
      }
      await retryingConflicts(() => this.db.dropTable(name, path));
    });
  }

  async declareTable(
    name: string,
    namespacePath: string[] = [],
    options: { location?: string } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    assertStorableTableId(path, name);
    const objectId = manifestObjectId(path, name);
    return this.locked({ op: 'declare_table', toId: objectId }, async () => {
      await this.requireNamespace(path);
      if (await this.holdsTable(name, path)) {
        throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
      }
      if (await this.namespaceExists([...path, name])) {
        throw errors.TableAlreadyExists(
          `${describeId([...path, name])} is the name of a namespace`,
        );
      }
      const location = await declared.declareTable(
        this.files,
        this.manifest,
        path,
        name,
        options.location,
      );
      return { location: joinRoot(this.root, location) };
    });
  }

  async registerTable(
    name: string,
    namespacePath: string[],
    location: string,
    options: { mode?: 'create' | 'overwrite' } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    assertStorableTableId(path, name);
    const objectId = manifestObjectId(path, name);
    return this.locked({ op: 'register_table', toId: objectId }, async () => {
      await this.requireNamespace(path);
      const exists = await this.holdsTable(name, path);
      if (exists && options.mode !== 'overwrite') {
        throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
      }
      if (await this.namespaceExists([...path, name])) {
        throw errors.TableAlreadyExists(
          `${describeId([...path, name])} is the name of a namespace`,
        );
      }
      // Everything about the new location is checked before the old entry is touched.
      const replacing = exists ? await this.findLocation(name, path) : undefined;
      const { clean, empty } = await declared.checkRegisterLocation(
        this.files,
        this.manifest,
        path,
        name,
        location,
        replacing,
      );
      if (exists && empty) {
        // Replacing a table's data by nothing would leave its old folder orphaned.
        throw errors.InvalidInput(
          `Location ${JSON.stringify(location)} holds no Lance dataset; an overwrite must register one`,
        );
      }
      if (exists) await this.deregisterHeld(name, path);
      await this.changing(name, path, () =>
        declared.registerTable(this.files, this.manifest, path, name, clean, empty),
      );
      return { location: joinRoot(this.root, clean) };
    });
  }

  async deregisterTable(name: string, namespacePath: string[] = []): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const objectId = manifestObjectId(path, name);
    return this.locked({ op: 'deregister_table', toId: objectId }, () =>
      this.deregisterHeld(name, path),
    );
  }

  private async deregisterHeld(name: string, path: string[]): Promise<{ location: string }> {
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
      declared.deregisterTable(this.files, this.manifest, path, name, place),
    );
    return { location: joinRoot(this.root, place) };
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
      location: joinRoot(this.root, place),
      declaredOnly: await declared.isDeclaredOnly(this.files, place),
    };
  }

  /**
   * Whether a name holds a table (or a declared one), read fresh from the manifest and the root:
   * the checks made under the catalog lock must never trust the handles this process keeps open
   * for a few seconds, or a table another process dropped a moment ago would still hold its name.
   */
  private async holdsTable(name: string, path: string[]): Promise<boolean> {
    return (await this.findLocation(name, path)) !== undefined;
  }

  /**
   * A table's folder relative to the root: its manifest row, found by its exact id. Only a
   * root-level table may instead be a bare `<name>.lance` folder (made by plain `lancedb.connect`).
   * Nothing else falls back: an id that has no row names no table, whatever folders exist.
   */
  private async findLocation(name: string, path: string[]): Promise<string | undefined> {
    const row = await this.manifest.find(manifestObjectId(path, name));
    if (row) return row.objectType === 'table' ? (row.location ?? undefined) : undefined;
    const folder = `${name}.lance`;
    if (
      path.length === 0 &&
      (await this.files.exists(folder)) &&
      !(await this.files.exists(`${folder}/${declared.DEREGISTERED_MARKER}`))
    ) {
      return folder;
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
    assertStorableTableId(target, newName);
    const fromId = manifestObjectId(path, name);
    const toId = manifestObjectId(target, newName);
    await this.locked({ op: 'rename_table', fromId, toId }, async () => {
      const place = await this.findLocation(name, path);
      if (!place) {
        await this.requireNamespace(path);
        throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
      }
      declared.assertInsideCatalog(this.files, place, describeId([...path, name]));
      await this.requireNamespace(target, 'target ');
      if (
        (await this.holdsTable(newName, target)) ||
        (await this.namespaceExists([...target, newName]))
      ) {
        throw errors.TableAlreadyExists(`Table ${describeId([...target, newName])} already exists`);
      }
      if (this.activeJobs(name, path).length) {
        throw errors.InvalidTableState(
          `Table ${describeId([...path, name])} has an index build running; wait for it or cancel it first`,
        );
      }
      // Plain LanceDB finds a root-level table only by its folder `<name>.lance`, so a table
      // arriving at the root must move there, and one leaving it must leave that name.
      const newLocation =
        target.length === 0
          ? `${newName}.lance`
          : place.endsWith('.lance')
            ? declared.defaultLocation(target, newName)
            : place;
      if (newLocation !== place && !this.files.isLocal) {
        throw errors.Unsupported(
          `Renaming ${describeId([...path, name])} to ${describeId([...target, newName])} would move its folder ${place}, which an object store cannot do without copying every file; root-level tables keep their names on object stores, and tables in namespaces rename and move freely`,
        );
      }
      if (newLocation !== place && (await this.files.exists(newLocation))) {
        throw errors.TableAlreadyExists(`The folder ${newLocation} already exists in the catalog`);
      }
      await this.changing(name, path, () =>
        this.changing(newName, target, () =>
          this.moveTableHeld({ fromId, toId, from: place, to: newLocation }),
        ),
      );
    });
  }

  /**
   * Re-keys a table's manifest row, then moves its folder if its name must change. A process that
   * dies between the two leaves the row pointing at the new folder; whoever takes the catalog lock
   * next finishes the move (see `recover`). The caller holds the catalog lock.
   */
  private async moveTableHeld(move: {
    fromId: string;
    toId: string;
    from: string;
    to: string;
  }): Promise<void> {
    const row = await this.manifest.find(move.fromId);
    const moving = move.from !== move.to;
    // A root folder being moved is hidden from LanceDB's directory listing first, so that the root
    // listing (its rows and its folders) never shows the table under both names, or under none.
    const hide = moving && isRootFolder(move.from);
    if (moving) await this.lock.note({ op: 'move_folder', ...move, hide });
    if (hide) await this.files.put(`${move.from}/${declared.DEREGISTERED_MARKER}`, '');
    try {
      if (row) {
        if (!(await this.manifest.rekeyTable(move.fromId, move.from, move.toId, move.to))) {
          throw errors.TableNotFound(`Table '${move.fromId}' changed while it was being renamed`);
        }
      } else {
        // A bare root folder (made by plain LanceDB, no row) gets a row as it moves.
        await this.manifest.insertTable(move.toId, move.to);
      }
    } catch (error) {
      if (hide) await this.files.removeTree(`${move.from}/${declared.DEREGISTERED_MARKER}`);
      throw error;
    }
    if (!moving) return;
    try {
      await this.files.move(move.from, move.to);
    } catch (cause) {
      // Undo the manifest change so the catalog never points at a folder that is not there.
      if (row) await this.manifest.rekeyTable(move.toId, move.to, move.fromId, move.from);
      else await this.manifest.removeTable(move.toId, move.to);
      if (hide) await this.files.removeTree(`${move.from}/${declared.DEREGISTERED_MARKER}`);
      throw errors.Internal(`Could not move the table folder: ${(cause as Error).message}`, {
        cause,
      });
    }
    if (hide) await this.files.removeTree(`${move.to}/${declared.DEREGISTERED_MARKER}`);
  }

  /**
   * Completes what a holder of the catalog lock that died was doing. Each change is ordered so
   * that one manifest commit decides it: before that commit nothing happened (a hiding marker is
   * taken away again), after it the rest is rolled forward. Two changes have steps after their
   * commit: a rename that moves a folder (finished), and a create whose data never came (its
   * declaration is removed).
   */
  private async recover(intent: LockIntent): Promise<void> {
    if (intent.op === 'move_folder' && intent.fromId && intent.toId && intent.from && intent.to) {
      const marker = declared.DEREGISTERED_MARKER;
      const moved = (await this.manifest.find(intent.toId))?.location === intent.to;
      if (
        moved &&
        (await this.files.exists(intent.from)) &&
        !(await this.files.exists(intent.to))
      ) {
        await this.files.move(intent.from, intent.to);
      }
      if (intent.hide) {
        await this.files.removeTree(`${moved ? intent.to : intent.from}/${marker}`);
      }
    }
    if (intent.op === 'create_table' && intent.toId && intent.location) {
      await this.removeIfNoData(intent.toId, intent.location);
    }
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
    await this.processLease.close();
    this.stateTables.close();
    this.manifest.close();
    this.db.close();
    this.opened.close();
  }

  /**
   * Reconciles what crashed processes and older versions left in the root, so that nothing they
   * left answers 500. Taking the lock first finishes a dead holder's change (a create cut off
   * before its data is removed); then rows duplicated by older versions' races and rows whose
   * location the catalog can never hold are reconciled. Returns what it changed, one line each.
   */
  async repair(): Promise<string[]> {
    return this.locked({ op: 'repair' }, async () => {
      const report = [
        ...(await this.removeDuplicateRows()),
        ...(await this.removeUnholdableRows()),
      ];
      for (const line of report) console.error(`catalog repair: ${line}`);
      return report;
    });
  }

  private async removeDuplicateRows(): Promise<string[]> {
    const byId = new Map<string, ManifestRow[]>();
    for (const row of await this.manifest.rows()) {
      byId.set(row.objectId, [...(byId.get(row.objectId) ?? []), row]);
    }
    const report: string[] = [];
    for (const [objectId, rows] of byId) {
      if (rows.length < 2) continue;
      // Keep the row whose folder holds data (or the first), drop the others.
      let keep = rows[0]!;
      for (const row of rows) {
        if (row.location && !(await declared.isDeclaredOnly(this.files, row.location))) {
          keep = row;
          break;
        }
      }
      await this.manifest.removeAll(objectId);
      await this.manifest.insertRow(keep);
      report.push(
        `kept one of ${rows.length} rows for ${objectId} (${keep.location ?? keep.objectType})`,
      );
    }
    return report;
  }

  private async removeUnholdableRows(): Promise<string[]> {
    const report: string[] = [];
    for (const row of await this.manifest.rows("object_type = 'table'")) {
      let holdable = !!row.location;
      try {
        if (row.location) declared.safeRelativeLocation(this.files, row.location);
      } catch {
        holdable = false;
      }
      if (!holdable) {
        await this.manifest.removeTable(row.objectId, row.location ?? undefined);
        report.push(
          `removed ${row.objectId}: its location ${JSON.stringify(row.location)} cannot be held`,
        );
      }
    }
    return report;
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** Runs a structural change under the catalog lock, with the manifest made if it is missing. */
  private locked<T>(intent: LockIntent, change: () => Promise<T>): Promise<T> {
    return this.lock.run(intent, async () => {
      await this.ensureManifest();
      return change();
    });
  }

  /**
   * LanceDB makes `__manifest` on the first namespace or table it creates; a declare, register or
   * rename may come first. Creating and dropping a namespace of a name nobody uses has LanceDB
   * make it in its own layout, with its own indexes.
   */
  private async ensureManifest(): Promise<void> {
    if (await this.manifest.exists()) return;
    const probe = [`__catalog_studio_init_${randomBytes(6).toString('hex')}`];
    await retryingConflicts(() => this.db.createNamespace(probe));
    await retryingConflicts(() => this.db.dropNamespace(probe));
  }

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
    this.context.snapshots.forget(key);
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
    // Symlinks exist only on a local disk; an object store is spared the manifest lookup, so an
    // open costs what LanceDB's own openTable costs there.
    if (this.files.isLocal) {
      const known = await this.findLocation(name, path).catch(() => undefined);
      if (known) declared.assertInsideCatalog(this.files, known, describeId([...path, name]));
    }
    try {
      return await lance(() => this.db.openTable(name, path, this.context.tableOptions));
    } catch (error) {
      const place = await this.findLocation(name, path).catch(() => undefined);
      if (place && (await declared.isDeclaredOnly(this.files, place))) {
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

/** A folder LanceDB finds by directory listing: `<name>.lance` directly under the root. */
function isRootFolder(location: string): boolean {
  return location.endsWith('.lance') && !location.includes('/');
}

function withPageToken<T extends object>(
  result: T,
  pageToken: string | undefined | null,
): T & { pageToken?: string } {
  return pageToken ? { ...result, pageToken } : result;
}
