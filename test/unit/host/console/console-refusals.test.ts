import { describe, expect, it } from 'vitest';
import { ConsoleQueryError } from '../../../../src-main/host/console/console-query-error';
import { parseConsoleQuery } from '../../../../src-main/host/console/parse-console-query';
import { planConsoleQuery } from '../../../../src-main/host/console/plan-console-query';

/** The refusal of `text`, which must point at `at` (its last occurrence when `last`). */
function refusal(text: string): ConsoleQueryError {
  try {
    parseConsoleQuery(text);
  } catch (error) {
    if (error instanceof ConsoleQueryError) return error;
    throw error;
  }
  throw new Error(`Not refused: ${text}`);
}

function expectRefused(text: string, at: string, message: RegExp, occurrence: 'first' | 'last') {
  const error = refusal(text);
  expect(error.message).toMatch(message);
  const offset = occurrence === 'last' ? text.lastIndexOf(at) : text.indexOf(at);
  expect(offset).toBeGreaterThanOrEqual(0);
  expect({
    offset: error.offset,
    length: error.length,
    found: text.slice(error.offset, error.offset + error.length),
  }).toEqual({
    offset,
    length: at.length,
    found: at,
  });
}

// [query, the text the error must cover, its message]; the first occurrence unless marked.
const REFUSALS: [string, string, RegExp, ('first' | 'last')?][] = [
  // statements
  ['select * from t; select * from u', 'select * from u', /Only one statement/],
  ['insert into t values (1)', 'insert into t values (1)', /INSERT statements are not supported/],
  ['delete from t where a = 1', 'delete from t where a = 1', /DELETE statements are not supported/],
  ['update t set a = 1', 'update t set a = 1', /UPDATE statements are not supported/],
  ['drop table t', 'drop table t', /DROP TABLE statements are not supported|not supported/],
  ['select * from t union select * from u', 'select * from t union select * from u', /UNION/],
  ['with x as (select 1) select * from x', 'with x as (select 1) select * from x', /WITH/],
  ['values (1)', 'values (1)', /VALUES/],
  ['select 1', 'select 1', /FROM <table>/],
  // clauses
  ['select distinct a from t', 'distinct', /DISTINCT/],
  ['select DISTINCT ON (a) a from t', 'DISTINCT', /DISTINCT/],
  ['select a from t group by a', 'a', /GROUP BY/, 'last'],
  ['select * from t for update', 'update', /FOR/],
  // FROM
  ['select * from t, u', 'u', /Joins/, 'last'],
  ['select * from t join u on t.a = u.a', 'join u on t.a = u.a', /Joins/],
  ['select * from (select * from t) x', '(select * from t)', /Subqueries/],
  ['select * from generate_series(1, 2)', 'generate_series(1, 2)', /Table functions/],
  ['select * from t x', 't x', /Table aliases/],
  ['select * from t as x', 't as x', /Table aliases/],
  [
    'select * from "bad name"',
    '"bad name"',
    /Invalid name "bad name" in FROM: it may contain only/,
  ],
  ['select * from "a$$t"', '"a$$t"', /Invalid name "" in FROM: it must not be empty/],
  // select list
  ['select a + 1 from t', 'a + 1', /Only columns can be selected/],
  ["select 'x' from t", "'x'", /Only columns can be selected/],
  ['select a as b from t', 'a as b', /Aliases/],
  ['select a b from t', 'a', /Aliases/],
  ['select count(*) from t', 'count(*)', /Aggregates/],
  ['select sum(a) from t', 'sum(a)', /Aggregates/],
  ['select row_number() over () from t', 'row_number() over ()', /Window functions/],
  ['select (select 1) from t', 'select 1', /Subqueries/],
  ['select t.* from t', 't.*', /Write \* alone/],
  ['select *, * from t', '*', /\* is given twice/, 'last'],
  ['select a, * from t', '*', /list columns or \*, not both/],
  ['select *, a from t', 'a', /list columns or \*, not both/],
  ['select a, a from t', 'a', /Column a is selected twice/, 'last'],
  ['select _rowid, _rowid from t', '_rowid', /_rowid is selected twice/, 'last'],
  ['select nearest(v, array[1]) from t', 'nearest(v, array[1])', /ORDER BY nearest/],
  ["select match(t, 'q') from t", "match(t, 'q')", /condition in WHERE/],
  ['select _distance from t', '_distance', /vector search only/],
  ['select _score from t order by nearest(v, array[1])', '_score', /full-text search only/],
  ["select _relevance_score from t where match('q')", '_relevance_score', /hybrid search only/],
  // WHERE
  [
    "select * from t where a = 1 or match(text, 'q')",
    "match(text, 'q')",
    /condition of its own in WHERE/,
  ],
  ["select * from t where not match(text, 'q')", "match(text, 'q')", /condition of its own/],
  ["select * from t where match(a, 'q') and match(b, 'r')", "match(b, 'r')", /one match\(\)/],
  ['select * from t where nearest(v, array[1])', 'nearest(v, array[1])', /ORDER BY nearest/],
  ['select * from t where a in (select a from u)', 'select a from u', /Subqueries/],
  ['select * from t where exists (select 1)', 'select 1', /Subqueries/],
  ['select * from t where _score > 1', '_score', /cannot be filtered by _score/],
  [
    'select * from t where _distance = 1 order by nearest(v, array[1])',
    '_distance',
    /condition of its own/,
  ],
  [
    'select * from t where a or _distance < 1 order by nearest(v, array[1])',
    '_distance',
    /condition of its own/,
  ],
  ['select * from t where _distance < 1', '_distance < 1', /add ORDER BY nearest/],
  [
    'select * from t where _distance <= 1 order by nearest(v, array[1])',
    '_distance <= 1',
    /excludes its upper bound: write _distance < x/,
  ],
  [
    'select * from t where _distance > 1 order by nearest(v, array[1])',
    '_distance > 1',
    /includes its lower bound: write _distance >= x/,
  ],
  [
    'select * from t where 1 >= _distance order by nearest(v, array[1])',
    '1 >= _distance',
    /excludes its upper bound/,
  ],
  [
    'select * from t where _distance between 0 and 1 order by nearest(v, array[1])',
    '_distance between 0 and 1',
    /BETWEEN includes both/,
  ],
  [
    'select * from t where _distance < 1 and _distance < 2 order by nearest(v, array[1])',
    '_distance < 2',
    /two upper bounds/,
  ],
  [
    "select * from t where _distance < 'x' order by nearest(v, array[1])",
    "'x'",
    /bound on _distance must be a number/,
  ],
  ["select * from t where match(text, '  ')", "'  '", /words to search for are empty/],
  ['select * from t where match(text, 1)', '1', /must be a string in single quotes/],
  ["select * from t where match(a + 1, 'q')", 'a + 1', /must be a column name/],
  ["select * from t where match(array[], 'q')", 'array[]', /columns to search is empty/],
  [
    "select * from t where match(a, 'q', 'r')",
    "match(a, 'q', 'r')",
    /takes the columns and the words/,
  ],
  // ORDER BY
  ['select * from t order by a + 1', 'a + 1', /ordered only by a column/],
  ['select * from t order by _distance', '_distance', /ORDER BY nearest/],
  ["select * from t where match('q') order by _score desc", '_score', /ordered by _score already/],
  ['select * from t order by _rowid', '_rowid', /_rowid/],
  ["select * from t order by match(a, 'q')", "match(a, 'q')", /condition in WHERE/],
  [
    'select * from t order by nearest(v, array[1]) desc',
    'nearest(v, array[1]) desc',
    /DESC is not supported/,
  ],
  [
    'select * from t order by nearest(v, array[1]) nulls first',
    'nearest(v, array[1]) nulls first',
    /NULLS/,
  ],
  ['select * from t order by nearest(v, array[1]), id', 'id', /distance alone/, 'last'],
  ['select * from t order by id, nearest(v, array[1])', 'id', /distance alone/, 'last'],
  ["select * from t where match('q') order by id", 'id', /ordered by its score/, 'last'],
  ['select id from t order by name', 'name', /add name to the SELECT list/, 'last'],
  // nearest()
  ['select * from t order by nearest()', 'nearest()', /needs a vector/],
  ['select * from t order by nearest(v)', 'nearest(v)', /needs a vector after the column/],
  ["select * from t order by nearest(v, '[1,2]')", "'[1,2]'", /ARRAY\[v1, v2, …\]/],
  ['select * from t order by nearest(v, array[])', 'array[]', /query vector is empty/],
  [
    "select * from t order by nearest(v, array[1, 'NaN'::float])",
    "'NaN'::float",
    /A vector value must be a number/,
  ],
  ["select * from t order by nearest(v, array[1, 'x'])", "'x'", /A vector value must be a number/],
  [
    'select * from t order by nearest(v, array[1, null])',
    'null',
    /A vector value must be a number/,
  ],
  ['select * from t order by nearest(v, array[1, 1e999])', '1e999', /not a finite number/],
  ['select * from t order by nearest(v, array[1, array[2]])', 'array[2]', /must be a number/],
  [
    "select * from t order by nearest(v, array[1], 'manhattan')",
    "'manhattan'",
    /Unknown distance type 'manhattan'/,
  ],
  [
    "select * from t order by nearest(v, array[1], 'l2', 'dot')",
    "'dot'",
    /distance type is given twice/,
  ],
  [
    'select * from t order by nearest(v, array[1], nprobes(0))',
    '0',
    /nprobes must be a whole number of at least 1/,
  ],
  ['select * from t order by nearest(v, array[1], nprobes(1.5))', '1.5', /whole number/],
  ['select * from t order by nearest(v, array[1], nprobes())', 'nprobes()', /takes one number/],
  ['select * from t order by nearest(v, array[1], exact(1))', 'exact(1)', /takes no argument/],
  [
    'select * from t order by nearest(v, array[1], refine(2), refine(3))',
    'refine(3)',
    /given twice/,
  ],
  [
    'select * from t order by nearest(v, array[1], fast())',
    'fast()',
    /Unknown nearest\(\) option fast\(\)/,
  ],
  ['select * from t order by nearest(v, array[1], 5)', '5', /Unknown nearest\(\) option/, 'last'],
  ['select * from t order by nearest(v + 1, array[1])', 'v + 1', /must be a column name/],
  [
    'select * from t order by nearest(v, array[1]), nearest(w, array[2])',
    'nearest(w, array[2])',
    /one nearest\(\)/,
  ],
  // LIMIT / OFFSET
  ['select * from t limit 1.5', '1.5', /LIMIT must be a whole number/],
  ['select * from t limit -1', '-1', /LIMIT must be a whole number of at least 0/],
  ['select * from t limit 1e20', '1e20', /LIMIT must be a whole number/],
  ['select * from t offset $1', '$1', /OFFSET must be a number/],
  // syntax
  ['select * from t where', '', /ends too soon/],
  ['select * ffrom t', 't', /Syntax error: unexpected "t"/, 'last'],
  ["select * from t where a = 'open", "'", /quote that is never closed/],
  ['select * from t where a-1 > 0', '-1', /needs spaces around it/],
  ['select * from a.b.c', '.', /Syntax error: unexpected "\."/, 'last'],
  ['', '', /The query is empty/],
  ['  -- nothing\n', '', /The query is empty/],
];

