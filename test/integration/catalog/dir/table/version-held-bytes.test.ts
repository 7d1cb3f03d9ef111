/**
 * The bytes only old versions hold, on a folder, where the files can be placed by hand: a file
 * no manifest names counts as old only once it is older than the newest commit (a younger one is
 * a write under way), and a data file's blob folder is held with it.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type CatalogClient, type TableHandle } from '../../../../../src-main/catalog';
import { sampleTable } from '../../../../support/sample-data';

let root: string;
let catalog: CatalogClient;
let table: TableHandle;
let folder: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-held-bytes-'));
  catalog = await connect(root);
  table = await catalog.createTable('t', sampleTable(50, 4));
  folder = join(root, 't.lance');
});
afterAll(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

const held = async () => (await table.fragmentStats()).versionBytes!;

describe('bytes only old versions hold, on a folder', () => {
  it('counts a file no manifest names as a write under way until the next commit is newer', async () => {
    const before = await held();
    const stray = join(folder, 'data', 'not-yet-committed.lance');
    writeFileSync(stray, Buffer.alloc(1000));
    // Written after the newest manifest: some writer's file, not yet committed.
    utimesSync(stray, new Date(), new Date(Date.now() + 60_000));
    expect(await held()).toEqual({ ...before, latest: before.latest + 1000 });
    // As old as the table's first commit: no version reads it, and cleanup may take it.
    utimesSync(stray, new Date(0), new Date(0));
    expect(await held()).toEqual({ ...before, onlyOld: before.onlyOld + 1000 });
    rmSync(stray);
  });

  it("holds a data file's blob folder with the file", async () => {
    const before = await held();
    const dataFile = readdirSync(join(folder, 'data')).find((name) => name.endsWith('.lance'))!;
    const blobs = join(folder, 'data', dataFile.replace(/\.lance$/, ''));
    mkdirSync(blobs);
    writeFileSync(join(blobs, '0.blob'), Buffer.alloc(500));
    utimesSync(join(blobs, '0.blob'), new Date(0), new Date(0));
    expect(await held()).toEqual({ ...before, latest: before.latest + 500 });
    rmSync(blobs, { recursive: true });
  });
});
