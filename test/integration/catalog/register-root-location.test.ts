/**
 * A root-level table registered at a location other than `<name>.lance` (the contract's
 * RegisterTable takes any relative location): the engine lists, opens, writes, fills and drops it
 * through its manifest row, while plain LanceDB's listing of the root's `<name>.lance` folders
 * shows exactly what it showed before. A root `.lance` folder of another name stays refused.
 */
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';
import { sampleTable } from '../../support/sample-data';

let root: string;
let catalog: CatalogClient;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-register-root-'));
  catalog = await connect(root);
  // A root table made by plain LanceDB (a bare `<name>.lance` folder), and a dataset it wrote
  // into a folder of the catalog, ready to adopt.
  const plain = await lancedb.connect(root);
  await plain.createTable('plain', [{ id: 1 }]);
  plain.close();
  const stash = await lancedb.connect(join(root, 'stash'));
  await stash.createTable('t', sampleTable(2, 2));
  stash.close();
  // One folder level: LanceDB 0.39's drop percent-encodes a location's `/` (`stash%2Ft.lance`)
  // and fails to remove such a folder, for a table in a namespace as much as at the root.
  renameSync(join(root, 'stash', 't.lance'), join(root, 'adopted-data'));
});
afterEach(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

async function plainListing(): Promise<string[]> {
  const plain = await lancedb.connect(root);
  try {
    return await plain.tableNames();
  } finally {
    plain.close();
  }
}

it('adopts a dataset at another folder as a root table: listed, opened, written, dropped', async () => {
  const { location } = await catalog.registerTable('adopted', [], 'adopted-data');
  expect(location).toBe(join(root, 'adopted-data'));
  expect((await catalog.listTables([])).tables).toEqual(['adopted', 'plain']);

  const table = await catalog.openTable('adopted');
  expect(await table.countRows()).toBe(2);
  await table.insert(sampleTable(3, 2, { idOffset: 10 }));
  expect(await (await catalog.openTable('adopted')).countRows()).toBe(5);
  // Plain LanceDB's listing is what it was: only the `<name>.lance` folders, and it still opens.
  expect(await plainListing()).toEqual(['plain']);
  expect(await (await catalog.openTable('plain')).countRows()).toBe(1);

  await catalog.dropTable('adopted');
  expect((await catalog.listTables([])).tables).toEqual(['plain']);
  expect(existsSync(join(root, 'adopted-data'))).toBe(false);
});

it('registers an empty location as declared; the data then goes there, not to <name>.lance', async () => {
  await catalog.registerTable('later', [], 'incoming/later');
  await expectCode(catalog.openTable('later'), ERROR_CODES.InvalidTableState);
  await catalog.createTable('later', sampleTable(4, 2), [], { mode: 'exist_ok' });
  expect(await (await catalog.openTable('later')).countRows()).toBe(4);
  expect(existsSync(join(root, 'incoming/later/_versions'))).toBe(true);
  expect(existsSync(join(root, 'later.lance'))).toBe(false);
  expect(await plainListing()).toEqual(['plain']);
});

it("refuses a root `.lance` folder of another name, or a folder inside one, as a table's location", async () => {
  await expectCode(catalog.registerTable('other', [], 'plain.lance'), ERROR_CODES.InvalidInput);
  await expectCode(
    catalog.registerTable('other', [], 'plain.lance/data'),
    ERROR_CODES.InvalidInput,
  );
  expect(await catalog.tableExists('other')).toBe(false);
});
