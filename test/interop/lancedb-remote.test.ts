/**
 * LanceDB's own remote client (`connect("db://…", {apiKey, hostOverride})`) against our server on
 * loopback, unchanged: tables, data, vector/scalar/FTS/FM indexes and their waits, queries, counts,
 * index listing and stats, rename and drop. The server runs with an API key required.
 */
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { startCatalogServer, type RunningServer } from '../support/catalog-server';

const KEY = 'interop-writer-key';
let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer({
    auth: { principals: [{ name: 'writer', api_keys: [KEY], role: 'admin' }] },
  });
});
afterAll(async () => {
  await server.close();
});

describe('LanceDB remote client against the catalog server', () => {
  it('runs the whole table lifecycle', async () => {
    const db = await lancedb.connect('db://main', { apiKey: KEY, hostOverride: server.url });
    expect(await db.tableNames()).toEqual([]);

    const table = await db.createTable('docs', sampleTable(1500, 16));
    await expect(db.createTable('docs', sampleTable(5, 16))).rejects.toThrow(/already exists/);
    expect(await db.tableNames()).toEqual(['docs']);
    await table.add(sampleTable(20, 16, { idOffset: 10_000 }));
    expect(await table.countRows()).toBe(1520);
    expect(await table.countRows('id >= 10000')).toBe(20);
    expect((await table.schema()).fields.map((f) => f.name)).toEqual([
      'id',
      'text',
      'category',
      'tags',
      'meta',
      'image',
      'vector',
    ]);

    await table.createIndex('vector', {
      config: lancedb.Index.ivfPq({ numPartitions: 4, numSubVectors: 4, distanceType: 'cosine' }),
    });
    await table.createIndex('id', { config: lancedb.Index.btree() });
    await table.createIndex('category', { config: lancedb.Index.bitmap() });
    await table.createIndex('text', { config: lancedb.Index.fts() });
    await table.waitForIndex(['vector_idx', 'id_idx', 'category_idx', 'text_idx'], 120);

    const indices = await table.listIndices();
    expect(indices.map((i) => i.name).sort()).toEqual([
      'category_idx',
      'id_idx',
      'text_idx',
      'vector_idx',
    ]);
    const stats = await table.indexStats('vector_idx');
    expect(stats).toMatchObject({
      numIndexedRows: 1520,
      numUnindexedRows: 0,
      indexType: 'IVF_PQ',
      distanceType: 'cosine',
    });
    expect(await table.indexStats('missing_idx')).toBeUndefined();

    const probe = (await table.query().where('id = 42').select(['vector']).toArray())[0].vector;
    const nearest = await table
      .vectorSearch([...probe])
      .distanceType('cosine')
      .limit(5)
      .select(['id'])
      .toArray();
    expect(nearest).toHaveLength(5);
    expect(nearest.map((r) => r.id)).toContain(42);

    const filtered = await table
      .query()
      .where("category = 'c2' AND id < 100")
      .select(['id'])
      .toArray();
    expect(filtered.map((r) => r.id)).toEqual([
      2, 7, 12, 17, 22, 27, 32, 37, 42, 47, 52, 57, 62, 67, 72, 77, 82, 87, 92, 97,
    ]);

    const fts = await table.search('mountain', 'fts', 'text').limit(10).select(['text']).toArray();
    expect(fts.length).toBeGreaterThan(0);
    for (const row of fts) expect(row.text).toContain('mountain');

    await table.update({ where: 'id < 10', values: { category: 'edited' } });
    expect(await table.countRows("category = 'edited'")).toBe(10);
    await table.delete('id >= 10000');
    expect(await table.countRows()).toBe(1500);
    expect((await table.listVersions()).length).toBeGreaterThan(2);

    await db.renameTable('docs', 'articles');
    expect(await db.tableNames()).toEqual(['articles']);
    await db.dropTable('articles');
    expect(await db.tableNames()).toEqual([]);
    expect(server.log.every((line) => !JSON.stringify(line).includes(KEY))).toBe(true);
  });

  it('searches by distance range, structured full text, hybrid, and explains and analyzes', async () => {
    const db = await lancedb.connect('db://main', { apiKey: KEY, hostOverride: server.url });
    const table = await db.createTable('search', sampleTable(400, 16));
    await table.createIndex('text', { config: lancedb.Index.fts({ withPosition: true }) });
    await table.waitForIndex(['text_idx'], 60);
    const probe = [...(await table.query().where('id = 7').select(['vector']).toArray())[0].vector];

    const all = await table.vectorSearch(probe).bypassVectorIndex().limit(400).toArray();
    const upper = all[40]._distance as number;
    const near = await table
      .vectorSearch(probe)
      .bypassVectorIndex()
      .distanceRange(undefined, upper)
      .limit(400)
      .select(['id'])
      .toArray();
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(400);
    for (const row of near) expect(row._distance).toBeLessThan(upper);

    const phrase = await table
      .query()
      .fullTextSearch(new lancedb.PhraseQuery('item 42', 'text'))
      .select(['text'])
      .toArray();
    expect(phrase.map((r) => r.text)).toEqual([expect.stringMatching(/ item 42$/)]);
    const allWords = await table
      .query()
      .fullTextSearch(new lancedb.MatchQuery('item 43', 'text', { operator: lancedb.Operator.And }))
      .select(['text'])
      .toArray();
    expect(allWords.map((r) => r.text)).toEqual([expect.stringMatching(/ item 43$/)]);

    const rrf = await lancedb.rerankers.RRFReranker.create();
    const hybrid = await table
      .query()
      .nearestTo(probe)
      .fullTextSearch('item 7')
      .rerank(rrf)
      .select(['id'])
      .limit(5)
      .toArray();
    expect(hybrid[0].id).toBe(7);
    expect(hybrid[0]._relevance_score).toBeGreaterThan(0);

    const query = table.vectorSearch(probe).where('id > 3').select(['id']).limit(5);
    expect(await query.explainPlan()).toMatch(/KNN|ANN|Vector|knn/i);
    expect(await query.analyzePlan()).toMatch(/elapsed|metrics|output_rows/i);
    await db.dropTable('search');
  });

  it('builds an FM index with Index.fm(), and contains() filters answer the same rows through it', async () => {
    const db = await lancedb.connect('db://main', { apiKey: KEY, hostOverride: server.url });
    const table = await db.createTable('substrings', sampleTable(600, 16));
    const filter = "contains(text, 'item 42')";
    const scanned = await table.query().where(filter).select(['id']).toArray();
    // 42 and 420…429: the substring matches inside longer numbers too, which tokens would not.
    expect(scanned.map((r) => r.id as number).sort((a, b) => a - b)).toEqual([
      42, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429,
    ]);
    expect(await table.query().where(filter).explainPlan()).not.toMatch(/ScalarIndexQuery/);

    await table.createIndex('text', { config: lancedb.Index.fm() });
    await table.waitForIndex(['text_idx'], 60);
    const [index] = await table.listIndices();
    // The server lists it as FM; LanceDB's client names the type as its local tables do, Fm.
    expect(index).toMatchObject({ name: 'text_idx', indexType: 'Fm', columns: ['text'] });
    expect(await table.indexStats('text_idx')).toMatchObject({
      indexType: 'FM',
      numIndexedRows: 600,
      numUnindexedRows: 0,
    });

    expect(await table.query().where(filter).explainPlan()).toMatch(
      /ScalarIndexQuery: query=\[contains\(text, Utf8\("item 42"\)\)\]@text_idx\(Fm\)/,
    );
    const indexed = await table.query().where(filter).select(['id']).toArray();
    expect(indexed.map((r) => r.id as number).sort((a, b) => a - b)).toEqual(
      scanned.map((r) => r.id as number).sort((a, b) => a - b),
    );
    await db.dropTable('substrings');
  });

  it('is refused without the key, with a clear 401', async () => {
    const db = await lancedb.connect('db://main', {
      apiKey: 'wrong-key',
      hostOverride: server.url,
    });
    await expect(db.tableNames()).rejects.toThrow(/401|Unauthenticated|not valid/);
  });
});
