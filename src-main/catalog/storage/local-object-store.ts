/** The object operations on a local folder. */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  link,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { ObjectStore, StoredObject } from './object-store';

/** The name a conditional put writes under before linking the file into place. */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
/** Files stat'ed at once: a table folder can hold many thousands. */
const STATS_AT_ONCE = 64;

export class LocalObjectStore implements ObjectStore {
  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.path(prefix);
    if (!existsSync(base)) return [];
    const entries = await readdir(base, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !TEMPORARY.test(entry.name))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }

  async listSizes(prefix: string): Promise<StoredObject[]> {
    const keys = await this.list(prefix);
    const objects: StoredObject[] = [];
    for (let at = 0; at < keys.length; at += STATS_AT_ONCE) {
      const stats = await Promise.all(
        // A file another writer removed between the listing and the stat holds nothing.
        keys.slice(at, at + STATS_AT_ONCE).map((key) =>
          stat(this.path(key)).then(
            (s) => ({ key, size: s.size, modifiedMillis: s.mtimeMs }),
            () => undefined,
          ),
        ),
      );
      for (const object of stats) if (object) objects.push(object);
    }
    return objects;
  }

  async exists(key: string): Promise<boolean> {
    return existsSync(this.path(key));
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const base = this.path(prefix);
    if (!existsSync(base)) return false;
    return (await readdir(base)).length > 0;
  }

  async get(key: string): Promise<Uint8Array> {
    return readFile(this.path(key));
  }

  /**
   * Written whole under a temporary name, then renamed over the key: a reader sees the old
   * content or the new, never a half-written file (a lease being renewed, read by another
   * process, must not look empty).
   */
  async put(key: string, body: Uint8Array | string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    try {
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Written whole under a temporary name, then linked into place: link() refuses an existing
    // name, so exactly one writer wins, and no reader ever sees a half-written file (as Lance
    // itself commits on a local disk).
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    try {
      await link(temp, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }
}
