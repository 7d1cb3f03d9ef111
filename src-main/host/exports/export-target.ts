/**
 * Where an export may write: an absolute path (a relative one would land in the app's working
 * folder, which the person never chose), and not over an existing file unless they said so.
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { errors } from '../../../src-shared/vocabulary/errors';

export function checkExportTarget(path: string, overwrite: boolean | undefined): void {
  if (!isAbsolute(path)) throw errors.InvalidInput(`Export to an absolute path, not ${path}`);
  if (!overwrite && existsSync(path)) {
    throw errors.InvalidInput(`${path} already exists; choose another name, or overwrite it`);
  }
}
