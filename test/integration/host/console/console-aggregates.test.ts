/**
 * The console's aggregate and join queries run end to end — parsed, planned, each table scanned
 * by LanceDB through the engine's CatalogClient and loaded into DuckDB, the generated SELECT run
 * — on a folder catalog, on an `s3://` root (the test run's Ceph store) and through a real REST
 * `serve` on loopback. Every number is checked against the same computation done here, in plain
 * JS, on the rows the tables were made of.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectNamespace, type CatalogClient } from '../../../../src-main/catalog';
import { arrow } from '../../../../src-main/catalog/arrow';
import { decodeIpc } from '../../../../src-main/catalog/arrow-data';
import { planConsoleQuery } from '../../../../src-main/host/console/plan-console-query';
import { ENGINE_LIMITS, runEngineQuery } from '../../../../src-main/host/console/run-engine-query';
import { sampleTable } from '../../../support/sample-data';
import { s3Root, s3StorageOptions, s3Unavailable } from '../../../support/s3-store';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';

const ROWS = 5_000;
const CATEGORIES = ['apple', 'pear', 'fig', 'plum', 'kiwi', 'lime', 'date'];

interface Row {
  id: number;
  category: string | null;
  price: number | null;
  qty: bigint;
  instock: boolean;
}

/** Deterministic rows with nulls in category and price. */
function itemRows(): Row[] {
  return Array.from({ length: ROWS }, (_, id) => ({
    id,
    category: id % 11 === 0 ? null : CATEGORIES[(id * 3) % CATEGORIES.length]!,
    price: id % 13 === 0 ? null : ((id * 37) % 1000) / 10,
    qty: BigInt((id * 5) % 17),
    instock: id % 3 !== 0,
  }));
}

function itemsTable(rows: Row[]) {
  // Strings as plain Utf8: tableFromArrays would make them a dictionary.
  return new arrow.Table({
    id: arrow.vectorFromArray(Int32Array.from(rows, (r) => r.id)),
    category: arrow.vectorFromArray(
      rows.map((r) => r.category),
      new arrow.Utf8(),
    ),
    price: arrow.vectorFromArray(
      rows.map((r) => r.price),
      new arrow.Float64(),
    ),
    qty: arrow.vectorFromArray(BigInt64Array.from(rows, (r) => r.qty)),
    instock: arrow.vectorFromArray(
      rows.map((r) => r.instock),
      new arrow.Bool(),
    ),
  });
}

/** The categories table for joins: not every category has a label ('date' has none). */
const LABELS = [
  { name: 'apple', label: 'Apples', shelf: 1 },
  { name: 'pear', label: 'Pears', shelf: 1 },
  { name: 'fig', label: 'Figs', shelf: 2 },
  { name: 'plum', label: 'Plums', shelf: 2 },
  { name: 'kiwi', label: 'Kiwis', shelf: 3 },
  { name: 'lime', label: 'Limes', shelf: 3 },
];

function labelsTable() {
  return new arrow.Table({
    name: arrow.vectorFromArray(
      LABELS.map((l) => l.name),
      new arrow.Utf8(),
    ),
    label: arrow.vectorFromArray(
      LABELS.map((l) => l.label),
      new arrow.Utf8(),
    ),
    shelf: arrow.vectorFromArray(Int32Array.from(LABELS, (l) => l.shelf)),
  });
}

const rows = itemRows();

/** Rows of an answer as plain objects, numbers as numbers. */
async function run(catalog: CatalogClient, sql: string): Promise<Record<string, unknown>[]> {
  const plan = planConsoleQuery(sql, 10_000);
  expect(plan.kind).toBe('engine');
  if (plan.kind !== 'engine') throw new Error('not an engine query');
  const answer = await runEngineQuery(plan.query, (t) =>
    catalog.openTable(t.table, t.namespacePath),
  );
  const table = decodeIpc(answer.arrow);
  expect(answer.rows).toBe(table.numRows);
  return table
    .toArray()
    .map((row: { toJSON(): Record<string, unknown> }) =>
      Object.fromEntries(
        Object.entries(row.toJSON()).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
      ),
    );
}

