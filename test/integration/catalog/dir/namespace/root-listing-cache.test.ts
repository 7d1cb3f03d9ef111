/**
 * Root listings are kept between calls under the modification times of the root folder and of
 * the manifest's versions. A table created or dropped by another process shows at once (its
 * change moves a time); a kept listing is what answers while nothing changed; and a time too
 * recent to trust is never relied on.
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../../../src-main/catalog';
import { arrow } from '../../../../../src-main/catalog/arrow';

const data = () => arrow.tableFromArrays({ id: Int32Array.from([1]) });
let root: string;
let mine: CatalogClient;
let theirs: CatalogClient;

function setStamps(time: Date): void {
  for (const dir of [root, join(root, '__manifest', '_versions')]) utimesSync(dir, time, time);
}

/** Sets the root's and the manifest versions' times a minute back, past the racy window. */
function ageStamps(): Date {
  const past = new Date(Date.now() - 60_000);
  setStamps(past);
  return past;
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-root-listing-'));
  mine = await connect(root);
  theirs = await connect(root);
  for (const name of ['a', 'b', 'c']) await mine.createTable(name, data());
});

afterEach(async () => {
  await mine.close();
  await theirs.close();
  rmSync(root, { recursive: true, force: true });
});

it('shows tables another process creates and drops, with old stamps kept in between', async () => {
  ageStamps();
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c']);
  await theirs.createTable('d', data());
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c', 'd']);
  ageStamps();
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c', 'd']);
  await theirs.dropTable('b');
  expect((await mine.listTables()).tables).toEqual(['a', 'c', 'd']);
  ageStamps();
  await theirs.renameTable('c', 'z');
  expect((await mine.listTables()).tables).toEqual(['a', 'd', 'z']);
});

it('answers from the kept listing while the stamps are unchanged, and pages through it', async () => {
  const past = ageStamps();
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c']);
  // Another process's table, with both times put back as if nothing had changed: only a kept
  // listing misses it.
  await theirs.createTable('x', data());
  setStamps(past);
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c']);
  expect(await mine.listTables([], { limit: 2 })).toEqual({ tables: ['a', 'b'], pageToken: 'b' });
  expect(await mine.listTables([], { limit: 2, pageToken: 'b' })).toEqual({ tables: ['c'] });
});

it('does not rely on a stamp too recent to trust', async () => {
  // The same, with times a moment old: two changes may share such a time, so no listing is kept.
  const recent = new Date(Date.now() - 100);
  setStamps(recent);
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c']);
  await theirs.createTable('x', data());
  setStamps(recent);
  expect((await mine.listTables()).tables).toEqual(['a', 'b', 'c', 'x']);
});
