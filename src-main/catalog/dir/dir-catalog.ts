/**
 * The `dir` catalog: a local folder in LanceDB's own layout (`__manifest` plus table folders),
 * driven through LanceDB's directory namespace.
 *
 * LanceDB's namespace in this version leaves some of the contract to its caller: it ignores the
 * create/drop modes and cascade, creates tables in namespaces that do not exist, lists an absent
 * namespace as empty and has no rename. This class fills each gap so that the contract holds,
 * through the modules it delegates to: dir-namespaces.ts, dir-listing.ts, dir-table-lifecycle.ts
 * (create, open, drop), dir-registration.ts (declare, register, deregister), dir-rename.ts (rename
 * and the recovery of a dead lock holder's change) and dir-repair.ts; dir-catalog-context.ts holds
 * what they share. `openDirCatalog` hands it out behind validated-client.ts, so arguments arrive
 * checked.
 */
import * as lancedb from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import type { CatalogClient, NamespaceList, TableHandle, TableList } from '../client';
import type {
  CreateNamespaceOptions,
  CreateTableOptions,
  DropNamespaceOptions,
  JobEvent,
  JobRecord,
  ListOptions,
  OpenTableOptions,
  RenameTableOptions,
} from '../../../src-shared/catalog-api';
import type { TableData } from '../arrow-data';
import { JobRegistry } from '../jobs/job-registry';
import { JobStore } from '../jobs/job-store';
import { dirJobJournal } from './coordination/dir-job-journal';
import { lance, mapLanceError } from './lance-errors';
import { ManifestStore } from './namespace/manifest-store';
import { CatalogLock } from './coordination/catalog-lock';
import { ProcessLease } from './coordination/process-lease';
import { StateTables } from './coordination/state-tables';
import { RootFiles } from './namespace/root-files';
import { openRoot, type OpenedRoot } from '../storage/open-root';
import { VersionSnapshots } from './table/version-snapshots';
import { OpenTableCache } from './table/open-table-cache';
import { RootListingCache } from './namespace/root-listing-cache';
import { withRootTablesByManifest } from './namespace/root-tables-by-manifest';
import type { CatalogContext, LockIntent } from './dir-catalog-context';
import * as lookups from './namespace/dir-lookups';
import * as listing from './namespace/dir-listing';
import * as namespaces from './namespace/dir-namespaces';
import * as tables from './table/dir-table-lifecycle';
import * as registration from './namespace/dir-registration';
import { recover, renameTable } from './namespace/dir-rename';
import { repair } from './namespace/dir-repair';
import { validatedCatalog } from '../validated-client';
import { storeWatched } from './store-watched';

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
  /**
   * On an object store: how long a request to it (retries included), and a LanceDB call while it
   * does not answer, may take before it is given up on with 503 (default 10 s).
   */
  storeBoundMs?: number;
}

/** The directory catalog at `root`, created if missing, behind the argument checks. */
export async function openDirCatalog(
  root: string,
  options: DirCatalogOptions = {},
): Promise<CatalogClient> {
  const opened = await openRoot(root, {
    ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
    ...(options.storeBoundMs ? { storeBoundMs: options.storeBoundMs } : {}),
  });
  const properties: Record<string, string> = { root: opened.root };
  for (const [key, value] of Object.entries(opened.storageOptions ?? {})) {
    properties[`storage.${key}`] = value;
  }
  let db: lancedb.Connection;
  // readConsistencyInterval 0: every read sees the latest commit, including other processes'.
  const connectOptions = {
    readConsistencyInterval: 0,
    ...(opened.storageOptions ? { storageOptions: opened.storageOptions } : {}),
  };
  try {
    db = withRootTablesByManifest(
      await lance(() => lancedb.connectNamespace('dir', properties, connectOptions)),
      properties,
      connectOptions,
    );
  } catch (error) {
    opened.close();
    throw error;
  }
  const catalog = new DirCatalog(opened, db, options);
  if (options.journal) await catalog.repair();
  return validatedCatalog(storeWatched(catalog, opened.health));
}

export class DirCatalog implements CatalogClient {
  readonly implName = 'dir' as const;
  private readonly jobs: JobRegistry;
  private readonly manifest: ManifestStore;
  /** What the catalog's parts (namespaces, tables, registration, rename, repair) share. */
  private readonly ctx: CatalogContext;
  readonly stateTables: StateTables;
  readonly processLease: ProcessLease;

  readonly root: string;

