/**
 * Where an export writes: a file the person named on this machine, or (the web mode) a file the
 * host keeps for the browser to download (download-store.ts). A named file must be an absolute
 * path (a relative one would land in the app's working folder, which the person never chose),
 * and not over an existing file unless they said so.
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { ExportFormat } from '../../../src-shared/export-formats';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { DownloadStore, JobFeed } from './download-store';

export function checkExportTarget(path: string, overwrite: boolean | undefined): void {
  if (!isAbsolute(path)) throw errors.InvalidInput(`Export to an absolute path, not ${path}`);
  if (!overwrite && existsSync(path)) {
    throw errors.InvalidInput(`${path} already exists; choose another name, or overwrite it`);
  }
}

/** An export's output as the job sees it, and what becomes of it once the job is (not) made. */
export interface ExportTarget {
  path: string;
  /** Put in place over a file already at `path`. */
  replace: boolean;
  /** How the job's record names where it writes: `path`, or `download` and the file's name. */
  params: Record<string, string>;
  /** The job writing it exists now. */
  submitted(jobId: string, jobs: JobFeed): void;
  /** No job was made (the query was refused): nothing may stay behind. */
  abandon(): void;
}

export interface ExportRequestTarget {
  /** The file to write; absent with `download`. */
  file?: string | undefined;
  overwrite?: boolean | undefined;
  download?: true | undefined;
}

/** Checks what the request asked for and answers where the export writes. */
export function exportTarget(
  given: ExportRequestTarget,
  format: ExportFormat,
  download: { store: DownloadStore; stem: string },
): ExportTarget {
  if (given.download) {
    if (given.file !== undefined)
      throw errors.InvalidInput('An export is either downloaded or written to a file, not both');
    const slot = download.store.reserve(download.stem, format);
    return {
      path: slot.path,
      replace: false,
      params: { format, download: slot.name },
      submitted: (jobId, jobs) => download.store.track(jobId, slot, jobs),
      abandon: () => download.store.release(slot),
    };
  }
  if (given.file === undefined)
    throw errors.InvalidInput('Name the file to export to, or download the export');
  checkExportTarget(given.file, given.overwrite);
  return {
    path: given.file,
    replace: given.overwrite === true,
    params: { format, path: given.file },
    submitted: () => undefined,
    abandon: () => undefined,
  };
}