function groupBy<K>(items: Row[], key: (r: Row) => K): Map<K, Row[]> {
  const groups = new Map<K, Row[]>();
  for (const r of items) {
    const k = key(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return groups;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const prices = (items: Row[]) => items.map((r) => r.price).filter((p): p is number => p !== null);

function suite(
  name: string,
  open: () => Promise<{ catalog: CatalogClient; close(): Promise<void> }>,
) {
  describe(`console aggregates and joins on ${name}`, () => {
    let catalog: CatalogClient;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ catalog, close } = await open());
      await catalog.createNamespace(['shop']);
      await catalog.createTable('items', itemsTable(rows), ['shop']);
      await catalog.createTable('labels', labelsTable(), ['shop']);
    }, 120_000);
    afterAll(async () => close?.());

    it('counts, sums, averages and bounds the whole table, with a pushed-down filter', async () => {
      const [got] = await run(
        catalog,
        'SELECT count(*) AS n, count(price) AS priced, sum(qty) AS q, avg(price) AS mean, min(price) AS lo, max(id) AS hi, count(DISTINCT category) AS kinds FROM shop.items WHERE id >= 100',
      );
      const kept = rows.filter((r) => r.id >= 100);
      const p = prices(kept);
      expect(got!.n).toBe(kept.length);
      expect(got!.priced).toBe(p.length);
      expect(got!.q).toBe(sum(kept.map((r) => Number(r.qty))));
      expect(got!.mean).toBeCloseTo(sum(p) / p.length, 9);
      expect(got!.lo).toBe(Math.min(...p));
      expect(got!.hi).toBe(ROWS - 1);
      expect(got!.kinds).toBe(CATEGORIES.length);
    });

    it('groups, filters groups with HAVING, orders by an aggregate and limits', async () => {
      const got = await run(
        catalog,
        `SELECT category, count(*) AS n, sum(price) AS total FROM shop.items
         WHERE instock GROUP BY category HAVING count(*) > 400 ORDER BY total DESC LIMIT 4`,
      );
      const expected = [
        ...groupBy(
          rows.filter((r) => r.instock),
          (r) => r.category,
        ),
      ]
        .map(([category, items]) => ({ category, n: items.length, total: sum(prices(items)) }))
        .filter((g) => g.n > 400)
        .sort((a, b) => b.total - a.total)
        .slice(0, 4);
      expect(got.map((g) => g.category)).toEqual(expected.map((g) => g.category));
      expect(got.map((g) => g.n)).toEqual(expected.map((g) => g.n));
      got.forEach((g, i) => expect(g.total as number).toBeCloseTo(expected[i]!.total, 6));
    });

    it('joins two tables of the connection, inner and left, with each side filtered', async () => {
      const inner = await run(
        catalog,
        `SELECT l.shelf, count(*) AS n, avg(i.price) AS mean FROM shop.items AS i
         JOIN shop.labels AS l ON i.category = l.name
         WHERE i.id < 3000 AND l.shelf <> 3 GROUP BY l.shelf ORDER BY 1`,
      );
      const shelfOf = new Map(LABELS.map((l) => [l.name, l.shelf]));
      const joined = rows.filter(
        (r) =>
          r.id < 3000 &&
          r.category !== null &&
          shelfOf.has(r.category) &&
          shelfOf.get(r.category) !== 3,
      );
      const expected = [...groupBy(joined, (r) => shelfOf.get(r.category!)!)].sort(
        (a, b) => a[0] - b[0],
      );
      expect(inner.map((g) => g.shelf)).toEqual(expected.map(([shelf]) => shelf));
      expect(inner.map((g) => g.n)).toEqual(expected.map(([, items]) => items.length));
      inner.forEach((g, i) => {
        const p = prices(expected[i]![1]);
        expect(g.mean as number).toBeCloseTo(sum(p) / p.length, 9);
      });

      const left = await run(
        catalog,
        `SELECT i.category, l.label, count(*) AS n FROM shop.items i
         LEFT JOIN shop.labels l ON i.category = l.name
         WHERE l.label IS NULL GROUP BY i.category, l.label ORDER BY n DESC`,
      );
      const unlabelled = groupBy(
        rows.filter((r) => r.category === null || !shelfOf.has(r.category)),
        (r) => r.category,
      );
      expect(left.map((g) => [g.category, g.label, g.n])).toEqual(
        [...unlabelled]
          .map(([category, items]) => [category, null, items.length])
          .sort((a, b) => (b[2] as number) - (a[2] as number)),
      );
    });

    it('returns joined rows without aggregates, capped when no LIMIT is written', async () => {
      const plan = planConsoleQuery(
        'SELECT i.id, l.label FROM shop.items i JOIN shop.labels l ON i.category = l.name',
        50,
      );
      expect(plan.kind === 'engine' && plan.query.cappedAt).toBe(50);
      const got = await run(
        catalog,
        "SELECT i.id, l.label FROM shop.items i JOIN shop.labels l ON i.category = l.name WHERE i.id BETWEEN 10 AND 20 AND l.label LIKE 'P%' ORDER BY i.id",
      );
      const labelOf = new Map(LABELS.map((l) => [l.name, l.label]));
      expect(got).toEqual(
        rows
          .filter(
            (r) =>
              r.id >= 10 && r.id <= 20 && r.category && labelOf.get(r.category)?.startsWith('P'),
          )
          .map((r) => ({ id: r.id, label: labelOf.get(r.category!) })),
      );
    });
  });
}

