/**
 * What the parts of the `dir` catalog share (its connection, manifest, root files, catalog lock,
 * jobs and caches), and the helpers every structural change runs through: `locked` for the
 * catalog lock, `changing` for the caches of a table that moves, goes or is recreated.
 */
import { randomBytes } from 'node:crypto';
import type * as lancedb from '@lancedb/lancedb';
import { samePath } from '../../../src-shared/vocabulary/ids';
import type { JobRegistry } from '../jobs/job-registry';
import { manifestObjectId, type ManifestStore } from './namespace/manifest-store';
import type { DirContext } from './table/dir-table-core';
import type { CatalogLock } from './coordination/catalog-lock';
import type { RootFiles } from './namespace/root-files';
import { retryingConflicts } from './coordination/retry-conflicts';
import type { OpenTableCache } from './table/open-table-cache';
import type { RootListingCache } from './namespace/root-listing-cache';

export interface CatalogContext {
  readonly root: string;
  readonly db: lancedb.Connection;
  readonly jobs: JobRegistry;
  readonly manifest: ManifestStore;
  readonly files: RootFiles;
  readonly lock: CatalogLock;
  /** LanceDB storage options for every table of an object-store root. */
  readonly storageOptions: Record<string, string> | undefined;
  /** What every table handle of the catalog shares. */
  readonly tableContext: DirContext;
  readonly openTables: OpenTableCache;
  /** The root's table names between listings (local folders only). */
  readonly rootListing: RootListingCache;
}

/** What a holder of the catalog lock is doing, kept in the lock row for recovery. */
export interface LockIntent {
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

/** Runs a structural change under the catalog lock, with the manifest made if it is missing. */
export function locked<T>(
  ctx: CatalogContext,
  intent: LockIntent,
  change: () => Promise<T>,
): Promise<T> {
  return ctx.lock.run(intent, async () => {
    await ensureManifest(ctx);
    return change();
  });
}

/**
 * LanceDB makes `__manifest` on the first namespace or table it creates; a declare, register or
 * rename may come first. Creating and dropping a namespace of a name nobody uses has LanceDB
 * make it in its own layout, with its own indexes.
 */
async function ensureManifest(ctx: CatalogContext): Promise<void> {
  if (await ctx.manifest.exists()) return;
  const probe = [`__catalog_studio_init_${randomBytes(6).toString('hex')}`];
  await retryingConflicts(() => ctx.db.createNamespace(probe));
  await retryingConflicts(() => ctx.db.dropNamespace(probe));
}

function forget(ctx: CatalogContext, name: string, path: readonly string[]): void {
  const key = manifestObjectId(path, name);
  ctx.openTables.delete(key);
  ctx.tableContext.entries.delete(key);
  ctx.tableContext.snapshots.forget(key);
}

/**
 * Runs a change that moves, removes or recreates a table, forgetting its cached handle before
 * and after, so that an open racing with the change cannot put the old handle back.
 */
export async function changing<T>(
  ctx: CatalogContext,
  name: string,
  path: readonly string[],
  change: () => Promise<T>,
): Promise<T> {
  forget(ctx, name, path);
  try {
    return await change();
  } finally {
    forget(ctx, name, path);
  }
}

export function activeJobs(ctx: CatalogContext, name: string, path: readonly string[]) {
  return ctx.jobs.activeFor(
    (r) => r.target.table === name && samePath(r.target.namespacePath, path),
  );
}