  constructor(
    private readonly opened: OpenedRoot,
    private readonly db: lancedb.Connection,
    options: DirCatalogOptions = {},
  ) {
    this.root = opened.root;
    // LanceDB storage options for every table of an object-store root.
    const storageOptions = opened.storageOptions;
    this.stateTables = new StateTables(this.root, storageOptions ? { storageOptions } : {});
    this.processLease = new ProcessLease(opened.store);
    this.jobs = new JobRegistry({
      concurrency: options.jobConcurrency ?? 2,
      maxQueued: options.maxQueuedJobs ?? 64,
      mapError: (error) => mapLanceError(error),
      // Job records in the root, shared with every process serving it.
      ...(options.journal
        ? { store: new JobStore(dirJobJournal(this.stateTables, this.processLease)) }
        : {}),
    });
    const tableOptions = storageOptions ? { storageOptions } : {};
    this.manifest = new ManifestStore(this.db, opened.store, tableOptions);
    const files = new RootFiles(this.root, opened.store);
    const lock = new CatalogLock(opened.store, {
      recover: (intent) => recover(this.ctx, intent as LockIntent),
    });
    this.ctx = {
      root: this.root,
      db: this.db,
      jobs: this.jobs,
      manifest: this.manifest,
      files,
      lock,
      storageOptions,
      tableContext: {
        root: this.root,
        db: this.db,
        jobs: this.jobs,
        manifest: this.manifest,
        tableOptions,
        entries: new Map(),
        snapshots: new VersionSnapshots(),
        store: opened.store,
      },
      openTables: new OpenTableCache(),
      rootListing: new RootListingCache(this.root),
    };
  }

  // ---- namespaces -------------------------------------------------------------------------

  async listNamespaces(
    namespacePath: string[] = [],
    options?: ListOptions,
  ): Promise<NamespaceList> {
    return listing.listNamespaces(this.ctx, namespacePath, options);
  }

  async createNamespace(
    namespacePath: string[],
    options?: CreateNamespaceOptions,
  ): Promise<{ properties: Record<string, string> }> {
    return namespaces.createNamespace(this.ctx, namespacePath, options);
  }

  async describeNamespace(
    namespacePath: string[],
  ): Promise<{ properties: Record<string, string> }> {
    return lookups.describeNamespace(this.ctx, namespacePath);
  }

  async namespaceExists(namespacePath: string[]): Promise<boolean> {
    return lookups.namespaceExists(this.ctx, namespacePath);
  }

  async dropNamespace(namespacePath: string[], options?: DropNamespaceOptions): Promise<void> {
    return namespaces.dropNamespace(this.ctx, namespacePath, options);
  }

  // ---- tables -----------------------------------------------------------------------------

  async listTables(namespacePath: string[] = [], options?: ListOptions): Promise<TableList> {
    return listing.listTables(this.ctx, namespacePath, options);
  }

  async createTable(
    name: string,
    data: TableData,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    return tables.createTable(this.ctx, name, data, namespacePath, options);
  }

  async createEmptyTable(
    name: string,
    schema: Schema,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    return tables.createEmptyTable(this.ctx, name, schema, namespacePath, options);
  }

  async openTable(
    name: string,
    namespacePath: string[] = [],
    options?: OpenTableOptions,
  ): Promise<TableHandle> {
    return tables.openTable(this.ctx, name, namespacePath, options);
  }

  async tableExists(name: string, namespacePath: string[] = []): Promise<boolean> {
    return tables.tableExists(this.ctx, name, namespacePath);
  }

  async dropTable(name: string, namespacePath: string[] = []): Promise<void> {
    return tables.dropTable(this.ctx, name, namespacePath);
  }

  async declareTable(
    name: string,
    namespacePath: string[] = [],
    options: { location?: string } = {},
  ): Promise<{ location: string }> {
    return registration.declareTable(this.ctx, name, namespacePath, options);
  }

  async registerTable(
    name: string,
    namespacePath: string[],
    location: string,
    options: { mode?: 'create' | 'overwrite' } = {},
  ): Promise<{ location: string }> {
    return registration.registerTable(this.ctx, name, namespacePath, location, options);
  }

  async deregisterTable(name: string, namespacePath: string[] = []): Promise<{ location: string }> {
    return registration.deregisterTable(this.ctx, name, namespacePath);
  }

  async tableLocation(
    name: string,
    namespacePath: string[] = [],
  ): Promise<{ location: string; declaredOnly: boolean }> {
    return registration.tableLocation(this.ctx, name, namespacePath);
  }

  async renameTable(
    name: string,
    newName: string,
    namespacePath: string[] = [],
    options?: RenameTableOptions,
  ): Promise<void> {
    return renameTable(this.ctx, name, newName, namespacePath, options);
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
   * left answers 500 (see `dir-repair.ts`). Returns what it changed, one line each.
   */
  async repair(): Promise<string[]> {
    return repair(this.ctx);
  }
}
