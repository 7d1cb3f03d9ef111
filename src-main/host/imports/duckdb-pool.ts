/**
 * DuckDB instances for imports, one per running session, with the last one kept open for a while
 * after its session ends so that the next import (or the sampling of the next file) reuses it.
 *
 * Why: an import opens two sessions (one samples the file to infer its types, one reads it), and
 * each in-memory instance took about 10 ms to open and 8–9 ms to close on the 2-core machine
 * (a loop of open, read a million-row CSV, close), the close synchronous on the host's thread. It
 * ran while the import took the catalog's lock for its new table, and held that back by as much.
 * A kept instance opens a connection in about 1 ms, and reads the next file no slower.
 *
 * Sessions never share an instance while they run: each import keeps DuckDB's own memory limit
 * and threads to itself, as when every session had an instance of its own. Only our own SQL runs
 * in them (reads of one file, nothing created), so nothing of one import is seen by the next; a
 * connection's settings go with the connection. An idle instance is closed after `IDLE_MS` and
 * when the host closes; its spill folder goes with it, or at the process's exit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBInstance } from '@duckdb/node-api';

/** DuckDB's own memory cap for one import; the batch being built in JS comes on top. */
const MEMORY_LIMIT = '256MB';
const MAX_THREADS = 4;
/** How long an instance no session uses stays open for the next one. */
const IDLE_MS = 30_000;

export interface PooledInstance {
  instance: DuckDBInstance;
  /** Where DuckDB spills, if ever: a private folder, removed when the instance is closed. */
  spill: string;
}

let idle: { pooled: PooledInstance; timer: NodeJS.Timeout } | undefined;
let exitHookSet = false;

/** An instance for one session: the idle one if there is one, else a new one. */
export async function takeInstance(): Promise<PooledInstance> {
  if (idle) {
    const { pooled, timer } = idle;
    clearTimeout(timer);
    idle = undefined;
    return pooled;
  }
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const spill = mkdtempSync(join(tmpdir(), 'cs-import-duckdb-'));
  try {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(Math.max(1, Math.min(MAX_THREADS, availableParallelism()))),
      memory_limit: MEMORY_LIMIT,
      temp_directory: spill,
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    return { instance, spill };
  } catch (error) {
    rmSync(spill, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Gives a session's instance back once its connections are closed: it becomes the idle one, or,
 * when another is idle already, it is closed now.
 */
export function giveBack(pooled: PooledInstance): void {
  if (idle) {
    closeInstance(pooled);
    return;
  }
  const timer = setTimeout(closeIdleInstance, IDLE_MS);
  // The kept instance never holds the process open.
  timer.unref();
  idle = { pooled, timer };
  if (!exitHookSet) {
    exitHookSet = true;
    // At exit the process's memory goes anyway: only the spill folder is DuckDB's to clean up,
    // and nothing here may throw into the exit.
    process.once('exit', () => {
      if (idle) rmSync(idle.pooled.spill, { recursive: true, force: true });
    });
  }
}

/** The instance kept for the next session, if any (for tests and diagnostics). */
export function keptInstance(): PooledInstance | undefined {
  return idle?.pooled;
}

/** Closes the idle instance, if any (after IDLE_MS, or when the host closes). */
export function closeIdleInstance(): void {
  if (!idle) return;
  const { pooled, timer } = idle;
  clearTimeout(timer);
  idle = undefined;
  closeInstance(pooled);
}

/** Closes an instance that failed or is not kept. */
export function closeInstance({ instance, spill }: PooledInstance): void {
  try {
    instance.closeSync();
  } finally {
    rmSync(spill, { recursive: true, force: true });
  }
}
