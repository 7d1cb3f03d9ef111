/**
 * Console queries on a real folder catalog: each is parsed, run through the engine, and checked
 * against the same query made directly with LanceDB's query builder on the same table, so the
 * mapping means what LanceDB means. Plain scan (filter, order, offset, limit), vector search
 * (with options, and a distance range), full-text search after an FTS index built through the
 * engine, and hybrid search.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type CatalogClient, type TableHandle } from '../../../../src-main/catalog';
import { parseConsoleQuery } from '../../../../src-main/host/console/parse-console-query';
import { sampleTable } from '../../../support/sample-data';

const DIM = 8;
const QUERY_VECTOR = [0.1, 0.9, -0.2, 0.5, 0.3, 0.7, 0.05, 0.4];
const vectorText = `ARRAY[${QUERY_VECTOR.join(', ')}]`;

let dir: string;
let catalog: CatalogClient;
let table: TableHandle;
let direct: lancedb.Table;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-console-'));
  catalog = await connect(dir);
  await catalog.createNamespace(['lib']);
  table = await catalog.createTable('docs', sampleTable(300, DIM), ['lib']);
  const job = await table.createIndex({ column: 'text', index_type: 'FTS' });
  expect((await catalog.waitForJob(job.id)).state).toBe('succeeded');
  const plain = await lancedb.connectNamespace('dir', { root: dir });
  direct = await plain.openTable('docs', ['lib']);
});

afterAll(async () => {
  direct?.close();
  await catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a console query through the engine, after checking it names the table above. */
async function viaConsole(text: string): Promise<ArrowTable> {
  const parsed = parseConsoleQuery(text);
  expect([parsed.namespacePath, parsed.table]).toEqual([['lib'], 'docs']);
  return table.query(parsed.request);
}

/** The rows as plain objects, for the columns named (scores rounded: float noise). */
function rows(result: ArrowTable, columns: string[]): Record<string, unknown>[] {
  return result.toArray().map((row: Record<string, unknown>) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = row[column];
        return [column, typeof value === 'number' ? Number(value.toFixed(5)) : value];
      }),
    ),
  );
}

describe('console queries return what LanceDB returns for the same query', () => {
  it('a plain scan: filter, columns, order, offset and limit', async () => {
    const result = await viaConsole(
      "SELECT id, category, text FROM lib.docs WHERE category = 'c1' AND (id < 100 OR id > 250) ORDER BY id DESC LIMIT 5 OFFSET 2",
    );
    const expected = await direct
      .query()
      .where("category = 'c1' AND (id < 100 OR id > 250)")
      .select(['id', 'category', 'text'])
      .orderBy([{ columnName: 'id', ascending: false, nullsFirst: false }])
      .limit(5)
      .offset(2)
      .toArrow();
    expect(result.schema.fields.map((f) => f.name)).toEqual(['id', 'category', 'text']);
    expect(rows(result, ['id', 'category', 'text'])).toEqual(
      rows(expected, ['id', 'category', 'text']),
    );
    expect(rows(result, ['id']).map((r) => r.id)).toEqual([286, 281, 276, 271, 266]);
  });

  it('a filter with a nested column and an exponent', async () => {
    const result = await viaConsole(
      'SELECT id, meta.score FROM lib.docs WHERE meta.score >= 2.5e1 AND id < 260 AND meta.score < 2.6E1',
    );
    const expected = await direct
      .query()
      .where('meta.score >= 25 AND id < 260 AND meta.score < 26')
      .select(['id', 'meta.score'])
      .toArrow();
    expect(result.numRows).toBe(10);
    expect(rows(result, ['id'])).toEqual(rows(expected, ['id']));
  });

  it('a vector search with a filter, a distance type and options', async () => {
    const result = await viaConsole(
      `SELECT id, _distance FROM lib.docs WHERE id >= 10 ORDER BY nearest(vector, ${vectorText}, 'cosine', exact()) LIMIT 7`,
    );
    const expected = await direct
      .vectorSearch(QUERY_VECTOR)
      .column('vector')
      .distanceType('cosine')
      .bypassVectorIndex()
      .where('id >= 10')
      .select(['id'])
      .limit(7)
      .toArrow();
    expect(result.numRows).toBe(7);
    expect(rows(result, ['id', '_distance'])).toEqual(rows(expected, ['id', '_distance']));
  });

  it('a vector search within a distance range', async () => {
    const result = await viaConsole(
      `SELECT id, _distance FROM lib.docs WHERE _distance >= 0.5 AND _distance < 0.9 ORDER BY nearest(vector, ${vectorText}) LIMIT 50`,
    );
    const expected = await direct
      .vectorSearch(QUERY_VECTOR)
      .distanceRange(0.5, 0.9)
      .select(['id'])
      .limit(50)
      .toArrow();
    expect(rows(result, ['id', '_distance'])).toEqual(rows(expected, ['id', '_distance']));
    for (const row of rows(result, ['_distance'])) {
      expect(row._distance).toBeGreaterThanOrEqual(0.5);
      expect(row._distance).toBeLessThan(0.9);
    }
  });

  it('a full-text search with a filter', async () => {
    const result = await viaConsole(
      "SELECT id, text, _score FROM lib.docs WHERE match(text, 'fox') AND id < 150 LIMIT 20",
    );
    const expected = await direct
      .search('fox', 'fts', ['text'])
      .where('id < 150')
      .select(['id', 'text'])
      .limit(20)
      .toArrow();
    expect(result.numRows).toBeGreaterThan(0);
    expect(rows(result, ['id', 'text', '_score'])).toEqual(
      rows(expected, ['id', 'text', '_score']),
    );
    for (const row of rows(result, ['text'])) expect(row.text).toMatch(/fox/);
  });

  it('row ids with _rowid', async () => {
    const result = await viaConsole('SELECT id, _rowid FROM lib.docs WHERE id < 3');
    expect(result.schema.fields.map((f) => f.name)).toContain('_rowid');
    expect(result.numRows).toBe(3);
  });

  it('a hybrid search: rows of either search, with both scores and the fused one', async () => {
    const result = await viaConsole(
      `SELECT id, _distance, _score, _relevance_score FROM lib.docs WHERE match(text, 'fox') ORDER BY nearest(vector, ${vectorText}) LIMIT 5`,
    );
    const nearest = await direct.vectorSearch(QUERY_VECTOR).select(['id']).limit(5).toArrow();
    const matching = await direct.search('fox', 'fts', ['text']).select(['id']).limit(5).toArrow();
    const either = new Set([...rows(nearest, ['id']), ...rows(matching, ['id'])].map((r) => r.id));
    expect(result.numRows).toBe(5);
    for (const row of rows(result, ['id'])) expect(either.has(row.id)).toBe(true);
    expect(result.schema.fields.map((f) => f.name)).toEqual([
      'id',
      '_distance',
      '_score',
      '_relevance_score',
    ]);
  });
});
