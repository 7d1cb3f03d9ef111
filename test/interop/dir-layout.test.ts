/**
 * A catalog folder written by our engine is read by plain @lancedb/lancedb, and the other way
 * round: the layout is LanceDB's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { sampleTable } from '../support/sample-data';

const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-interop-'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('directory layout interop with plain LanceDB', () => {
  it('plain LanceDB reads namespaces, tables, indexes and renames written by the engine', async () => {
    const root = tempRoot();
    const engine = await connect(root);
    await engine.createNamespace(['prod'], { properties: { team: 'search' } });
    await engine.createNamespace(['prod', 'eu']);
    const table = await engine.createTable('docs', sampleTable(500, 16), ['prod', 'eu']);
    for (const request of [
      { column: 'vector', index_type: 'IVF_PQ', num_partitions: 4, num_sub_vectors: 4 },
      { column: 'id', index_type: 'BTREE' },
      { column: 'text', index_type: 'FTS' },
    ]) {
      const job = await table.createIndex(request);
      expect((await engine.waitForJob(job.id)).state).toBe('succeeded');
    }
    await engine.createTable('loose', sampleTable(3, 16));
    await engine.createTable('draft', sampleTable(4, 16), ['prod']);
    await engine.renameTable('draft', 'final', ['prod'], { newNamespacePath: ['prod', 'eu'] });
    await engine.close();

    const plain = await lancedb.connectNamespace('dir', { root });
    expect((await plain.listNamespaces([])).namespaces).toEqual(['prod']);
    expect((await plain.listNamespaces(['prod'])).namespaces).toEqual(['eu']);
    expect((await plain.describeNamespace(['prod'])).properties).toEqual({ team: 'search' });
    expect((await plain.listTables(['prod', 'eu'])).tables).toEqual(['docs', 'final']);
    expect((await plain.listTables(['prod'])).tables).toEqual([]);
    expect((await plain.listTables([])).tables).toEqual(['loose']);
    const docs = await plain.openTable('docs', ['prod', 'eu']);
    expect(await docs.countRows()).toBe(500);
    expect((await docs.listIndices()).map((i) => i.name).sort()).toEqual([
      'id_idx',
      'text_idx',
      'vector_idx',
    ]);
    const hits = await docs.vectorSearch(new Array(16).fill(0.5)).limit(5).toArray();
    expect(hits).toHaveLength(5);
    expect(
      (await docs.search('mountain', 'fts', 'text').limit(5).toArray()).length,
    ).toBeGreaterThan(0);
    expect(await (await plain.openTable('final', ['prod', 'eu'])).countRows()).toBe(4);
    plain.close();
  });

  it('the engine reads namespaces, tables and indexes written by plain LanceDB', async () => {
    const root = tempRoot();
    const plain = await lancedb.connectNamespace('dir', { root });
    await plain.createNamespace(['lab']);
    await plain.createNamespace(['lab', 'runs']);
    const written = await plain.createTable('metrics', sampleTable(300, 8), ['lab', 'runs']);
    await written.createIndex('vector', { config: lancedb.Index.ivfFlat({ numPartitions: 2 }) });
    await written.createIndex('category', { config: lancedb.Index.bitmap() });
    plain.close();

    // A root table made by the classic local connection, which keeps no manifest row.
    const classic = await lancedb.connect(root);
    await classic.createTable('legacy', sampleTable(7, 8));
    classic.close();

    const engine = await connect(root);
    expect((await engine.listNamespaces(['lab'])).namespaces).toEqual(['runs']);
    expect((await engine.listTables(['lab', 'runs'])).tables).toEqual(['metrics']);
    expect((await engine.listTables([])).tables).toContain('legacy');
    const table = await engine.openTable('metrics', ['lab', 'runs']);
    const described = await table.describe();
    expect(described.rowCount).toBe(300);
    expect(described.location).toContain(root);
    const indexes = await table.listIndices();
    expect(indexes.map((i) => [i.name, i.indexType, i.status])).toEqual([
      ['category_idx', 'BITMAP', 'ready'],
      ['vector_idx', 'IVF_FLAT', 'ready'],
    ]);
    expect((await table.query({ filter: "category = 'c2'", columns: ['id'] })).numRows).toBe(60);
    const legacy = await engine.openTable('legacy');
    expect(await legacy.countRows()).toBe(7);
    await engine.createNamespace(['archive']);
    await engine.renameTable('legacy', 'legacy', [], { newNamespacePath: ['archive'] });
    expect((await engine.listTables([])).tables).not.toContain('legacy');
    expect(await (await engine.openTable('legacy', ['archive'])).countRows()).toBe(7);
    await engine.close();

    const again = await lancedb.connectNamespace('dir', { root });
    expect((await again.listTables(['archive'])).tables).toEqual(['legacy']);
    expect(await (await again.openTable('legacy', ['archive'])).countRows()).toBe(7);
    again.close();
  });
});
