/**
 * Exports the browser downloads (the web mode has no path on the person's machine to write to):
 * the export job writes its file here, as it would anywhere (atomic-output.ts), and the web mode
 * streams it to the browser once the job has succeeded. Nothing is held in memory.
 *
 * Each download has a folder of its own under this run's folder in the app's data folder (not
 * the system's temp folder, often a small RAM disk). The folder goes when its job fails or is
 * cancelled, once its file has been sent whole, or after `expireMs` if nobody fetched it; the
 * run's folder goes when the host closes, and folders left by a run that crashed go after a day.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JobEvent, JobRecord } from '../../../src-shared/catalog-api';
import type { ExportFormat } from '../../../src-shared/export-formats';
import { safeFileName } from '../upload-store';

/** How long a finished export waits for its download: long enough to come back to the tab. */
export const DOWNLOAD_EXPIRY_MS = 15 * 60 * 1000;
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/** What the web mode needs to send a download. */
export interface ReadyDownload {
  path: string;
  /** The name the browser saves it under. */
  name: string;
  format: ExportFormat;
  size: number;
}

/** Where a download's export writes, before its job exists. */
export interface DownloadSlot {
  path: string;
  name: string;
  format: ExportFormat;
  folder: string;
}

/** The jobs a download's export runs on: told when one ends, asked how one stands. */
export interface JobFeed {
  on(listener: (event: JobEvent) => void): () => void;
  get(jobId: string): Promise<JobRecord>;
}

interface Entry extends DownloadSlot {
  state: 'running' | 'ready';
  timer?: NodeJS.Timeout;
}

export class DownloadStore {
  private runDir: string | undefined;
  private readonly byJob = new Map<string, Entry>();

  constructor(
    private readonly root: string,
    private readonly expireMs = DOWNLOAD_EXPIRY_MS,
  ) {}

  /** A fresh folder for one export's file, named `<stem>.<format>` for the browser. */
  reserve(stem: string, format: ExportFormat): DownloadSlot {
    const name = safeFileName(`${stem}.${format}`) || `export.${format}`;
    const folder = mkdtempSync(join(this.run(), 'download-'));
    return { path: join(folder, name), name, format, folder };
  }

  /**
   * Follows the job writing `slot`: a failed or cancelled job takes its folder with it (the
   * export already removed its partial file); a succeeded one waits for its download.
   */
  track(jobId: string, slot: DownloadSlot, jobs: JobFeed): void {
    const entry: Entry = { ...slot, state: 'running' };
    this.byJob.set(jobId, entry);
    const settle = (job: JobRecord) => {
      if (job.id !== jobId || this.byJob.get(jobId) !== entry || entry.state !== 'running') return;
      if (job.state === 'succeeded') {
        entry.state = 'ready';
        entry.timer = setTimeout(() => this.remove(jobId), this.expireMs);
        entry.timer.unref();
      } else if (job.state === 'failed' || job.state === 'cancelled') {
        this.remove(jobId);
      } else return;
      off();
    };
    const off = jobs.on((event) => {
      if (event.type === 'jobs:finished') settle(event.job);
    });
    // The job may have ended before we listened (a cancel while queued, a tiny table).
    void jobs.get(jobId).then(settle, () => this.remove(jobId));
  }

  /** A slot whose export never became a job. */
  release(slot: DownloadSlot): void {
    rmSync(slot.folder, { recursive: true, force: true });
  }

  /** The finished file of a job, if it is still waiting for its download. */
  ready(jobId: string): ReadyDownload | undefined {
    const entry = this.byJob.get(jobId);
    if (!entry || entry.state !== 'ready') return undefined;
    const stat = statSync(entry.path, { throwIfNoEntry: false });
    if (!stat) {
      this.remove(jobId);
      return undefined;
    }
    return { path: entry.path, name: entry.name, format: entry.format, size: stat.size };
  }

  /** The file was sent whole: it is the browser's now. */
  delivered(jobId: string): void {
    if (this.byJob.get(jobId)?.state === 'ready') this.remove(jobId);
  }

  close(): void {
    for (const entry of this.byJob.values()) clearTimeout(entry.timer);
    this.byJob.clear();
    if (this.runDir) rmSync(this.runDir, { recursive: true, force: true });
    this.runDir = undefined;
  }

  private remove(jobId: string): void {
    const entry = this.byJob.get(jobId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.byJob.delete(jobId);
    rmSync(entry.folder, { recursive: true, force: true });
  }

  private run(): string {
    // Another instance sharing the data folder may have taken an idle run's folder for a leftover.
    if (this.runDir && existsSync(this.runDir)) return this.runDir;
    mkdirSync(this.root, { recursive: true });
    for (const entry of readdirSync(this.root)) {
      const path = join(this.root, entry);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > LEFTOVER_AGE_MS)
        rmSync(path, { recursive: true, force: true });
    }
    this.runDir = mkdtempSync(join(this.root, 'run-'));
    return this.runDir;
  }
}
