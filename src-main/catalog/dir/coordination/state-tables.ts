/**
 * The catalog's own shared state (the catalog lock, job records) kept as Lance tables under
 * `<root>/.catalog-studio/`. They live in the root so that every process serving it (replicas,
 * the app, the CLI) sees one state; they are Lance tables so that every change to them is a Lance
 * commit, which is atomic on a folder and on an object store alike (a conditional put of the next
 * version), with conflicts detected and re-run by Lance. LanceDB never lists a dot folder as a
 * table, so plain clients do not see them.
 */
import * as lancedb from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { lance } from '../lance-errors';
import { joinRoot } from '../../storage/root-uri';
import { STATE_FOLDER } from './state-folder';

export interface StateTablesOptions {
  storageOptions?: Record<string, string>;
}

export class StateTables {
  private connection: Promise<lancedb.Connection> | undefined;
  private readonly tables = new Map<string, Promise<lancedb.Table>>();

  constructor(
    readonly root: string,
    private readonly options: StateTablesOptions = {},
  ) {}

  private connect(): Promise<lancedb.Connection> {
    this.connection ??= lance(() =>
      // readConsistencyInterval 0: every read sees every process's latest commit.
      lancedb.connect(joinRoot(this.root, STATE_FOLDER), {
        readConsistencyInterval: 0,
        ...(this.options.storageOptions ? { storageOptions: this.options.storageOptions } : {}),
      }),
    );
    return this.connection;
  }

  /** Opens a state table, creating it empty on first use (two processes may race to do so). */
  open(name: string, schema: Schema): Promise<lancedb.Table> {
    let table = this.tables.get(name);
    if (!table) {
      table = (async () => {
        const db = await this.connect();
        return lance(async () => {
          try {
            return await db.createEmptyTable(name, schema, { mode: 'create', existOk: true });
          } catch (error) {
            // Two processes creating it at the same moment: the loser's commit conflicts, and
            // the table is there for it to open.
            try {
              return await db.openTable(name);
            } catch {
              throw error;
            }
          }
        });
      })();
      this.tables.set(name, table);
      table.catch(() => this.tables.delete(name));
    }
    return table;
  }

  close(): void {
    void this.connection?.then((db) => db.close()).catch(() => undefined);
    this.connection = undefined;
    this.tables.clear();
  }
}
