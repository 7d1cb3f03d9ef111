/**
 * Puts a finished export's temporary file under its name only if that name is still free. The
 * export checked the name when it was submitted, but it may have waited in the queue or run for
 * minutes since, and a file the person saved there meanwhile must survive: a rename would replace
 * it silently. A hard link fails with EEXIST instead, atomically, and shows the file whole.
 */
import { createReadStream } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

/** How many `name (n).ext` names are tried before the output is left at its temporary name. */
const FREE_NAME_TRIES = 100;

export type Placement = { placed: true } | { placed: false; keptAt: string };

/**
 * Moves `temp` to `target` unless something is there. When something is, the user's file stays
 * as it was and the output moves to the first free `name (n).ext` beside it (or, failing that,
 * stays at `temp`); `keptAt` says where.
 */
export async function placeWithoutReplacing(temp: string, target: string): Promise<Placement> {
  if (await linkOrCopyExclusive(temp, target)) {
    await rm(temp, { force: true });
    return { placed: true };
  }
  for (let n = 1; n <= FREE_NAME_TRIES; n++) {
    const candidate = numberedName(target, n);
    if (await linkOrCopyExclusive(temp, candidate).catch(() => false)) {
      await rm(temp, { force: true });
      return { placed: false, keptAt: candidate };
    }
  }
  return { placed: false, keptAt: temp };
}

/** `report.csv` → `report (2).csv`, as file managers name a second copy. */
export function numberedName(target: string, n: number): string {
  const ext = extname(target);
  const stem = basename(target, ext);
  return join(dirname(target), `${stem} (${n})${ext}`);
}

/**
 * Makes `to` a second name of `from` if `to` is free: true when done, false when `to` was taken.
 * Other failures throw.
 */
async function linkOrCopyExclusive(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if (!LINK_UNSUPPORTED.has(codeOf(error))) throw error;
  }
  return copyExclusive(from, to);
}

/**
 * File systems without hard links (FAT, exFAT, some network shares) answer one of these; there
 * the bytes are copied into a file created with O_EXCL, which is as safe for the person's file
 * though not atomic for a reader watching the name.
 */
const LINK_UNSUPPORTED = new Set<string | undefined>([
  'EPERM',
  'ENOTSUP',
  'EOPNOTSUPP',
  'ENOSYS',
  'EXDEV',
  'EMLINK',
]);

export async function copyExclusive(from: string, to: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(to, 'wx');
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  // From here on `to` is ours (O_EXCL created it), so a failed copy may remove it.
  try {
    for await (const chunk of createReadStream(from)) {
      const data = chunk as Buffer;
      let written = 0;
      while (written < data.length) {
        written += (await handle.write(data, written, data.length - written)).bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    return true;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(to, { force: true });
    throw error;
  }
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
