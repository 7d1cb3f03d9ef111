import { describe, expect, it } from 'vitest';
import { parse } from 'pgsql-ast-parser';
import { parseConsoleQuery } from '../../../../src-main/host/console/parse-console-query';

const request = (text: string) => parseConsoleQuery(text).request;

describe('parseConsoleQuery: the table', () => {
  it.each([
    ['SELECT * FROM docs', [], 'docs'],
    ['SELECT * FROM lib.docs', ['lib'], 'docs'],
    ['SELECT * FROM "Lib"."My-Docs"', ['Lib'], 'My-Docs'],
    ['SELECT * FROM MyNs.Docs', ['MyNs'], 'Docs'],
    ['SELECT * FROM "a$b".docs', ['a', 'b'], 'docs'],
    ['SELECT * FROM "a$b$docs"', ['a', 'b'], 'docs'],
    ['SELECT * FROM "v1.2"', [], 'v1.2'],
  ])('%s', (text, namespacePath, table) => {
    expect(parseConsoleQuery(text)).toEqual({ namespacePath, table, request: {} });
  });
});

describe('parseConsoleQuery: the select list', () => {
  it('maps * to every column and a list to column paths, keeping case', () => {
    expect(request('select * from t').columns).toBeUndefined();
    expect(request('select id, Title, "Body" from t').columns).toEqual(['id', 'Title', 'Body']);
  });

  it('maps dotted names to nested paths, and a quoted name with a dot to one field', () => {
    expect(request('select meta.score, a.b.c from t').columns).toEqual(['meta.score', 'a.b.c']);
    expect(request('select meta."a.b", "x.y" from t').columns).toEqual(['meta.`a.b`', '`x.y`']);
  });

  it('takes pseudo-columns out of the list: _rowid asks for row ids', () => {
    expect(request('select id, _rowid from t')).toEqual({ columns: ['id'], withRowId: true });
    expect(request('select *, _rowid from t')).toEqual({ withRowId: true });
    expect(request('select id, _distance from t order by nearest(v, array[1])').columns).toEqual([
      'id',
    ]);
    expect(request("select _score from t where match(text, 'q')").columns).toEqual([]);
    expect(
      request("select _relevance_score from t where match('q') order by nearest(array[1])").columns,
    ).toEqual([]);
  });
});

describe('parseConsoleQuery: WHERE', () => {
  it('hands the condition to LanceDB as written', () => {
    expect(request("select * from t where category = 'c1' and id >= 3").filter).toBe(
      "category = 'c1' and id >= 3",
    );
  });

  it('keeps the parentheses the parser leaves out of its locations', () => {
    const cases = [
      '(a OR b) AND c',
      'x IN (1, 2)',
      'NOT (a)',
      "tags @> ARRAY['x'] AND (y < 2)",
      'CAST(a AS INT) > 1',
      "d > timestamp '2020-01-01 00:00:00'",
      'a IS NOT NULL',
      "f((a), (b)) AND c NOT IN ('x', 'y')",
    ];
    for (const condition of cases) {
      expect(request(`select * from t where ${condition}`).filter).toBe(condition);
    }
  });

  it('keeps exponents, negative numbers and the case of names in the filter text', () => {
    expect(request('select * from t where Score > -1.5e-3 AND "Id" < 2E5').filter).toBe(
      'Score > -1.5e-3 AND "Id" < 2E5',
    );
  });

  it('keeps comments and line breaks inside the condition', () => {
    expect(request('select * from t\nwhere a = 1 /* one */\n  and b = 2 -- two\n').filter).toBe(
      'a = 1 /* one */\n  and b = 2',
    );
  });

  it('pulls match() out of the AND chain and parenthesizes what is left', () => {
    expect(
      request("select * from t where (a = 1 or b = 2) and match(text, 'quick fox') and c"),
    ).toEqual({
      filter: '(a = 1 or b = 2) AND (c)',
      fullTextQuery: { query: 'quick fox', columns: ['text'] },
    });
    expect(request("select * from t where match(text, 'q') and (a or b)").filter).toBe('a or b');
    expect(request("select * from t where a and (match(text, 'q') and b)").filter).toBe(
      '(a) AND (b)',
    );
  });
});

describe('parseConsoleQuery: full-text search', () => {
  it.each([
    ["match(text, 'q')", { query: 'q', columns: ['text'] }],
    ["match(meta.title, 'q')", { query: 'q', columns: ['meta.title'] }],
    ["MATCH(ARRAY[title, Body], 'q')", { query: 'q', columns: ['title', 'Body'] }],
    ["match(ARRAY['meta.`a.b`', 'text'], 'q')", { query: 'q', columns: ['meta.`a.b`', 'text'] }],
    ["match(*, 'it''s')", { query: "it's" }],
    ["match('all columns')", { query: 'all columns' }],
  ])('%s', (condition, fullTextQuery) => {
    expect(request(`select * from t where ${condition}`)).toEqual({ fullTextQuery });
  });

  it('is hybrid with nearest()', () => {
    expect(
      request("select * from t where match(text, 'q') order by nearest(v, array[1, 2]) limit 3"),
    ).toEqual({
      fullTextQuery: { query: 'q', columns: ['text'] },
      vector: [1, 2],
      vectorColumn: 'v',
      limit: 3,
    });
  });
});

