/**
 * Aggregate and join queries planned for DuckDB: the SQL DuckDB gets is written from the parsed
 * query (columns as t<i>.c<j>, strings escaped, names quoted), each table's scan reads only the
 * columns named and takes the WHERE conditions on that table alone as the text written, and what
 * cannot run is refused at its place.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleQueryError } from '../../../../src-main/host/console/console-query-error';
import { MAX_DEPTH, MAX_IN_LIST } from '../../../../src-main/host/console/duck-expression';
import type { EngineQuery } from '../../../../src-main/host/console/engine-query';
import { parseConsoleQuery } from '../../../../src-main/host/console/parse-console-query';
import { MAX_TABLES } from '../../../../src-main/host/console/plan-engine-query';
import { planConsoleQuery } from '../../../../src-main/host/console/plan-console-query';

function engine(text: string): EngineQuery {
  const plan = planConsoleQuery(text, 100);
  if (plan.kind !== 'engine') throw new Error(`Not an engine query: ${text}`);
  return plan.query;
}

function refusedAt(text: string, at: string, message: RegExp, occurrence = 0): void {
  let error: unknown;
  try {
    planConsoleQuery(text, 100);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConsoleQueryError);
  const { offset, length } = error as ConsoleQueryError;
  expect((error as Error).message).toMatch(message);
  let expected = -1;
  for (let i = 0; i <= occurrence; i++) expected = text.indexOf(at, expected + 1);
  expect({ found: text.slice(offset, offset + length), offset }).toEqual({
    found: at,
    offset: expected,
  });
}

describe('routing', () => {
  it('keeps scans and searches on LanceDB, with the same request', () => {
    for (const text of [
      "SELECT id FROM t WHERE a = 'x' ORDER BY id LIMIT 3",
      'SELECT id, _distance FROM t ORDER BY nearest(v, ARRAY[1, 2]) LIMIT 5',
      "SELECT * FROM t WHERE match(text, 'fox')",
    ]) {
      expect(planConsoleQuery(text, 100)).toEqual({
        kind: 'lance',
        query: parseConsoleQuery(text),
      });
    }
  });
});

describe('the plan', () => {
  it('groups one table, its filter to the scan (its columns not loaded), the rest in DuckDB', () => {
    const query = engine(
      "SELECT category AS Kind, count(*) AS n, avg(price) FROM shop.items WHERE id > 3 AND (category = 'it''s' OR price < 1e-3) GROUP BY Kind HAVING count(*) > 2 ORDER BY n DESC, 1",
    );
    expect(query.tables).toEqual([
      {
        target: { namespacePath: ['shop'], table: 'items' },
        columns: ['category', 'price'],
        filter: "(id > 3) AND (category = 'it''s' OR price < 1e-3)",
      },
    ]);
    expect(query.sql).toBe(
      [
        'SELECT t0.c0 AS "Kind", count(*) AS "n", avg(t0.c1) AS "avg(price)"',
        'FROM t0',
        'GROUP BY t0.c0',
        'HAVING (count(*) > 2)',
        'ORDER BY count(*) DESC NULLS LAST, t0.c0 ASC NULLS LAST',
        'LIMIT 100',
      ].join('\n'),
    );
    expect(query.cappedAt).toBe(100);
  });

  it('joins: each side scans its own columns and conditions; the rest stays with DuckDB', () => {
    const query = engine(
      `SELECT a.name, count(DISTINCT b.tag) AS tags FROM ns.left_t AS a
       JOIN ns.right_t b ON a.id = b.owner
       WHERE a.kind = 'x' AND b.score >= 2 AND a.size < b.score
       GROUP BY a.name LIMIT 7 OFFSET 2`,
    );
    expect(query.tables).toEqual([
      {
        target: { namespacePath: ['ns'], table: 'left_t' },
        columns: ['id', 'name', 'size'],
        filter: "kind = 'x'",
      },
      {
        target: { namespacePath: ['ns'], table: 'right_t' },
        columns: ['owner', 'tag', 'score'],
        filter: 'score >= 2',
      },
    ]);
    expect(query.sql).toBe(
      [
        'SELECT t0.c1 AS "name", count(DISTINCT t1.c1) AS "tags"',
        'FROM t0',
        'JOIN t1 ON (t0.c0 = t1.c0)',
        'WHERE (t0.c2 < t1.c2)',
        'GROUP BY t0.c1',
        'LIMIT 7',
        'OFFSET 2',
      ].join('\n'),
    );
    expect(query.cappedAt).toBeUndefined();
  });

  it('never answers more rows than the cap, whatever LIMIT says (the answer is built in memory)', () => {
    const query = engine('SELECT category, count(*) FROM items GROUP BY category LIMIT 100000000');
    expect(query.sql.split('\n').at(-1)).toBe('LIMIT 100');
    expect(query.cappedAt).toBe(100);
  });

  it('keeps a WHERE on the right of a LEFT JOIN in DuckDB, where a missing row is null', () => {
    const query = engine(
      'SELECT a.id, b.v FROM a LEFT JOIN b ON a.id = b.id WHERE b.v IS NULL AND a.id < 5',
    );
    expect(query.tables.map((t) => t.filter)).toEqual(['id < 5', undefined]);
    expect(query.sql).toContain('LEFT JOIN t1 ON (t0.c0 = t1.c0)\nWHERE (t1.c1 IS NULL)');
  });

  it('quotes a name as a name, whatever it holds', () => {
    const query = engine('SELECT count(*) AS "x"" FROM t; DROP TABLE t; --" FROM t');
    expect(query.sql.split('\n')[0]).toBe('SELECT count(*) AS "x"" FROM t; DROP TABLE t; --"');
  });

  it('reads only the rows of a bare count(*)', () => {
    expect(engine("SELECT count(*) FROM t WHERE lower(name) = 'x'").tables).toEqual([
      { target: { namespacePath: [], table: 't' }, columns: [], filter: "lower(name) = 'x'" },
    ]);
  });
});

describe('refusals at their place', () => {
  it.each([
    ['SELECT category, price FROM t GROUP BY category', 'price', /price must be in GROUP BY/],
    ['SELECT count(*) FROM t WHERE sum(x) > 1', 'sum(x)', /Aggregates cannot be in WHERE/],
    ['SELECT x FROM a JOIN b ON a.k = b.k', 'x', /Write x with its table/],
    ['SELECT count(*) FROM a, b', 'b', /joined with JOIN/],
    [
      'SELECT count(*) FROM a FULL JOIN b ON a.k = b.k',
      'FULL JOIN b ON a.k = b.k',
      /FULL JOIN is not supported/,
    ],
    ['SELECT count(*) FROM a JOIN b ON a.k > b.k', 'a.k > b.k', /a\.x = b\.y/],
    ['SELECT median(x) FROM t', 'median(x)', /median\(\) is not supported/],
    [
      'SELECT count(*) FROM t ORDER BY nearest(v, ARRAY[1, 2])',
      'nearest(v, ARRAY[1, 2])',
      /search/,
    ],
    ["SELECT count(*) FROM t WHERE match(text, 'a')", "match(text, 'a')", /full-text search/],
    ['SELECT max(count(x)) FROM t', 'count(x)', /another aggregate/],
    ['SELECT a.*, count(*) FROM t a', 'a.*', /not a column name|\* is allowed only/],
    ['SELECT upper(x), count(*) FROM t GROUP BY x', 'upper(x)', /upper\(\) is not supported/],
    ['SELECT count(*) FROM t GROUP BY count(*)', 'count(*)', /GROUP BY takes columns/, 1],
  ] as [string, string, RegExp, number?][])('%s', (text, at, message, occurrence) =>
    refusedAt(text, at, message, occurrence),
  );

  it(`refuses a join of more than ${MAX_TABLES} tables at the first one over`, () => {
    const joins = Array.from(
      { length: MAX_TABLES },
      (_, i) => `JOIN t${i + 1} ON t${i}.k = t${i + 1}.k`,
    );
    refusedAt(
      `SELECT count(*) FROM t0 ${joins.join(' ')}`,
      joins[MAX_TABLES - 1]!,
      /at most 8 tables/,
    );
  });

  it(`refuses an IN list of more than ${MAX_IN_LIST} values, and nesting past ${MAX_DEPTH}`, () => {
    const list = Array.from({ length: MAX_IN_LIST + 1 }, (_, i) => i).join(', ');
    refusedAt(
      `SELECT x, count(*) FROM t GROUP BY x HAVING max(y) IN (${list})`,
      list,
      /IN list holds 1001/,
    );
    const deep = `count(*)${' + 1'.repeat(MAX_DEPTH + 5)}`;
    const text = `SELECT ${deep} FROM t`;
    let error: unknown;
    try {
      planConsoleQuery(text, 100);
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toMatch(/nested more than 64 levels/);
  });
});
