/**
 * Files a browser sends to the host for an import (the web mode has no path to a file on the
 * user's machine): each is streamed to disk as it arrives, never held in memory, under this run's
 * own folder in the app's data folder (not the system's temp folder, often a small RAM disk).
 * The folder goes when the host closes; folders left by a run that crashed go after a day.
 */
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from '../../src-shared/vocabulary/errors';
import { isImportableName } from './imports/import-formats';

const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_NAME_LENGTH = 200;

/** The file's own name, without any folder, control characters or leading dots. */
export function safeFileName(given: string): string {
  const base = given.split(/[\\/]/).pop() ?? '';
  // Control characters and a leading dot (hidden files, `..`) never reach the file system.
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '');
  return cleaned.slice(-MAX_NAME_LENGTH);
}

export class UploadStore {
  private runDir: string | undefined;

  constructor(private readonly root: string) {}

  /** Writes the body to a file named as the user's; answers its path for the import. */
  async receive(fileName: string, body: Readable): Promise<string> {
    const name = safeFileName(fileName);
    if (!name || !isImportableName(name)) {
      body.resume();
      throw errors.InvalidInput(
        `Cannot import ${JSON.stringify(fileName)}; send a .csv, .tsv, .json, .ndjson, .parquet or .arrow file`,
      );
    }
    const folder = mkdtempSync(join(this.run(), 'file-'));
    const path = join(folder, name);
    try {
      await pipeline(body, createWriteStream(path, { flags: 'wx' }));
    } catch (cause) {
      // A cut-off upload leaves nothing behind.
      rmSync(folder, { recursive: true, force: true });
      throw errors.InvalidInput(
        `The upload of ${name} did not complete: ${(cause as Error).message}`,
        { cause },
      );
    }
    return path;
  }

  close(): void {
    if (this.runDir) rmSync(this.runDir, { recursive: true, force: true });
    this.runDir = undefined;
  }

  private run(): string {
    // Another instance sharing the data folder may have taken an idle run's folder for a leftover.
    if (this.runDir && existsSync(this.runDir)) return this.runDir;
    mkdirSync(this.root, { recursive: true });
    this.removeLeftovers();
    this.runDir = mkdtempSync(join(this.root, 'run-'));
    return this.runDir;
  }

  private removeLeftovers(): void {
    for (const entry of readdirSync(this.root)) {
      const path = join(this.root, entry);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > LEFTOVER_AGE_MS)
        rmSync(path, { recursive: true, force: true });
    }
  }
}
