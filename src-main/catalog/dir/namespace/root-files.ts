/**
 * The few file operations the catalog makes on its root outside Lance commits: LanceDB's own
 * markers inside a table folder (`.lance-reserved` for a declared table, `.lance-deregistered` for
 * a root table forgotten by directory listing), removing a table folder, and moving a root table's
 * folder (a root table is found by plain LanceDB through its folder name `<name>.lance`). Every
 * one of them is made under the catalog lock, and none decides who wins a race: the manifest's
 * Lance commits do. They go through the root's object store, so a folder and an `s3://` root run
 * the same code; only what an object store cannot do (move a folder, follow a symlink) differs.
 */
import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { errors } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import { fenceHeldWrite } from '../coordination/catalog-lock';
import { isUriRoot } from '../../storage/root-uri';

export class RootFiles {
  private readonly local: boolean;

  constructor(
    readonly root: string,
    private readonly store: ObjectStore,
  ) {
    this.local = !isUriRoot(root);
  }

  /** Whether a file, or a folder holding anything, is at this location. */
  async exists(location: string): Promise<boolean> {
    if (this.local) return existsSync(join(this.root, location));
    return (await this.store.exists(location)) || this.store.hasPrefix(location);
  }

  async put(location: string, content: string): Promise<void> {
    fenceHeldWrite();
    await this.store.put(location, content);
  }

  async removeTree(location: string): Promise<void> {
    fenceHeldWrite();
    await this.store.deletePrefix(location);
    if (!this.local) await this.store.delete(location).catch(() => undefined);
  }

  /** Moves a folder: one rename on a local disk; object stores have none, so it is refused. */
  async move(from: string, to: string): Promise<void> {
    fenceHeldWrite();
    if (!this.local) {
      throw errors.Unsupported(
        `Moving the table folder ${from} to ${to} is not possible on an object store (it would copy every file); a root-level table keeps its name there, and tables move freely between namespaces`,
      );
    }
    await rename(join(this.root, from), join(this.root, to));
  }

  /** Whether the root is a local folder (where folders move and symlinks exist). */
  get isLocal(): boolean {
    return this.local;
  }

  /** Whether a location, symlinks resolved, stays inside the root (object stores have none). */
  resolvesInside(location: string): boolean {
    if (!this.local) return true;
    let existing = join(this.root, location);
    while (!existsSync(existing)) existing = dirname(existing);
    const inside = relative(realpathSync(this.root), realpathSync(existing));
    return !(inside.startsWith('..') || isAbsolute(inside));
  }

  /** Symlinks anywhere under a folder that lead out of the root (relative paths). */
  linksLeaving(location: string): string[] {
    if (!this.local) return [];
    const leaving: string[] = [];
    const walk = (relativePath: string) => {
      for (const entry of readdirSync(join(this.root, relativePath))) {
        const child = `${relativePath}/${entry}`;
        const stat = lstatSync(join(this.root, child));
        if (stat.isSymbolicLink()) {
          let inside: boolean;
          try {
            inside = this.resolvesInside(child);
          } catch {
            inside = false; // a dangling link leads nowhere the catalog owns
          }
          if (!inside) leaving.push(child);
        } else if (stat.isDirectory()) walk(child);
      }
    };
    walk(location);
    return leaving;
  }
}