describe('console aggregates that cannot finish', () => {
  let dir: string;
  let catalog: CatalogClient;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-console-agg-limits-'));
    catalog = await connect(dir);
    await catalog.createTable('items', itemsTable(rows));
    await catalog.createTable('sample', sampleTable(50, 4));
  });
  afterAll(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const engineQuery = (sql: string) => {
    const plan = planConsoleQuery(sql, 10_000);
    if (plan.kind !== 'engine') throw new Error('not an engine query');
    return plan.query;
  };
  const open = (t: { table: string; namespacePath: string[] }) =>
    catalog.openTable(t.table, t.namespacePath);

  it('stops at its deadline, and says so', async () => {
    const query = engineQuery('SELECT category, count(*) FROM items GROUP BY category');
    await expect(
      runEngineQuery(query, open, { limits: { ...ENGINE_LIMITS, timeoutMs: 1 } }),
    ).rejects.toMatchObject({ name: 'InvalidInput', message: /ran longer than 0.001 s/ });
  });

  it('says when DuckDB needs more memory than it may take', async () => {
    const query = engineQuery(
      'SELECT a.id, count(*) AS n FROM items a JOIN items b ON a.qty = b.qty GROUP BY a.id',
    );
    await expect(
      runEngineQuery(query, open, { limits: { ...ENGINE_LIMITS, memoryLimit: '2MB' } }),
    ).rejects.toMatchObject({ name: 'InvalidInput', message: /more memory than .*\(2MB\)/ });
  });

  it('names a column of a type it cannot read', async () => {
    await expect(
      runEngineQuery(engineQuery('SELECT count(vector) FROM sample'), open),
    ).rejects.toMatchObject({
      name: 'InvalidInput',
      message: /Column vector is of type FixedSizeList/,
    });
  });
});

suite('a folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cs-console-agg-'));
  const catalog = await connect(dir);
  return {
    catalog,
    close: async () => {
      await catalog.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const unavailable = s3Unavailable();
if (unavailable) {
  describe.skip(`console aggregates on s3:// (skipped: ${unavailable})`, () => {
    it('needs the S3 store', () => {});
  });
} else {
  suite('s3://', async () => {
    const root = s3Root(`console-agg-${randomBytes(6).toString('hex')}`);
    const catalog = await connect(root, { storageOptions: s3StorageOptions() });
    return { catalog, close: () => catalog.close() };
  });
}

suite('REST (serve on loopback)', async () => {
  const server: RunningServer = await startCatalogServer();
  const catalog = await connectNamespace('rest', { uri: server.url });
  return {
    catalog,
    close: async () => {
      await catalog.close();
      await server.close();
    },
  };
});
