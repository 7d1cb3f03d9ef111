/**
 * What the parts of a `dir` table handle share: the catalog's table context, the LanceDB table
 * of the handle's own branch (and of the others it was asked about), and the lookups every part
 * checks against: the manifest entry, the version files, the versions, tags and branches.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { BranchInfo, TagInfo, VersionInfo } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { assertValidComponent, describeId } from '../../../../src-shared/vocabulary/ids';
import type { TableCreation } from '../../client';
import type { JobRegistry } from '../../jobs/job-registry';
import type { ObjectStore } from '../../storage/object-store';
import type { IndexTableRef } from './dir-indexes';
import { lance } from '../lance-errors';
import { manifestObjectId, type ManifestStore } from '../namespace/manifest-store';
import { joinRoot } from '../../storage/root-uri';
import type { VersionSnapshots } from './version-snapshots';
import { manifestVersionInfo } from '../lance-format/manifest-summary';
import { branchFolder, manifests, type TableFiles } from './dir-versions';
import { mapConcurrently } from '../../map-concurrently';

/** Manifests read at once when listing versions: an object store answers each in a round trip. */
const MANIFEST_READS_AT_ONCE = 32;

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

export class DirTableCore {
  private readonly onBranchTables = new Map<string, Promise<lancedb.Table>>();

  constructor(
    readonly ctx: DirContext,
    readonly name: string,
    readonly namespacePath: readonly string[],
    readonly table: lancedb.Table,
    readonly pinnedVersion: number | undefined,
    readonly branch: string | undefined,
    /** Set on the handle a create answers (see TableHandle.created). */
    readonly created: TableCreation | undefined = undefined,
  ) {}

  get id(): string {
    return describeId([...this.namespacePath, this.name]);
  }

  /** The LanceDB table for a branch option; no option means this handle's own branch. */
  async lanceFor(branch: string | undefined): Promise<lancedb.Table> {
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

  /** Forgets a deleted branch's table. */
  forgetBranch(name: string): void {
    this.onBranchTables.delete(name);
  }

  writable(branch: string | undefined): Promise<lancedb.Table> {
    if (this.pinnedVersion !== undefined) {
      throw errors.InvalidTableState(
        `This handle on ${this.id} is pinned at version ${this.pinnedVersion} and is read-only; open the latest version to write`,
      );
    }
    return this.lanceFor(branch);
  }

  ref(branch: string | undefined): IndexTableRef {
    return { namespacePath: this.namespacePath, name: this.name, branch: branch ?? this.branch };
  }

  /**
   * A table's manifest entry is read once and remembered by the catalog until it renames, drops
   * or recreates the table.
   */
  entry(): Promise<TableEntry> {
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

  mainOnly(what: string): void {
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
  async versionFiles(): Promise<TableFiles> {
    const row = await this.ctx.manifest.find(manifestObjectId(this.namespacePath, this.name));
    if (!row && this.namespacePath.length > 0) {
      throw errors.TableNotFound(`Table ${this.id} does not exist`);
    }
    return {
      store: this.ctx.store,
      folder: row?.location ?? `${this.name}.lance`,
      id: this.id,
      lance: { root: this.ctx.root, ...this.ctx.tableOptions },
    };
  }

  /**
   * The branch's manifest files by version. Its table is opened first, so that a missing table
   * or branch is answered as LanceDB answers it.
   */
  private async branchManifests(branch: string | undefined) {
    const table = await this.lanceFor(branch);
    const files = await this.branchFiles(branch);
    return { table, files, present: await manifests(files) };
  }

  /**
   * The table's files as a branch has them: a branch keeps its manifests, transactions and new
   * files in its own tree (`tree/<name>`). No branch named means this handle's own.
   */
  async branchFiles(branch: string | undefined): Promise<TableFiles> {
    const files = await this.versionFiles();
    const b = branch ?? this.branch;
    return b === undefined ? files : { ...files, folder: branchFolder(files, b) };
  }

  /**
   * The branch's versions, oldest first, or only its `newest` few. Read from the manifests here
   * rather than by LanceDB's `listVersions`, which reads every one: the same answer (the tests
   * compare them), and the newest window of a long history without the rest.
   */
  async listVersions(branch: string | undefined, newest?: number): Promise<VersionInfo[]> {
    const { table, files, present } = await this.branchManifests(branch);
    const numbers = [...present.keys()].sort((x, y) => x - y);
    const wanted = newest === undefined ? numbers : numbers.slice(-newest);
    const read = await mapConcurrently(wanted, MANIFEST_READS_AT_ONCE, async (version) => {
      const key = present.get(version)!.key;
      try {
        return manifestVersionInfo(await files.store.get(key), key);
      } catch (error) {
        // A cleanup removed it since the listing: it is no longer a version.
        if (!(await files.store.exists(key))) return null;
        throw error;
      }
    });
    if (read.some((v) => v === undefined)) {
      // A manifest only Lance itself can total (an older writer's): LanceDB lists them all.
      const all = await lance(() => table.listVersions());
      const listed = all.map((v) => ({
        version: v.version,
        timestampMillis: new Date(v.timestamp as unknown as string | number | Date).getTime(),
        metadata: v.metadata,
      }));
      return newest === undefined ? listed : listed.slice(-newest);
    }
    return read.filter((v): v is VersionInfo => v !== null);
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

  /** This table as it was at `version` of a branch (this handle's own when none is named). */
  async checkout(version: number, branch: string | undefined): Promise<DirTableCore> {
    await this.requireVersion(version, branch);
    const effective = branch ?? this.branch;
    const table = await lance(() =>
      this.ctx.db.openTable(this.name, [...this.namespacePath], {
        ...this.ctx.tableOptions,
        version,
        ...(effective === undefined ? {} : { branch: effective }),
      }),
    );
    return new DirTableCore(this.ctx, this.name, this.namespacePath, table, version, effective);
  }

  /** This table on branch `name`, reading and writing it by default. */
  async onBranch(name: string): Promise<DirTableCore> {
    const table = await this.lanceFor(name);
    return new DirTableCore(this.ctx, this.name, this.namespacePath, table, undefined, name);
  }

  async requireBranch(name: string): Promise<void> {
    assertValidComponent(name, 'branch name');
    if (!(await this.listBranches()).some((b) => b.name === name)) {
      throw errors.TableBranchNotFound(`Branch ${name} does not exist on ${this.id}`);
    }
  }

  async requireVersion(version: number, branch: string | undefined): Promise<void> {
    // 0 is a well-formed version number (the specification allows it); no table has it.
    if (!Number.isInteger(version) || version < 0) {
      throw errors.InvalidInput(
        `A version is a whole number from 0 (got ${JSON.stringify(version)})`,
      );
    }
    // Which versions exist is in the manifests' names; nothing needs reading.
    const { present } = await this.branchManifests(branch);
    if (!present.has(version)) {
      throw errors.TableVersionNotFound(`Version ${version} of ${this.id} does not exist`);
    }
  }
}
