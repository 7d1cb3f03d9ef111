import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { searchCatalog } from '../../../src-main/host/catalog-search';
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

describe('searchCatalog', () => {
  it('finds tables and namespaces at any depth, ignoring case', async () => {
    const result = await searchCatalog(catalog, 'ORDER', { limit: 100, maxScanned: 1000 });
    expect(result.matches).toEqual(
      expect.arrayContaining([
        { path: ['sales', 'europe'], table: 'orders' },
        { path: ['ops'], table: 'Order_lines' },
      ]),
    );
    expect(result.matches).toHaveLength(2);
    expect(result.truncated).toBe(false);
    expect(result.scanned).toBe(6);

    const namespaces = await searchCatalog(catalog, 'europe', { limit: 100, maxScanned: 1000 });
    expect(namespaces.matches).toEqual([{ path: ['sales', 'europe'] }]);
  });

  it('stops at its bounds and says so', async () => {
    const limited = await searchCatalog(catalog, 'e', { limit: 1, maxScanned: 1000 });
    expect(limited.matches).toHaveLength(1);
    expect(limited.truncated).toBe(true);
    const shallow = await searchCatalog(catalog, 'orders', { limit: 100, maxScanned: 2 });
    expect(shallow.truncated).toBe(true);
    expect(shallow.matches).toEqual([]);
  });
});