describe('parseConsoleQuery refuses what the contract cannot express, at its place', () => {
  it.each(REFUSALS)('%s', (text, at, message, occurrence) => {
    if (at === '' && /ends too soon/.test(message.source)) {
      const error = refusal(text);
      expect(error.message).toMatch(message);
      expect([error.offset, error.length]).toEqual([text.trimEnd().length, 0]);
      return;
    }
    if (at === '') {
      const error = refusal(text);
      expect(error.message).toMatch(message);
      expect([error.offset, error.length]).toEqual([0, 0]);
      return;
    }
    expectRefused(text, at, message, occurrence ?? 'first');
  });

  it('gives 1-based line and column on a later line', () => {
    const text = "SELECT id\nFROM t\n  WHERE x = 1 OR match(text, 'q')";
    const error = refusal(text);
    expect({ line: error.line, column: error.column, offset: error.offset }).toEqual({
      line: 3,
      column: 18,
      offset: text.indexOf('match'),
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConsoleQueryError');
  });
});

describe('a console query too long to parse in time', () => {
  it('is refused before pgsql-ast-parser reads it, at the first token over the limit', () => {
    const keys = Array.from({ length: 6_000 }, (_, i) => i).join(', ');
    const text = `SELECT * FROM t WHERE id IN (${keys})`;
    const started = performance.now();
    let caught: unknown;
    try {
      parseConsoleQuery(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConsoleQueryError);
    expect((caught as ConsoleQueryError).message).toMatch(/more than the 10000 allowed/);
    // Refused by the scan alone: the parser would take seconds on this text.
    expect(performance.now() - started).toBeLessThan(500);
  });
});

/** What the console now runs through DuckDB, where the LanceDB mapping alone refuses it. */
const ENGINE_TEXTS = new Set<string>([
  'select a from t group by a',
  'select * from t, u',
  'select * from t join u on t.a = u.a',
  'select count(*) from t',
  'select sum(a) from t',
]);

describe('planConsoleQuery keeps each refusal of the LanceDB mapping, at the same place', () => {
  it.each(REFUSALS)('%s', (text) => {
    const mapped = refusal(text);
    let planned: unknown;
    try {
      planned = planConsoleQuery(text, 10_000);
    } catch (error) {
      planned = error;
    }
    if (ENGINE_TEXTS.has(text)) {
      // An aggregate or join: either planned for DuckDB or refused by the engine's own rules.
      expect(
        planned instanceof ConsoleQueryError ? 'refused' : (planned as { kind: string }).kind,
      ).toMatch(/engine|refused/);
      return;
    }
    expect(planned).toBeInstanceOf(ConsoleQueryError);
    const { message, offset, length } = planned as ConsoleQueryError;
    expect({ message, offset, length }).toEqual({
      message: mapped.message,
      offset: mapped.offset,
      length: mapped.length,
    });
  });
});