describe('parseConsoleQuery: vector search', () => {
  it('maps nearest() to the vector, its column and LIMIT to k', () => {
    expect(request('select * from t order by nearest(embedding, ARRAY[0.1, 0.2]) limit 5')).toEqual(
      { vector: [0.1, 0.2], vectorColumn: 'embedding', limit: 5 },
    );
  });

  it('reads negatives, exponents and unary signs exactly', () => {
    expect(
      request(
        'select * from t order by nearest(ARRAY[-1, -0.5, .25, 1e3, 2.5E-3, -1e-3, - 4, +5, -(6)])',
      ).vector,
    ).toEqual([-1, -0.5, 0.25, 1000, 0.0025, -0.001, -4, 5, -6]);
  });

  it('takes no column: LanceDB picks the vector column', () => {
    expect(request('select * from t order by nearest(array[1]) asc')).toEqual({ vector: [1] });
  });

  it('maps every option', () => {
    expect(
      request(
        "select * from t order by nearest(meta.v, array[1], 'COSINE', nprobes(20), refine(5), ef(64), exact(), postfilter())",
      ),
    ).toEqual({
      vector: [1],
      vectorColumn: 'meta.v',
      distanceType: 'cosine',
      nprobes: 20,
      refineFactor: 5,
      ef: 64,
      bypassVectorIndex: true,
      prefilter: false,
    });
    for (const distance of ['l2', 'dot', 'hamming'] as const) {
      expect(
        request(`select * from t order by nearest(v, array[1], '${distance}')`).distanceType,
      ).toBe(distance);
    }
  });

  it('maps _distance bounds to the distance range, in either order of operands', () => {
    expect(
      request(
        'select * from t where _distance >= 0.1 and x = 1 and 0.5 > _distance order by nearest(v, array[1])',
      ),
    ).toEqual({
      filter: 'x = 1',
      distanceRange: { lower: 0.1, upper: 0.5 },
      vector: [1],
      vectorColumn: 'v',
    });
    expect(
      request('select * from t where 1e-2 <= _distance order by nearest(v, array[1])')
        .distanceRange,
    ).toEqual({ lower: 0.01 });
  });

  it('parses a vector of 1536 values', () => {
    const values = Array.from({ length: 1536 }, (_, i) => (i % 7) / 10 - 0.3);
    const text = `select * from t order by nearest(v, ARRAY[${values.join(', ')}]) limit 10`;
    expect(request(text).vector).toEqual(values);
  });
});

describe('parseConsoleQuery: order, limit and offset', () => {
  it('maps ORDER BY columns with direction and nulls', () => {
    expect(
      request('select * from t order by a, b desc, c asc nulls first, d desc nulls last').orderBy,
    ).toEqual([
      { column: 'a', ascending: true },
      { column: 'b', ascending: false },
      { column: 'c', ascending: true, nullsFirst: true },
      { column: 'd', ascending: false, nullsFirst: false },
    ]);
  });

  it('accepts an order key the select list returns', () => {
    expect(request('select id, Name from t order by Name').orderBy).toEqual([
      { column: 'Name', ascending: true },
    ]);
  });

  it('maps LIMIT, OFFSET and FETCH FIRST, exponents included', () => {
    expect(request('select * from t limit 10 offset 20')).toEqual({ limit: 10, offset: 20 });
    expect(request('select * from t offset 5')).toEqual({ offset: 5 });
    expect(request('select * from t limit 0')).toEqual({ limit: 0 });
    expect(request('select * from t limit 1e2')).toEqual({ limit: 100 });
    expect(request('select * from t fetch first 7 rows only')).toEqual({ limit: 7 });
  });
});

describe('the surface parses with pgsql-ast-parser itself', () => {
  it('every documented form parses', () => {
    const forms = [
      "SELECT id, _distance FROM lib.docs WHERE year > 2020 ORDER BY nearest(embedding, ARRAY[0.1, 0.2, 0.3], 'cosine', nprobes(20)) LIMIT 5",
      "SELECT * FROM docs WHERE match(ARRAY[title, body], 'quick fox') AND lang = 'en' LIMIT 10",
      "SELECT * FROM docs WHERE match(*, 'q')",
      'SELECT * FROM "a$b".docs ORDER BY nearest(ARRAY[1], exact(), postfilter(), refine(2), ef(3))',
    ];
    for (const form of forms) expect(() => parse(form, { locationTracking: true })).not.toThrow();
  });
});
