/**
 * Cell values as SQL: printed from the parsed value, quotes doubled and nothing else escaped, a
 * float always written as a float, and a column's new values picked from one flat list.
 */
import { describe, expect, it } from 'vitest';
import { arrow as A } from '../../../../src-main/catalog/arrow';
import {
  columnValues,
  sqlIdentifier,
  sqlLiteral,
  sqlString,
} from '../../../../src-main/host/rows/sql-literal';
import { parseExpression as parseWith } from '../../../../src-shared/sql-expression/parse-expression';

const parseExpression = (text: string) => parseWith(text, { maxDepth: 64 });

describe('SQL literals of cell values', () => {
  it('quotes text by doubling quotes only, so it reads back as typed', () => {
    for (const text of ["it's", "'; DROP TABLE t; --", 'back\\slash\\', 'a\nb', '`x`', 'ünï 𝄞']) {
      const literal = sqlString(text);
      const parsed = parseExpression(literal).root;
      expect(parsed).toMatchObject({ type: 'literal', kind: 'string', value: text });
    }
  });

  it('writes numbers exactly, floats always as floats', () => {
    expect(sqlLiteral({ kind: 'int', value: -9223372036854775808n })).toBe('-9223372036854775808');
    expect(sqlLiteral({ kind: 'int', value: 18446744073709551615n })).toBe('18446744073709551615');
    expect(sqlLiteral({ kind: 'float', value: 3 })).toBe('3.0');
    expect(sqlLiteral({ kind: 'float', value: 1e21 })).toBe('1e+21');
    expect(sqlLiteral({ kind: 'float', value: 0.1 })).toBe('0.1');
    expect(sqlLiteral({ kind: 'vector', value: [1, 0.5, -2] })).toBe('[1.0, 0.5, -2.0]');
    expect(sqlLiteral({ kind: 'bool', value: false })).toBe('false');
    expect(sqlLiteral({ kind: 'date', days: 19782, day: '2024-02-29' })).toBe("DATE '2024-02-29'");
    expect(sqlLiteral({ kind: 'null' })).toBe('NULL');
  });

  it('names odd columns in backticks, doubling backticks', () => {
    expect(sqlIdentifier('plain_1')).toBe('plain_1');
    expect(sqlIdentifier('two words')).toBe('`two words`');
    expect(sqlIdentifier('a`b')).toBe('`a``b`');
  });

  it("picks a column's values from one list, a timestamp's as integers cast back once", () => {
    const at = new A.Field('at', new A.Timestamp(A.TimeUnit.SECOND, 'Europe/Paris'), true);
    const expression = columnValues(at, [
      { predicate: 'id = 1', value: { kind: 'timestamp', value: 1709296200n } },
      { predicate: "name = 'x'", value: { kind: 'null' } },
    ]);
    expect(expression).toBe(
      "arrow_cast(array_element(make_array(CAST(at AS BIGINT), 1709296200, NULL), coalesce(CAST(array_position(make_array((id = 1) IS TRUE, (name = 'x') IS TRUE), true) AS BIGINT), 0) + 1), 'Timestamp(Second, Some(\"Europe/Paris\"))')",
    );
    // A flat list: the depth does not grow with the edits.
    const many = Array.from({ length: 300 }, (_, k) => ({
      predicate: `id = ${k}`,
      value: { kind: 'int' as const, value: BigInt(k) },
    }));
    const n = new A.Field('n', new A.Int32(), true);
    expect(parseExpression(columnValues(n, many)).root.depth).toBe(
      parseExpression(columnValues(n, many.slice(0, 2))).root.depth,
    );
  });
});
