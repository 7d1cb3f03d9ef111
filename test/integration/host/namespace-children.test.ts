/**
 * A namespace page's list, from a real folder catalog: the namespaces and tables directly inside,
 * each table with its rows, size and index count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { namespaceChildren } from '../../../src-main/host/namespace-children';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let catalog: CatalogClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-children-'));
  catalog = await connect(dir);
  await catalog.createNamespace(['a']);
  await catalog.createNamespace(['a', 'inner']);
  await catalog.createTable('deep', sampleTable(3, 4), ['a', 'inner']);
  const big = await catalog.createTable('big', sampleTable(300, 4), ['a']);
  await catalog.waitForJob((await big.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await catalog.createTable('small', sampleTable(2, 4), ['a']);
});
afterAll(async () => {
  await catalog.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('namespace children', () => {
  it('lists what is directly inside, each table with rows, size and indexes', async () => {
    const children = await namespaceChildren(catalog, ['a']);
    expect(children.namespaces).toEqual(['inner']);
    const byName = Object.fromEntries(children.tables.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['big', 'small']);
    expect(byName.big).toMatchObject({ rows: 300, indexes: 1 });
    expect(byName.small).toMatchObject({ rows: 2, indexes: 0 });
    expect(byName.big!.bytes!).toBeGreaterThan(byName.small!.bytes!);
    // The size is the latest version's data files, the figure Storage and Versions show.
    const [latest] = await (await catalog.openTable('big', ['a'])).listVersions({ newest: 1 });
    expect(byName.big!.bytes).toBe(Number(latest!.metadata.total_files_size));
  });
});
