/**
 * Tables being created, recorded in `<root>/.catalog-studio/creating/` for as long as the create
 * runs. LanceDB's directory namespace creates a table in two steps: it declares it (a
 * `__manifest` row and a folder holding `.lance-reserved`), then writes and commits the data. A
 * process killed between the two leaves a table that is listed but has no data, which is
 * indistinguishable on disk from a table a client declared on purpose. The intent file tells
 * them apart: at the next open, a table with a leftover intent and no committed version is an
 * interrupted create, and is removed. One committed before the crash is kept as it is.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_FOLDER } from './state-folder';

export interface CreateIntent {
  namespacePath: string[];
  name: string;
}

export class CreateIntents {
  private readonly folder: string;

  constructor(root: string) {
    this.folder = join(root, STATE_FOLDER, 'creating');
  }

  /** Records a create about to start; the returned function clears it once the create ended. */
  begin(intent: CreateIntent): () => void {
    mkdirSync(this.folder, { recursive: true });
    // One file per create, so two creates of the same name cannot clear each other's record.
    const file = join(this.folder, `${randomBytes(8).toString('hex')}.json`);
    writeFileSync(file, JSON.stringify(intent));
    return () => rmSync(file, { force: true });
  }

  /** Creates that never ended, each with the function that clears its record. */
  leftovers(): Array<{ intent: CreateIntent; clear: () => void }> {
    if (!existsSync(this.folder)) return [];
    return readdirSync(this.folder).flatMap((entry) => {
      const file = join(this.folder, entry);
      const clear = () => rmSync(file, { force: true });
      try {
        const intent = JSON.parse(readFileSync(file, 'utf8')) as CreateIntent;
        if (Array.isArray(intent.namespacePath) && typeof intent.name === 'string')
          return [{ intent, clear }];
      } catch {
        // A record torn by the crash itself: the create had not started yet.
      }
      clear();
      return [];
    });
  }
}
