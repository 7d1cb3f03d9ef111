/**
 * Writes a file so that readers see the old or the new content, never a torn one, and so that the
 * new content survives a power loss once the call returns: the content goes to a temporary file
 * beside the target, is flushed to disk (fsync), and only then renamed over the target; the
 * rename itself is made durable by flushing the folder. A crash at any point leaves the target
 * with its old content or its new one (at worst a stray `*.tmp` beside it).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

export function writeFileAtomic(path: string, content: string, mode = 0o644): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // 'wx': a fresh file of our own, never one that happens to exist under that name.
    const fd = openSync(temp, 'wx', mode);
    try {
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(folder);
}

/** Flushes a folder's entries, so that a rename in it is on disk. */
function syncFolder(folder: string): void {
  // Windows cannot open a folder as a file to fsync it (EPERM/EISDIR); NTFS journals the rename's
  // metadata itself, and there is nothing more a program can ask for there.
  if (process.platform === 'win32') return;
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } catch (error) {
    // A few file systems (some network and FUSE mounts) cannot fsync a folder at all; the rename
    // is then as durable as they make it. Any other failure (EIO) is a real one.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP') throw error;
  } finally {
    closeSync(fd);
  }
}
