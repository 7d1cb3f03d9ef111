/**
 * The reports of finished recall checks, kept in the user data folder so the Indexes tab can
 * show an index's last check beside it after a restart. Bounded: the newest few per index.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { StoredRecallReportSchema } from '../../../src-shared/studio-procedures';
import { writeFileAtomic } from '../../catalog/atomic-file';

const KEPT_PER_INDEX = 5;
const KEPT_IN_ALL = 500;

/** `tableKey` is the table as `tableHistoryKey` names it: the same table on the same target. */
export type StoredReport = z.infer<typeof StoredRecallReportSchema>;

export class RecallReports {
  private reports: StoredReport[] | undefined;

  constructor(private readonly file: string) {}

  add(entry: StoredReport): void {
    const all = this.load();
    const sameIndex = (r: StoredReport) =>
      r.tableKey === entry.tableKey && r.report.index.name === entry.report.index.name;
    const older = all.filter(sameIndex).slice(KEPT_PER_INDEX - 1);
    const kept = [entry, ...all.filter((r) => !older.includes(r))].slice(0, KEPT_IN_ALL);
    this.reports = kept;
    writeFileAtomic(this.file, JSON.stringify(kept));
  }

  /** Newest first. */
  forTable(tableKey: string): StoredReport[] {
    return this.load().filter((r) => r.tableKey === tableKey);
  }

  byJob(jobId: string): StoredReport | undefined {
    return this.load().find((r) => r.jobId === jobId);
  }

  private load(): StoredReport[] {
    if (this.reports) return this.reports;
    let read: StoredReport[] = [];
    if (existsSync(this.file)) {
      try {
        const parsed = z
          .array(StoredRecallReportSchema)
          .safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
        if (parsed.success) read = parsed.data;
      } catch {
        // An unreadable file holds no reports; the next check writes a good one.
      }
    }
    this.reports = read;
    return read;
  }
}
