/**
 * What a caller hands the job registry (the work and what it is about), and what the work is given
 * while it runs: the signal that cancels it and the way to report progress.
 */
import type { JobRecord } from '../../../src-shared/catalog-api';

export interface JobContext {
  readonly signal: AbortSignal;
  update: (patch: {
    phase?: string;
    progress?: Partial<JobRecord['progress']>;
    summary?: string;
  }) => void;
}

export interface JobSubmission {
  kind: JobRecord['kind'];
  target: JobRecord['target'];
  /** Rows the job will process; with history of the same `throughputKey`, it yields an estimate. */
  rowsTotal?: number;
  throughputKey?: string;
  run: (context: JobContext) => Promise<void>;
}
