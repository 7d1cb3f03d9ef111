/**
 * Typed cell text read by its column's Arrow type: exact whole numbers at every width (past 2^53
 * as bigint), floats to their width and never to Infinity, dates as days, timestamps in the
 * column's unit (zone-less is UTC, finer than the unit refused), vectors of the column's length.
 */
import type { DataType } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrow as A } from '../../../../src-main/catalog/arrow';
import { cellKind, readCell } from '../../../../src-main/host/rows/cell-text';

const field = (type: DataType, nullable = true) => new A.Field('c', type, nullable);
const read = (text: string | null, type: DataType) => readCell(text, field(type));
const refusal = (text: string, type: DataType): string => {
  try {
    read(text, type);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} was read as ${String(type)}`);
};

const micro = new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC');
const nano = new A.Timestamp(A.TimeUnit.NANOSECOND, null);
const second = new A.Timestamp(A.TimeUnit.SECOND, 'Europe/Paris');
const milli = new A.Timestamp(A.TimeUnit.MILLISECOND, null);
const vector3 = new A.FixedSizeList(3, new A.Field('item', new A.Float32(), true));

describe('whole numbers', () => {
  it('reads every width to its edges, exactly, past 2^53 too', () => {
    expect(read('-128', new A.Int8())).toEqual({ kind: 'int', value: -128n });
    expect(read(' 127 ', new A.Int8())).toEqual({ kind: 'int', value: 127n });
    expect(read('65535', new A.Uint16())).toEqual({ kind: 'int', value: 65535n });
    expect(read('-2147483648', new A.Int32())).toEqual({ kind: 'int', value: -2147483648n });
    expect(read('9007199254740993', new A.Int64())).toEqual({
      kind: 'int',
      value: 9007199254740993n,
    });
    expect(read('-9223372036854775808', new A.Int64()).kind).toBe('int');
    expect(read('18446744073709551615', new A.Uint64())).toEqual({
      kind: 'int',
      value: 18446744073709551615n,
    });
  });

  it('refuses what does not fit rather than wrapping it', () => {
    expect(refusal('128', new A.Int8())).toMatch(/128 does not fit in int8 \(-128 to 127\)/);
    expect(refusal('-1', new A.Uint8())).toMatch(/does not fit in uint8/);
    expect(refusal('2147483648', new A.Int32())).toMatch(/does not fit in int32/);
    expect(refusal('9223372036854775808', new A.Int64())).toMatch(/does not fit in int64/);
    expect(refusal('18446744073709551616', new A.Uint64())).toMatch(/does not fit in uint64/);
    expect(refusal('1.5', new A.Int32())).toMatch(/whole number/);
    expect(refusal('1e3', new A.Int64())).toMatch(/whole number/);
  });
});

describe('floats, text and booleans', () => {
  it('reads floats and refuses what is not a finite number of the width', () => {
    expect(read('0.1', new A.Float64())).toEqual({ kind: 'float', value: 0.1 });
    expect(read('-3', new A.Float32())).toEqual({ kind: 'float', value: -3 });
    expect(refusal('1e39', new A.Float32())).toMatch(/does not fit in float32/);
    expect(refusal('Infinity', new A.Float64())).toMatch(/not a finite number/);
    expect(refusal('70000', new A.Float16())).toMatch(/does not fit in float16/);
    expect(refusal('abc', new A.Float64())).toMatch(/cannot read "abc" as a number/);
  });

  it('keeps text as typed, empty and hostile text included', () => {
    for (const text of ['', ' ', "it's", "'; DROP TABLE t; --", 'a\nb', '`x`', 'ünï 𝄞']) {
      expect(read(text, new A.Utf8())).toEqual({ kind: 'text', value: text });
    }
    expect(read('x', new A.LargeUtf8())).toEqual({ kind: 'text', value: 'x' });
  });

  it("reads booleans by the import's words", () => {
    expect(read('true', new A.Bool())).toEqual({ kind: 'bool', value: true });
    expect(read('False', new A.Bool())).toEqual({ kind: 'bool', value: false });
    expect(refusal('maybe', new A.Bool())).toMatch(/true or false/);
  });

  it('reads null as NULL, and empty text as NULL outside a text column', () => {
    expect(read(null, new A.Utf8())).toEqual({ kind: 'null' });
    expect(read('', new A.Int32())).toEqual({ kind: 'null' });
    expect(read('  ', micro)).toEqual({ kind: 'null' });
  });
});

describe('dates and timestamps', () => {
  it('reads a date as days since 1970, only as YYYY-MM-DD that exists', () => {
    expect(read('2024-02-29', new A.DateDay())).toEqual({
      kind: 'date',
      days: 19782,
      day: '2024-02-29',
    });
    expect(read('1969-12-31', new A.DateDay())).toMatchObject({ days: -1 });
    expect(refusal('2023-02-29', new A.DateDay())).toMatch(/as a date \(YYYY-MM-DD\)/);
    expect(refusal('2024-03-01T10:00', new A.DateDay())).toMatch(/as a date/);
  });

  it("reads a timestamp in the column's unit, zone-less as UTC, exactly", () => {
    expect(read('2024-03-01T12:30:00.123456', micro)).toEqual({
      kind: 'timestamp',
      value: 1709296200123456n,
    });
    expect(read('2024-03-01 12:30:00.123456789Z', nano)).toEqual({
      kind: 'timestamp',
      value: 1709296200123456789n,
    });
    expect(read('2024-03-01T13:30:00+01:00', second)).toEqual({
      kind: 'timestamp',
      value: 1709296200n,
    });
    expect(read('2024-03-01', milli)).toEqual({ kind: 'timestamp', value: 1709251200000n });
    expect(read('1969-12-31T23:59:59.5', milli)).toEqual({ kind: 'timestamp', value: -500n });
    // Trailing zeros are not precision.
    expect(read('2024-03-01T00:00:00.000000', second)).toEqual({
      kind: 'timestamp',
      value: 1709251200n,
    });
  });

  it('refuses what the unit cannot hold, and what is not a timestamp', () => {
    expect(refusal('2024-03-01T12:30:00.1234', milli)).toMatch(/finer than the column's milli/);
    expect(refusal('2024-03-01T12:30:00.5', second)).toMatch(/finer than the column's seconds/);
    expect(refusal('2262-04-12T00:00:00Z', nano)).toMatch(/out of the range/);
    expect(refusal('yesterday', micro)).toMatch(/as a timestamp/);
    expect(refusal('2024-13-01T00:00:00', micro)).toMatch(/as a timestamp/);
  });
});

describe('vectors and other types', () => {
  it("reads a vector as JSON of the column's length and finite numbers", () => {
    expect(read('[0.5, -1, 2]', vector3)).toEqual({ kind: 'vector', value: [0.5, -1, 2] });
    expect(refusal('[1, 2]', vector3)).toMatch(/expected a vector of 3 numbers, got 2/);
    expect(refusal('[1, "x", 3]', vector3)).toMatch(/item 2/);
    expect(refusal('[1, 2, 1e39]', vector3)).toMatch(/item 3 of the vector, 1e\+39, does not fit/);
    expect(refusal('1, 2, 3', vector3)).toMatch(/as a vector/);
  });

  it('refuses types a cell cannot be typed into, naming the type', () => {
    const list = new A.List(new A.Field('item', new A.Utf8(), true));
    expect(cellKind(list)).toBeUndefined();
    expect(cellKind(new A.Binary())).toBeUndefined();
    expect(cellKind(new A.Struct([]))).toBeUndefined();
    expect(cellKind(new A.DateMillisecond())).toBeUndefined();
    expect(refusal('["a"]', list)).toMatch(/a value of type List<Utf8> cannot be typed/);
  });
});
