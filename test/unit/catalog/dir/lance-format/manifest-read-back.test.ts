/**
 * LanceDB reads a manifest back from a probe copy before it may become the latest version
 * (manifest-read-back.ts): a manifest LanceDB wrote passes, one whose data LanceDB cannot read is
 * refused with LanceDB's reason, and neither leaves a probe folder or touches the table's folder.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readBack } from '../../../../../src-main/catalog/dir/lance-format/manifest-read-back';
import { LocalObjectStore } from '../../../../../src-main/catalog/storage/local-object-store';
import { ERROR_CODES, errors } from '../../../../../src-shared/vocabulary/errors';

let root: string;
let target: Parameters<typeof readBack>[0];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-read-back-'));
  const db = await lancedb.connect(root);
  const table = await db.createTable('t', rows(0, 40));
  await table.add(rows(40, 40));
  await table.delete('id < 5');
  await table.createIndex('id');
  table.close();
  db.close();
  target = { store: new LocalObjectStore(root), folder: 't.lance', lance: { root } };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function rows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: from + i, text: `row ${from + i}` }));
}

function latestManifest(): { path: string; bytes: Buffer } {
  const dir = join(root, 't.lance', '_versions');
  const name = readdirSync(dir)
    .filter((n) => n.endsWith('.manifest'))
    .sort()[0]!;
  return { path: join(dir, name), bytes: readFileSync(join(dir, name)) };
}

/** The table's folder as names and sizes, and the probe folders under the state folder. */
function folders() {
  const table = readdirSync(join(root, 't.lance'), { recursive: true }).sort();
  const probes = readdirSync(join(root, '.catalog-studio', 'read-back'), { recursive: true });
  return { table, probes };
}

it('passes a manifest LanceDB wrote, and leaves no probe behind', async () => {
  const { bytes } = latestManifest();
  const manifest = await readBack(target, bytes, 'latest', errors.InvalidInput);
  expect(manifest.version).toBe(4);
  expect(folders().probes).toEqual([]);
});

it("refuses one whose data LanceDB cannot read, with LanceDB's reason, touching nothing", async () => {
  const { bytes } = latestManifest();
  const before = folders().table;
  // A data file the manifest names, garbled in place: its size is right, its footer is not.
  const data = join(root, 't.lance', 'data');
  const file = join(data, readdirSync(data)[0]!);
  const original = readFileSync(file);
  writeFileSync(file, Buffer.alloc(original.byteLength, 1));
  try {
    const refused = await readBack(target, bytes, 'latest', errors.InvalidInput).then(
      () => undefined,
      (error: unknown) => error as { code: number; message: string },
    );
    expect(refused?.code).toBe(ERROR_CODES.InvalidInput);
    expect(refused?.message).toMatch(
      /^latest cannot become the latest version: LanceDB cannot read it \(/,
    );
    // The server's folders are not named in the reason.
    expect(refused?.message).not.toContain(root);
  } finally {
    writeFileSync(file, original);
  }
  expect(folders()).toEqual({ table: before, probes: [] });
});
