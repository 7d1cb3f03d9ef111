/**
 * The few file operations the catalog makes on its root outside Lance commits: LanceDB's own
 * markers inside a table folder (`.lance-reserved` for a declared table, `.lance-deregistered` for
 * a root table forgotten by directory listing), removing a table folder, and moving a root table's
 * folder (a root table is found by plain LanceDB through its folder name `<name>.lance`). Every
 * one of them is made under the catalog lock, and none decides who wins a race: the manifest's
 * Lance commits do. Local folders only today; object-store roots plug in here.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rename } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { errors } from '../errors';
import { isUriRoot } from './root-uri';

export interface RootFiles {
  exists(location: string): boolean;
  put(location: string, content: string): void;
  removeTree(location: string): void;
  move(from: string, to: string): Promise<void>;
  /** Whether a location, symlinks resolved, stays inside the root. */
  resolvesInside(location: string): boolean;
  /** Symlinks anywhere under a folder that lead out of the root (relative paths). */
  linksLeaving(location: string): string[];
}

export function rootFiles(root: string): RootFiles {
  if (isUriRoot(root)) {
    throw errors.Unsupported(`Object-store roots are not supported yet: ${root}`);
  }
  return new LocalRootFiles(root);
}

class LocalRootFiles implements RootFiles {
  constructor(private readonly root: string) {}

  exists(location: string): boolean {
    return existsSync(join(this.root, location));
  }

  put(location: string, content: string): void {
    const file = join(this.root, location);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }

  removeTree(location: string): void {
    rmSync(join(this.root, location), { recursive: true, force: true });
  }

  async move(from: string, to: string): Promise<void> {
    await rename(join(this.root, from), join(this.root, to));
  }

  resolvesInside(location: string): boolean {
    let existing = join(this.root, location);
    while (!existsSync(existing)) existing = dirname(existing);
    const inside = relative(realpathSync(this.root), realpathSync(existing));
    return !(inside.startsWith('..') || isAbsolute(inside));
  }

  linksLeaving(location: string): string[] {
    const leaving: string[] = [];
    const walk = (relativePath: string) => {
      for (const entry of readdirSync(join(this.root, relativePath))) {
        const child = `${relativePath}/${entry}`;
        const stat = lstatSync(join(this.root, child));
        if (stat.isSymbolicLink()) {
          let inside = false;
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
