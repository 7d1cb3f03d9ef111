/**
 * The catalog's state folder (`<root>/.catalog-studio`) is invisible as a table or namespace, to
 * the engine and to plain LanceDB, and no table location may point into it. This is what makes
 * keeping the catalog's state tables (job records, leases) inside the catalog folder safe.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ERROR_CODES } from '../../../../../src-main/catalog';
import type { CatalogClient } from '../../../../../src-main/catalog/client';
import { STATE_FOLDER } from '../../../../../src-main/catalog/dir/coordination/state-folder';
import { sampleTable } from '../../../../support/sample-data';
import { expectCode } from '../../../../support/expect-code';

let root: string;
let catalog: CatalogClient;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-state-'));
  catalog = await connect(root, { journal: true });
  await catalog.createNamespace(['ns']);
  const rootTable = await catalog.createTable('top', sampleTable(20, 8));
  await catalog.createTable('inner', sampleTable(20, 8), ['ns']);
  // A finished job puts the job table on disk.
  await catalog.waitForJob((await rootTable.createIndex({ column: 'id', index_type: 'BTREE' })).id);
});
afterAll(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the state folder', () => {
  it('holds the job table inside the catalog folder', () => {
    expect(existsSync(join(root, STATE_FOLDER, 'jobs.lance'))).toBe(true);
    expect(readdirSync(root)).toContain(STATE_FOLDER);
  });

  it('is neither a table nor a namespace to the engine', async () => {
    expect((await catalog.listTables([])).tables).toEqual(['top']);
    expect((await catalog.listNamespaces([])).namespaces).toEqual(['ns']);
    expect(await catalog.tableExists(STATE_FOLDER)).toBe(false);
  });

  it('is neither a table nor a namespace to plain LanceDB', async () => {
    const db = await lancedb.connect(root);
    expect(await db.tableNames()).toEqual(['top']);
    db.close();
    const namespace = await lancedb.connectNamespace('dir', { root });
    expect((await namespace.listTables([])).tables).toEqual(['top']);
    expect((await namespace.listNamespaces([])).namespaces).toEqual(['ns']);
    expect((await namespace.listTables(['ns'])).tables).toEqual(['inner']);
    namespace.close();
  });

  it('cannot be declared or registered as a table location', async () => {
    for (const location of [`${STATE_FOLDER}/t`, `./${STATE_FOLDER}/x/`]) {
      await expectCode(catalog.declareTable('t', ['ns'], { location }), ERROR_CODES.InvalidInput);
    }
    // A real Lance dataset inside the state folder, which register would otherwise adopt.
    const side = await lancedb.connect(join(root, STATE_FOLDER));
    await side.createTable('x', sampleTable(3, 8));
    side.close();
    await expectCode(
      catalog.registerTable('t', ['ns'], `${STATE_FOLDER}/x.lance`),
      ERROR_CODES.InvalidInput,
    );
    expect(await catalog.tableExists('t', ['ns'])).toBe(false);
  });
});
