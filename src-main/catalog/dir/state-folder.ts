/**
 * The catalog's own state inside its folder: `<root>/.catalog-studio/`, today only the job
 * journal. It lives in the catalog folder rather than beside it so that it follows the catalog
 * when the folder is moved or served again, with no second path to configure. That is safe
 * because LanceDB's directory namespace never treats it as a table: root tables are `<name>.lance`
 * folders and every other table is a `__manifest` row, and a dot folder is neither (a test
 * proves it with the engine and with plain LanceDB). Table locations may not point into it.
 */
import { join } from 'node:path';

export const STATE_FOLDER = '.catalog-studio';

export function jobJournalPath(root: string): string {
  return join(root, STATE_FOLDER, 'jobs.json');
}
