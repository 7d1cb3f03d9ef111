/**
 * Replacing schema metadata races with other writers of the same table: two catalog clients
 * replacing it, and a plain LanceDB connection appending rows through a handle opened before any
 * of them committed (so each of its commits must rebase over the transactions written here).
 * Every call must land exactly once: no lost rows, versions without gaps, the metadata one of the
 * maps written, and no transaction file left behind for a version that was lost.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../../../src-main/catalog';
import { arrow } from '../../../../../src-main/catalog/arrow';

let root: string;
let clients: CatalogClient[];
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-schema-metadata-'));
  clients = [await connect(root), await connect(root)];
});
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  rmSync(root, { recursive: true, force: true });
});

const rows = (from: number, count: number) =>
  arrow.tableFromArrays({ id: Int32Array.from({ length: count }, (_, i) => from + i) });

it('lands every replacement and every append exactly once when they race', async () => {
  await clients[0]!.createTable('t', rows(0, 10));
  const plain = await (await lancedb.connect(root)).openTable('t');
  const handles = await Promise.all(clients.map((c) => c.openTable('t')));

  const UPDATES_EACH = 6;
  const APPENDS = 8;
  const written: Array<Record<string, string>> = [];
  const updaters = handles.map(async (handle, who) => {
    for (let i = 0; i < UPDATES_EACH; i += 1) {
      const map = { writer: String(who), round: String(i) };
      written.push(map);
      expect(await handle.updateSchemaMetadata(map)).toEqual(map);
    }
  });
  const appender = (async () => {
    for (let i = 0; i < APPENDS; i += 1) await plain.add([{ id: 1000 + i }]);
  })();
  await Promise.all([...updaters, appender]);

  const fresh = await (await lancedb.connect(root)).openTable('t');
  expect(await fresh.countRows()).toBe(10 + APPENDS);
  const final = Object.fromEntries((await fresh.schema()).metadata);
  expect(written).toContainEqual(final);

  const versions = (await fresh.listVersions()).map((v) => v.version);
  const commits = 1 + handles.length * UPDATES_EACH + APPENDS;
  expect(versions).toEqual(Array.from({ length: commits }, (_, i) => i + 1));
  // One transaction file per version: a writer that lost a version took its file back.
  expect(readdirSync(join(root, 't.lance', '_transactions'))).toHaveLength(commits);
});
