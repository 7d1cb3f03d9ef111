/**
 * What the job store (job-store.ts) needs from the back end whose root keeps the job records, so
 * that the engine's core stands on no back end: a Lance table in the root, the process lease that
 * says whose jobs are still alive, and LanceDB calls run in the catalog's terms. The `dir` back end
 * provides it (dir/coordination/dir-job-journal.ts); a `rest` catalog keeps no job records here,
 * since its server keeps them.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';

/** This process's claim to be alive, shared with every process serving the root. */
export interface JobLease {
  /** This process's id, written as the owner of the jobs it runs. */
  readonly owner: string;
  /** Holds (and renews) the lease until the returned release is called. */
  hold(): Promise<() => void>;
  /** Those of `owners` whose process is judged dead on the lease table's evidence. */
  deadAmong(owners: Iterable<string>): Promise<Set<string>>;
}

export interface JobJournal {
  readonly lease: JobLease;
  /** The root's state table `name`, created with `schema` if it is not there yet. */
  open(name: string, schema: Schema): Promise<lancedb.Table>;
  /** One LanceDB call, its failure translated into the catalog's errors. */
  call<T>(run: () => Promise<T>): Promise<T>;
  /**
   * `run` again where a rival process's create of the newborn table erased it; `run` must be
   * idempotent.
   */
  retryRivalCreate<T>(run: () => Promise<T>): Promise<T>;
}
