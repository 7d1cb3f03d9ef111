/**
 * Names at the edge of what a `dir` catalog can store, on a real folder with LanceDB. A table's
 * folder is `<name>.lance` at the root and `<8 hex>_<ns1$ns2$name>` below it, and a file name
 * holds at most 255 bytes: every name the id rules accept must create, declare, register, rename
 * and read back, and one byte more must be refused as InvalidInput (13) before anything is
 * written, never fail half-way with a 500 and leave a listed table behind.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../src-main/catalog';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';
import { sampleTable } from '../../support/sample-data';

const INVALID = ERROR_CODES.InvalidInput;

// The longest accepted ids, each with a folder name of exactly 255 bytes.
const ROOT_NAME = 'r'.repeat(249); // `${name}.lance`
const NESTED_PATH = ['p', 'q'];
const NESTED_NAME = 't'.repeat(242); // 9 + "p$q$" + 242
const LONG_NAMESPACE = ['n'.repeat(244)]; // 9 + 244 + "$x"

let root: string;
let client: CatalogClient;

async function readBack(name: string, path: string[], rows = 5) {
  const table = await client.openTable(name, path);
  expect(await table.countRows()).toBe(rows);
  expect((await client.listTables(path)).tables).toContain(name);
}

/** Folder names in the catalog of exactly 255 bytes: the tables at the limit. */
function foldersAtTheLimit(): string[] {
  return readdirSync(root).filter((entry) => Buffer.byteLength(entry) === 255);
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-long-names-'));
  client = await connect(root);
  await client.createNamespace(['p']);
  await client.createNamespace(NESTED_PATH);
});

afterEach(async () => {
  await client.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the longest accepted names work end to end', () => {
  it('creates and reads a root table with the longest name', async () => {
    await client.createTable(ROOT_NAME, sampleTable(5, 4));
    await readBack(ROOT_NAME, []);
    expect(foldersAtTheLimit()).toEqual([`${ROOT_NAME}.lance`]);
  });

  it('creates and reads a table two namespaces down with the longest name', async () => {
    await client.createTable(NESTED_NAME, sampleTable(5, 4), NESTED_PATH);
    await readBack(NESTED_NAME, NESTED_PATH);
    expect(foldersAtTheLimit()).toHaveLength(1);
    expect(foldersAtTheLimit()[0]).toMatch(/^[0-9a-f]{8}_p\$q\$t+$/);
  });

  it('creates the longest namespace component, and a table in it', async () => {
    await client.createNamespace(LONG_NAMESPACE);
    expect(await client.namespaceExists(LONG_NAMESPACE)).toBe(true);
    expect((await client.listNamespaces([])).namespaces).toContain(LONG_NAMESPACE[0]);
    await client.createTable('x', sampleTable(5, 4), LONG_NAMESPACE);
    await readBack('x', LONG_NAMESPACE);
  });

  it('declares the longest ids at the root and below, and they read back as declared', async () => {
    await client.declareTable(ROOT_NAME, []);
    await client.declareTable(NESTED_NAME, NESTED_PATH);
    for (const [name, path] of [
      [ROOT_NAME, []],
      [NESTED_NAME, NESTED_PATH],
    ] as const) {
      expect((await client.tableLocation(name, [...path])).declaredOnly).toBe(true);
      expect((await client.listTables([...path])).tables).toContain(name);
    }
    expect(foldersAtTheLimit()).toHaveLength(2);
  });

  it('renames a table to the longest name, registers one under it, and a reopened catalog reads both', async () => {
    await client.createTable('short', sampleTable(5, 4), NESTED_PATH);
    await client.renameTable('short', NESTED_NAME, NESTED_PATH);
    await readBack(NESTED_NAME, NESTED_PATH);

    await client.createTable('kept', sampleTable(3, 4), NESTED_PATH);
    const { location } = await client.deregisterTable('kept', NESTED_PATH);
    const other = 'k'.repeat(242);
    await client.registerTable(other, NESTED_PATH, location.slice(root.length + 1));
    await readBack(other, NESTED_PATH, 3);

    await client.close();
    client = await connect(root);
    await readBack(NESTED_NAME, NESTED_PATH);
    await readBack(other, NESTED_PATH, 3);
  });
});

describe('one byte more is refused with InvalidInput, and leaves nothing behind', () => {
  afterEach(async () => {
    // A refusal must not leave a half-made table that lists and then fails to describe.
    for (const path of [[], NESTED_PATH]) {
      for (const name of (await client.listTables(path)).tables) {
        await client.openTable(name, path).then((t) => t.countRows());
      }
    }
  });

  it('a root table name of 250 bytes', async () => {
    const name = 'r'.repeat(250);
    const error = await expectCode(client.createTable(name, sampleTable(5, 4)), INVALID);
    expect(error.message).toMatch(/at most 249 bytes/);
    await expectCode(client.declareTable(name, []), INVALID);
    expect((await client.listTables([])).tables).toEqual([]);
  });

  it('a nested table whose folder would be 256 bytes: create, declare', async () => {
    const name = `${NESTED_NAME}t`;
    const error = await expectCode(
      client.createTable(name, sampleTable(5, 4), NESTED_PATH),
      INVALID,
    );
    expect(error.message).toMatch(/at most 246 bytes/);
    await expectCode(client.createEmptyTable(name, sampleTable(1, 4).schema, NESTED_PATH), INVALID);
    await expectCode(client.declareTable(name, NESTED_PATH), INVALID);
    expect((await client.listTables(NESTED_PATH)).tables).toEqual([]);
    expect(readdirSync(root).filter((e) => e.includes('$'))).toEqual([]);
  });

  it('a rename or a move whose target would not fit', async () => {
    await client.createTable('short', sampleTable(5, 4), NESTED_PATH);
    await expectCode(client.renameTable('short', `${NESTED_NAME}t`, NESTED_PATH), INVALID);
    await client.createTable('top', sampleTable(5, 4));
    // 243 bytes fit at the root, not in p$q.
    await client.renameTable('top', 'm'.repeat(243));
    await expectCode(
      client.renameTable('m'.repeat(243), 'm'.repeat(243), [], { newNamespacePath: NESTED_PATH }),
      INVALID,
    );
    await client.renameTable('m'.repeat(243), 'top');
    await readBack('short', NESTED_PATH);
    await readBack('top', []);
  });

  it('a register under a name that would not fit', async () => {
    await client.createTable('kept', sampleTable(3, 4), NESTED_PATH);
    const { location } = await client.deregisterTable('kept', NESTED_PATH);
    await expectCode(
      client.registerTable(`${NESTED_NAME}t`, NESTED_PATH, location.slice(root.length + 1)),
      INVALID,
    );
    expect((await client.listTables(NESTED_PATH)).tables).toEqual([]);
  });

  it('a namespace that could not hold a one-character table, and a table one byte too long in the longest one', async () => {
    const error = await expectCode(client.createNamespace(['n'.repeat(245)]), INVALID);
    expect(error.message).toMatch(/at most 244 bytes/);
    await expectCode(client.createNamespace(['p', 'n'.repeat(243)]), INVALID);
    expect((await client.listNamespaces([])).namespaces.sort()).toEqual(['p']);

    await client.createNamespace(LONG_NAMESPACE);
    await expectCode(client.createTable('xy', sampleTable(5, 4), LONG_NAMESPACE), INVALID);
    await expectCode(client.declareTable('xy', LONG_NAMESPACE), INVALID);
    expect((await client.listTables(LONG_NAMESPACE)).tables).toEqual([]);
  });
});
