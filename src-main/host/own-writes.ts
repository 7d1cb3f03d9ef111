/**
 * The versions this app committed itself, so an open table's "committed elsewhere" banner is
 * raised only by another writer. Every table handle the host hands out (through any connection:
 * procedures, host jobs, imports, the console) brackets its writes: the newest version is read
 * before the write and after it (for an index build, after its job ends), and the versions in
 * between are the app's own. Tables are told apart by the connection's target (a folder, a URI or
 * a URL), so two connections to one folder share what they wrote.
 *
 * While a write is in flight every version past its start counts as the app's: LanceDB says which
 * version a commit made for some calls only (compaction and index builds say nothing), so a
 * commit by another writer that lands during one of our own writes is not told apart from ours.
 * It is told once that write ends, by the next commit elsewhere; the banner is a hint to reload,
 * not a record of authorship.
 */
import type { CatalogClient, TableHandle } from '../catalog/client';
import type { JobRecord } from '../../src-shared/catalog-api';

/** The handle's calls that commit versions (cleanup deletes old ones and commits none). */
const WRITES = [
  'insert',
  'update',
  'delete',
  'mergeInsert',
  'compact',
  'createIndex',
  'dropIndex',
  'restore',
  'createVersion',
  'addColumns',
  'alterColumns',
  'dropColumns',
  'updateSchemaMetadata',
] as const satisfies readonly (keyof TableHandle)[];

/** The catalog's calls that hand out a table handle. */
const HANDLES = [
  'openTable',
  'createTable',
  'createEmptyTable',
] as const satisfies readonly (keyof CatalogClient)[];

/** At most this many own versions are remembered per table: the banner looks at recent ones. */
const KEPT_PER_TABLE = 10_000;

interface TableWrites {
  own: Set<number>;
  /** Writes in flight, by token: the newest version when each began. */
  open: Map<symbol, number>;
}

export function ownWriteKey(
  target: string,
  namespacePath: readonly string[],
  table: string,
  branch: string | undefined,
): string {
  return JSON.stringify([target, namespacePath, table, branch ?? null]);
}

export class OwnWrites {
  private readonly tables = new Map<string, TableWrites>();

  /**
   * Runs `write`, and counts the versions committed from its start until `settled` (the write's
   * own end, or the end of the job it started) as the app's.
   */
  async around<T>(
    key: string,
    latest: () => Promise<number>,
    write: () => Promise<T>,
    settled: (result: T) => Promise<unknown> = async () => undefined,
  ): Promise<T> {
    const before = await latest().catch(() => undefined);
    // A table whose newest version cannot be read (gone, or not there yet) has nothing to bracket.
    if (before === undefined) return write();
    const writes = this.writes(key);
    const token = Symbol(key);
    writes.open.set(token, before);
    const close = async () => {
      const after = await latest().catch(() => before);
      for (let v = before + 1; v <= after; v++) writes.own.add(v);
      writes.open.delete(token);
      this.trim(writes);
    };
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await close();
      throw error;
    }
    void Promise.resolve()
      .then(() => settled(result))
      .catch(() => undefined)
      .finally(() => void close());
    return result;
  }

  /** How many versions in (since, latest] were committed by someone other than this app. */
  elsewhere(key: string, since: number, latest: number): number {
    const writes = this.tables.get(key);
    const openFrom = writes ? Math.min(...writes.open.values()) : Infinity;
    let count = 0;
    for (let v = since + 1; v <= latest; v++) {
      if (v > openFrom || writes?.own.has(v)) continue;
      count++;
    }
    return count;
  }

  /** The catalog with every handle it hands out bracketing its writes. */
  catalog(catalog: CatalogClient, target: string): CatalogClient {
    return new Proxy(catalog, {
      get: (object, prop) => {
        // The target as receiver: a getter reading a private field would refuse the proxy.
        const value: unknown = Reflect.get(object, prop);
        if (typeof value !== 'function') return value;
        const call = value as (...args: unknown[]) => unknown;
        if (!(HANDLES as readonly PropertyKey[]).includes(prop)) return call.bind(object);
        return async (...args: unknown[]) =>
          this.handle((await call.apply(object, args)) as TableHandle, target, (id) =>
            object.waitForJob(id),
          );
      },
    });
  }

  private handle(
    handle: TableHandle,
    target: string,
    waitForJob: (id: string) => Promise<JobRecord>,
  ): TableHandle {
    return new Proxy(handle, {
      get: (object, prop) => {
        // The target as receiver: a getter reading a private field would refuse the proxy.
        const value: unknown = Reflect.get(object, prop);
        if (typeof value !== 'function') return value;
        const call = (value as (...args: unknown[]) => unknown).bind(object);
        if (prop === 'onBranch' || prop === 'checkoutVersion') {
          return async (...args: unknown[]) =>
            this.handle((await call(...args)) as TableHandle, target, waitForJob);
        }
        if (!(WRITES as readonly PropertyKey[]).includes(prop)) return call;
        return (...args: unknown[]) => {
          const branch = branchOf(args) ?? object.branch;
          const key = ownWriteKey(target, object.namespacePath, object.name, branch);
          const latest = () => object.latestVersion(branch === undefined ? {} : { branch });
          // An index build answers with its job at once and commits when the job ends.
          const settled =
            prop === 'createIndex'
              ? (job: unknown) => waitForJob((job as JobRecord).id)
              : undefined;
          return this.around(key, latest, () => call(...args) as Promise<unknown>, settled);
        };
      },
    });
  }

  private writes(key: string): TableWrites {
    let writes = this.tables.get(key);
    if (!writes) {
      writes = { own: new Set(), open: new Map() };
      this.tables.set(key, writes);
    }
    return writes;
  }

  private trim(writes: TableWrites): void {
    if (writes.own.size <= KEPT_PER_TABLE) return;
    const kept = [...writes.own].sort((a, b) => a - b).slice(-KEPT_PER_TABLE);
    writes.own = new Set(kept);
  }
}

/** The branch a write names in its options or request, if any. */
function branchOf(args: readonly unknown[]): string | undefined {
  for (const arg of [...args].reverse()) {
    if (arg && typeof arg === 'object' && 'branch' in arg) {
      const branch = (arg as { branch?: unknown }).branch;
      if (typeof branch === 'string') return branch;
    }
  }
  return undefined;
}
