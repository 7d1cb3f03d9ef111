/**
 * A job journal: the registry's job records kept in one JSON file, so that a process that
 * restarts can still answer for the jobs of the one before it. Jobs that were queued or running
 * when that process died cannot have finished (their work ran in it), so on load they are
 * reported as failed, interrupted by the restart, and may be run again.
 *
 * The file is rewritten whole and atomically (write a temp file, rename), so a crash mid-write
 * leaves the old journal or the new one, never a torn one. A journal that cannot be read is
 * treated as empty rather than stopping the catalog from opening: job history is a report,
 * not data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-file';
import { JobRecordSchema, type JobRecord } from './contract';
import { errorNameOf, errors } from './errors';

export interface JobJournal {
  /** The records of the previous run, unfinished ones already marked as interrupted. */
  load(): JobRecord[];
  save(records: readonly JobRecord[]): void;
}

const JournalSchema = z.object({ version: z.literal(1), jobs: z.array(JobRecordSchema) });

export const INTERRUPTED_MESSAGE =
  'Interrupted: the process running this job stopped (crash or restart) before it finished; run it again';

/** A finished copy of a record that was queued or running when its process stopped. */
export function markInterrupted(record: JobRecord, now: number): JobRecord {
  if (record.state !== 'queued' && record.state !== 'running') return record;
  const error = errors.Internal(INTERRUPTED_MESSAGE);
  const { estimateMs: _estimate, ...rest } = record;
  return {
    ...rest,
    state: 'failed',
    phase: 'interrupted',
    endedAt: now,
    error: { code: error.code, name: errorNameOf(error.code), message: error.message },
  };
}

export class FileJobJournal implements JobJournal {
  constructor(readonly path: string) {}

  load(): JobRecord[] {
    if (!existsSync(this.path)) return [];
    let parsed: z.infer<typeof JournalSchema>;
    try {
      parsed = JournalSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch (error) {
      console.error(`Ignoring the unreadable job journal ${this.path}: ${String(error)}`);
      return [];
    }
    const now = Date.now();
    return parsed.jobs.map((record) => markInterrupted(record, now));
  }

  save(records: readonly JobRecord[]): void {
    writeFileAtomic(this.path, `${JSON.stringify({ version: 1, jobs: records })}\n`);
  }
}
