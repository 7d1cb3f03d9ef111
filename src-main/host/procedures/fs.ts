/**
 * Browsing the local disk: a folder's subfolders (which of them are catalogs) and its files to
 * import.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { errors } from '../../../src-shared/vocabulary/errors';
import { isImportableName } from '../imports/import-formats';
import type { HandlersFor } from './context';

type Names = 'fs:list-folder';

export function fsProcedures(): HandlersFor<Names> {
  return {
    'fs:list-folder': async ({ path, importableFiles }) => {
      const folder = resolve(path ?? homedir());
      if (!existsSync(folder) || !statSync(folder).isDirectory())
        throw errors.NamespaceNotFound(`${folder} is not a folder`);
      const entries = readdirSync(folder, { withFileTypes: true }).filter(
        (entry) => !entry.name.startsWith('.'),
      );
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      const folders = entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => ({
          name: entry.name,
          isCatalog: existsSync(join(folder, entry.name, '__manifest')),
        }))
        .sort(byName);
      const files = importableFiles
        ? entries
            .filter((entry) => entry.isFile() && isImportableName(entry.name))
            .map((entry) => ({
              name: entry.name,
              bytes: statSync(join(folder, entry.name), { throwIfNoEntry: false })?.size ?? 0,
            }))
            .sort(byName)
        : undefined;
      return {
        path: folder,
        parent: dirname(folder) === folder ? null : dirname(folder),
        folders,
        ...(files ? { files } : {}),
      };
    },
  };
}
