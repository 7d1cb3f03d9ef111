import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { CatalogNameIndex } from '../../../src-main/host/catalog-name-index';
import { walkCatalog } from '../../../src-main/host/catalog-walk';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let catalog: CatalogClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-search-'));
  catalog = await connect(dir);
  await catalog.createNamespace(['sales']);
  await catalog.createNamespace(['sales', 'europe']);
  await catalog.createNamespace(['ops']);
  await catalog.createTable('orders', sampleTable(2, 4), ['sales', 'europe']);
  await catalog.createTable('Order_lines', sampleTable(2, 4), ['ops']);
  await catalog.createTable('people', sampleTable(2, 4));
});

afterAll(async () => {
  await catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('walkCatalog', () => {
  it('lists every namespace and table at every depth, and stops at its bound', async () => {
    const all = await walkCatalog(catalog, 1000);
    expect(all.truncated).toBe(false);
    expect(all.entries).toEqual(
      expect.arrayContaining([
        { path: ['sales'] },
        { path: ['sales', 'europe'] },
        { path: ['ops'] },
        { path: ['sales', 'europe'], table: 'orders' },
        { path: ['ops'], table: 'Order_lines' },
        { path: [], table: 'people' },
      ]),
    );
    expect(all.entries).toHaveLength(6);
    const bounded = await walkCatalog(catalog, 2);
    expect(bounded).toMatchObject({ truncated: true });
    expect(bounded.entries).toHaveLength(2);
  });
});

describe('CatalogNameIndex', () => {
  const options = { maxAgeMs: 60_000, maxEntries: 1000 };

  it('finds tables and namespaces at any depth, ignoring case', async () => {
    const index = new CatalogNameIndex(options);
    const result = await index.search('c', catalog, 'ORDER', 100);
    expect(result.matches).toEqual(
      expect.arrayContaining([
        { path: ['sales', 'europe'], table: 'orders' },
        { path: ['ops'], table: 'Order_lines' },
      ]),
    );
    expect(result.matches).toHaveLength(2);
    expect(result).toMatchObject({ scanned: 6, truncated: false });
    expect((await index.search('c', catalog, 'europe', 100)).matches).toEqual([
      { path: ['sales', 'europe'] },
    ]);
  });

  it('says when a limit cut the matches short', async () => {
    const index = new CatalogNameIndex(options);
    const limited = await index.search('c', catalog, 'e', 1);
    expect(limited.matches).toHaveLength(1);
    expect(limited.truncated).toBe(true);
  });

  it('keeps its snapshot until invalidated, then sees changes', async () => {
    const index = new CatalogNameIndex(options);
    expect((await index.search('c', catalog, 'fresh_table', 10)).matches).toEqual([]);
    await catalog.createTable('fresh_table', sampleTable(1, 4), ['ops']);
    try {
      // The snapshot is kept: a search per keystroke must not walk the catalog.
      expect((await index.search('c', catalog, 'fresh_table', 10)).matches).toEqual([]);
      index.invalidate('c');
      expect((await index.search('c', catalog, 'fresh_table', 10)).matches).toEqual([
        { path: ['ops'], table: 'fresh_table' },
      ]);
    } finally {
      await catalog.dropTable('fresh_table', ['ops']);
    }
  });

  it('walks again once the snapshot is older than its age limit', async () => {
    const index = new CatalogNameIndex({ ...options, maxAgeMs: 0 });
    await index.search('c', catalog, 'x', 10);
    await catalog.createTable('aged_table', sampleTable(1, 4));
    try {
      expect((await index.search('c', catalog, 'aged_table', 10)).matches).toEqual([
        { path: [], table: 'aged_table' },
      ]);
    } finally {
      await catalog.dropTable('aged_table');
    }
  });
});
