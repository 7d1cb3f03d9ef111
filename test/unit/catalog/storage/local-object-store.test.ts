/** The object operations on a local folder, including the conditional put that decides races. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../../../src-main/catalog/storage/local-object-store';

let root: string;
let store: LocalObjectStore;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-objects-'));
  store = new LocalObjectStore(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('LocalObjectStore', () => {
  it('lets exactly one of many racing conditional puts win, and keeps its bytes whole', async () => {
    const body = (i: number) => `writer ${i} `.repeat(10_000);
    const won = await Promise.all(
      Array.from({ length: 16 }, (_, i) => store.putIfAbsent('v/1.manifest', body(i))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won.indexOf(true);
    expect(Buffer.from(await store.get('v/1.manifest')).toString()).toBe(body(winner));
    // No temporary file is left beside it.
    expect(readdirSync(join(root, 'v'))).toEqual(['1.manifest']);
  });

  it('lists keys under a prefix, tells files from folders, and deletes a prefix', async () => {
    await store.put('t.lance/_versions/1.manifest', 'x');
    await store.put('t.lance/data/a.lance', 'y');
    await store.put('other/z', 'z');
    expect((await store.list('t.lance')).sort()).toEqual([
      't.lance/_versions/1.manifest',
      't.lance/data/a.lance',
    ]);
    expect(await store.exists('t.lance/data/a.lance')).toBe(true);
    expect(await store.exists('t.lance/data/b.lance')).toBe(false);
    expect(await store.hasPrefix('t.lance/_versions')).toBe(true);
    expect(await store.hasPrefix('nothing')).toBe(false);
    await store.deletePrefix('t.lance');
    expect(await store.list('')).toEqual(['other/z']);
  });
});
