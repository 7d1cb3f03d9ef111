/**
 * A table with a column of every kind the engine's Arrow code handles (integers of 32 and 64 bits,
 * booleans, floats, strings short and large, binary, lists, fixed-size lists, structs, a
 * dictionary, timestamps, maps), nulls in most, and a way to compare tables value by value.
 */
import type { Int32, Table as ArrowTable, Utf8 } from 'apache-arrow';
import { arrow } from '../../src-main/catalog/arrow';

export const WIDE_ROWS = 300;
const ROWS = WIDE_ROWS;
const nth = <T>(i: number, value: T): T | null => (i % 7 === 3 ? null : value);

export function wideTable(): ArrowTable {
  const ids = Array.from({ length: ROWS }, (_, i) => i);
  const A = arrow;
  const listType = new A.List(new A.Field('item', new A.Int32(), true));
  const structType = new A.Struct([
    new A.Field('a', new A.Int32(), true),
    new A.Field('b', new A.Utf8(), true),
  ]);
  const mapType = new A.Map_<Utf8, Int32>(
    new A.Field(
      'entries',
      new A.Struct([
        new A.Field('key', new A.Utf8(), false),
        new A.Field('value', new A.Int32(), true),
      ]),
      false,
    ),
  );
  return new A.Table({
    int: A.vectorFromArray(
      ids.map((i) => nth(i, i * 3)),
      new A.Int32(),
    ),
    big: A.vectorFromArray(
      ids.map((i) => nth(i, BigInt(i) * 10_000_000_000n)),
      new A.Int64(),
    ),
    flag: A.vectorFromArray(
      ids.map((i) => (i % 5 === 1 ? null : i % 3 === 0)),
      new A.Bool(),
    ),
    real: A.vectorFromArray(
      ids.map((i) => i / 7),
      new A.Float64(),
    ),
    text: A.vectorFromArray(
      ids.map((i) => nth(i, `text ${i} ${'x'.repeat(i % 11)}`)),
      new A.Utf8(),
    ),
    large: A.vectorFromArray(
      ids.map((i) => nth(i + 1, `large ${i}`)),
      new A.LargeUtf8(),
    ),
    bytes: A.vectorFromArray(
      ids.map((i) => nth(i + 2, Uint8Array.of(i % 256, 7))),
      new A.Binary(),
    ),
    list: A.vectorFromArray(
      ids.map((i) =>
        nth(
          i + 3,
          Array.from({ length: i % 4 }, (_, j) => (j === 1 ? null : i + j)),
        ),
      ),
      listType,
    ),
    vector: A.vectorFromArray(
      ids.map((i) => nth(i + 4, [i, i + 0.5, -i])),
      new A.FixedSizeList(3, new A.Field('item', new A.Float32(), true)),
    ),
    nested: A.vectorFromArray(
      ids.map((i) => nth(i + 5, { a: i % 9 === 0 ? null : i, b: `s${i}` })),
      structType,
    ),
    category: A.vectorFromArray(
      ids.map((i) => nth(i + 6, `c${i % 4}`)),
      new A.Dictionary(new A.Utf8(), new A.Int32()),
    ),
    at: A.vectorFromArray(
      ids.map((i) => nth(i, 1_700_000_000_000 + i)),
      new A.TimestampMillisecond(),
    ),
    tags: A.vectorFromArray(
      ids.map((i) => nth(i + 1, new Map([[`k${i}`, i]]))),
      mapType,
    ),
  } as never);
}

/** Every row as JSON-safe values, for comparing tables value by value. */
export function rows(table: ArrowTable): string[] {
  const plain = (value: unknown): unknown => {
    if (typeof value === 'bigint') return `${value}n`;
    if (value instanceof Map) return [...value].map(([k, v]) => [plain(k), plain(v)]);
    if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array, plain);
    if (value && typeof value === 'object' && 'toJSON' in value)
      return plain((value as { toJSON(): unknown }).toJSON());
    if (Array.isArray(value)) return value.map(plain);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
    return value;
  };
  return Array.from({ length: table.numRows }, (_, i) => JSON.stringify(plain(table.get(i))));
}
