/**
 * The number rules of imports, without a catalog: how a cell or a JSON literal is read, which type
 * a column of them infers, and that building a batch refuses what its type would wrap or round.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { castValue, planColumns } from '../../../../src-main/host/imports/column-casts';
import {
  inferSchema,
  jsonText,
  parseCell,
  rowsToTable,
} from '../../../../src-main/host/imports/infer-schema';
import { parseJson } from '../../../../src-main/host/imports/row-readers';
import { expectCode } from '../../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;

function inferred(values: unknown[]): string {
  const schema = inferSchema(
    ['v'],
    values.map((v) => ({ v })),
  );
  return String(schema.fields[0]!.type);
}

describe('parseCell (CSV text)', () => {
  it.each([
    ['7', 7],
    ['-2147483649', -2147483649],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 9007199254740992n],
    ['9007199254740993', 9007199254740993n],
    ['-99999999999999999999999', -99999999999999999999999n],
    ['1e308', 1e308],
    ['0.1', 0.1],
    ['1e309', '1e309'],
    ['007', 7],
    ['', null],
  ])('reads %j as %s', (text, value) => {
    expect(parseCell(text, true)).toEqual(value);
  });

  it('reads every integer text back to the same digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (n) => {
        const cell = parseCell(String(n), true);
        expect(typeof cell === 'bigint' ? cell : BigInt(cell as number)).toBe(n);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseJson', () => {
  it('keeps integer literals past 2^53 as bigints, and only those', () => {
    expect(
      parseJson('[9007199254740993, -9223372036854775808, 1, 1.5, 1e300, "9007199254740993"]'),
    ).toEqual([9007199254740993n, -9223372036854775808n, 1, 1.5, 1e300, '9007199254740993']);
  });

  it('leaves digits inside strings, escaped quotes included, alone', () => {
    const text = String.raw`{"a\"12345678901234567": "x\\\"9007199254740993\"", "b": 12345678901234567}`;
    expect(parseJson(text)).toEqual({
      'a"12345678901234567': 'x\\"9007199254740993"',
      b: 12345678901234567n,
    });
  });

  it('fails with the file own error on bad JSON', () => {
    expect(() => parseJson('[12345678901234567, }')).toThrow(SyntaxError);
  });

  it('agrees with JSON.parse on any JSON, except that unsafe integers keep their digits', () => {
    const same = (lossless: unknown, native: unknown): void => {
      if (typeof lossless === 'bigint') {
        expect(Number.isSafeInteger(Number(lossless))).toBe(false);
        expect(Number(lossless)).toBe(native);
      } else if (Array.isArray(lossless)) {
        expect(Array.isArray(native)).toBe(true);
        lossless.forEach((item, i) => same(item, (native as unknown[])[i]));
      } else if (lossless && typeof lossless === 'object') {
        expect(Object.keys(lossless)).toEqual(Object.keys(native as object));
        for (const [k, v] of Object.entries(lossless))
          same(v, (native as Record<string, unknown>)[k]);
      } else expect(lossless).toEqual(native);
    };
    const big = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => `${n}`);
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(big, { maxLength: 4 }), (value, ints) => {
        // JSON.stringify cannot write a bigint: splice raw integer literals in by hand.
        const text = `[${[JSON.stringify(value), ...ints].join(',')}]`;
        const lossless = parseJson(text) as unknown[];
        same(lossless, JSON.parse(text));
        ints.forEach((digits, i) =>
          expect(BigInt(lossless[i + 1] as number | bigint)).toBe(BigInt(digits)),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('inference', () => {
  it.each([
    ['1, -2147483648, 2147483647', [1, -2147483648, 2147483647], 'Int32'],
    ['1, 2147483648', [1, 2147483648], 'Int64'],
    ['-2147483649', [-2147483649], 'Int64'],
    [
      '9007199254740993n, -9223372036854775808n',
      [9007199254740993n, -9223372036854775808n],
      'Int64',
    ],
    ['1, 0.5', [1, 0.5], 'Float64'],
    ['1e308, -1.7976931348623157e308', [1e308, -1.7976931348623157e308], 'Float64'],
    ['1e20', [1e20], 'Float64'],
    // 2^64 is a power of two: float64 holds it exactly.
    ['2n ** 64n, 0.5', [2n ** 64n, 0.5], 'Float64'],
    // Float64 would round these, and int64 cannot hold the first or the fraction.
    ['2n ** 64n + 1n', [2n ** 64n + 1n], 'Utf8'],
    ['9007199254740993n, 0.5', [9007199254740993n, 0.5], 'Utf8'],
    ['true, false', [true, false], 'Bool'],
  ] as Array<[string, unknown[], string]>)('%s infers %s', (_label, values, type) => {
    expect(inferred(values)).toBe(type);
  });
});

describe('rowsToTable', () => {
  const schema = (type: InstanceType<typeof arrow.Int32> | object) =>
    new arrow.Schema([new arrow.Field('v', type as never, true)]);

  it.each([
    [new arrow.Int32(), 2147483648, /2147483648 does not fit in int32/],
    [new arrow.Int32(), -2147483649n, /-2147483649 does not fit in int32/],
    [new arrow.Int64(), 2n ** 63n, /does not fit in int64/],
    [new arrow.Int64(), 1e20, /does not fit in int64/],
    [new arrow.Int32(), 2.5, /expected a whole number, got 2.5/],
    [new arrow.Float64(), 9007199254740993n, /cannot be held exactly in float64/],
    [new arrow.Float32(), 1e39, /1e\+39 does not fit in float32/],
  ] as Array<[object, unknown, RegExp]>)(
    'a %s column refuses %s, naming row and column',
    async (type, value, why) => {
      const error = await expectCode(
        () => rowsToTable(schema(type), [{ v: 1 }, { v: value }], 10),
        INVALID,
      );
      expect(error.message).toMatch(/^Row 12, column "v": /);
      expect(error.message).toMatch(why);
    },
  );

  it('says when the type was inferred and which type the value needs', async () => {
    const error = await expectCode(
      () =>
        rowsToTable(schema(new arrow.Int32()), [{ v: 2147483648 }], 1000, {
          inferred: { columns: new Set(['v']), fromRows: 1000 },
        }),
      INVALID,
    );
    expect(error.message).toBe(
      'Row 1001, column "v": 2147483648 does not fit in int32; int32 was inferred from the first 1000 rows, so import this column as int64',
    );
  });

  it('writes the edges of every type exactly', () => {
    const table = rowsToTable(
      new arrow.Schema([
        new arrow.Field('i32', new arrow.Int32(), true),
        new arrow.Field('i64', new arrow.Int64(), true),
        new arrow.Field('f64', new arrow.Float64(), true),
        new arrow.Field('text', new arrow.Utf8(), true),
      ]),
      [
        { i32: -2147483648, i64: -(2n ** 63n), f64: 1e308, text: [1, 2n ** 70n] },
        { i32: 2147483647, i64: 9007199254740993n, f64: 2n ** 64n, text: { a: 2n } },
      ],
    );
    expect(table.getChild('i32')!.toArray()).toEqual(new Int32Array([-2147483648, 2147483647]));
    expect(Array.from(table.getChild('i64')!.toArray() as BigInt64Array)).toEqual([
      -(2n ** 63n),
      9007199254740993n,
    ]);
    expect(Array.from(table.getChild('f64')!.toArray() as Float64Array)).toEqual([1e308, 2 ** 64]);
    expect(table.getChild('text')!.toArray()).toEqual(['[1,1180591620717411303424]', '{"a":2}']);
  });
});

describe('castValue to a chosen float type', () => {
  const plan = (type: 'float32' | 'float64') =>
    planColumns(new arrow.Schema([new arrow.Field('x', new arrow.Utf8(), true)]), [
      { source: 'x', name: 'x', type },
    ])[0]!;

  it.each([
    ['float32', '3.5e38'],
    ['float64', '1e309'],
    ['float64', '-1e309'],
  ] as const)('a %s column refuses %s', async (type, text) => {
    const error = await expectCode(() => castValue(text, plan(type), 4, true), INVALID);
    expect(error.message).toMatch(
      new RegExp(`^Row 5, column "x" \\(from "x"\\): "${text}" does not fit in ${type}`),
    );
  });

  it('takes Infinity written as such, and rounds what a float type rounds', () => {
    expect(castValue('-Infinity', plan('float64'), 0, true)).toBe(-Infinity);
    expect(castValue('0.1', plan('float32'), 0, true)).toBe(0.1);
    expect(castValue('3.4e38', plan('float32'), 0, true)).toBe(3.4e38);
  });
});

describe('jsonText', () => {
  it('writes bigints as digits, unquoted', () => {
    expect(jsonText([1n, { b: -2n, u: undefined }, 'x', null])).toBe('[1,{"b":-2},"x",null]');
  });
});
