/**
 * What a cascading drop would destroy, read from a real folder catalog: every depth, tables with
 * rows and versions, and a list bounded for reading with the rest counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { LISTED_TABLES, namespaceContents } from '../../../src-main/host/namespace-contents';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let catalog: CatalogClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-contents-'));
  catalog = await connect(dir);
  await catalog.createNamespace(['a']);
  await catalog.createNamespace(['a', 'b']);
  await catalog.createNamespace(['a', 'b', 'c']);
  const deep = await catalog.createTable('deep', sampleTable(70, 4), ['a', 'b', 'c']);
  await deep.insert(sampleTable(30, 4));
  for (let i = 0; i < LISTED_TABLES + 5; i++)
    await catalog.createTable(`t${String(i).padStart(2, '0')}`, sampleTable(1, 4), ['a', 'b']);
  await catalog.createTable('outside', sampleTable(1, 4));
});
afterAll(async () => {
  await catalog.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('namespace contents', () => {
  it('counts everything at every depth and lists a bounded number, with rows and versions', async () => {
    const contents = await namespaceContents(catalog, ['a']);
    expect(contents.totalNamespaces).toBe(2);
    expect(contents.namespaces).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
    expect(contents.totalTables).toBe(LISTED_TABLES + 6);
    expect(contents.tables).toHaveLength(LISTED_TABLES);
    expect(contents.incomplete).toBe(false);
    expect(contents.tables.every((t) => t.path[0] === 'a')).toBe(true);
    expect(contents.tables.some((t) => t.name === 'outside')).toBe(false);
  });

  it('reads the rows and versions of a table deep inside', async () => {
    const contents = await namespaceContents(catalog, ['a', 'b', 'c']);
    expect(contents.tables).toEqual([
      { path: ['a', 'b', 'c'], name: 'deep', rows: 100, versions: 2 },
    ]);
    expect(contents.totalNamespaces).toBe(0);
  });
});
