/**
 * New rows as Arrow in the table's schema: integers and timestamps put in exactly (never through a
 * JS number), a null vector keeping its slots (LanceDB refuses a list short of its values).
 */
import { describe, expect, it } from 'vitest';
import { arrow as A } from '../../../../src-main/catalog/arrow';
import type { CellValue } from '../../../../src-main/host/rows/cell-text';
import { insertTable } from '../../../../src-main/host/rows/insert-table';

const SCHEMA = new A.Schema([
  new A.Field('id', new A.Uint64(), false),
  new A.Field('small', new A.Int8(), true),
  new A.Field('at', new A.Timestamp(A.TimeUnit.NANOSECOND, 'UTC'), true),
  new A.Field('day', new A.DateDay(), true),
  new A.Field('v', new A.FixedSizeList(2, new A.Field('item', new A.Float32(), true)), true),
  new A.Field('meta', new A.Struct([new A.Field('x', new A.Utf8(), true)]), true),
]);

const row = (cells: Record<string, CellValue>) => new Map(Object.entries(cells));

describe('insertTable', () => {
  it('puts values in exactly, with nulls where a row names none', () => {
    const table = insertTable(SCHEMA, [
      row({
        id: { kind: 'int', value: 18446744073709551615n },
        small: { kind: 'int', value: -128n },
        at: { kind: 'timestamp', value: 1709296200123456789n },
        day: { kind: 'date', days: -1, day: '1969-12-31' },
        v: { kind: 'vector', value: [0.5, -1] },
      }),
      row({ id: { kind: 'int', value: 2n }, at: { kind: 'null' } }),
    ]);
    expect(table.schema).toBe(SCHEMA);
    expect(table.getChild('id')!.toArray()).toEqual(new BigUint64Array([2n ** 64n - 1n, 2n]));
    expect(table.getChild('small')!.get(0)).toBe(-128);
    const at = table.getChild('at')!;
    expect(at.data[0]!.values[0]).toBe(1709296200123456789n);
    expect(at.isValid(1)).toBe(false);
    expect(table.getChild('day')!.data[0]!.values[0]).toBe(-1);
    expect(table.getChild('meta')!.nullCount).toBe(2);
  });

  it('keeps the slots of a null vector, so the values are as long as the rows ask', () => {
    const table = insertTable(SCHEMA, [
      row({ id: { kind: 'int', value: 1n } }),
      row({ id: { kind: 'int', value: 2n }, v: { kind: 'vector', value: [3, 4] } }),
    ]);
    const v = table.getChild('v')!;
    expect(v.isValid(0)).toBe(false);
    expect(v.data[0]!.children[0]!.length).toBe(4);
    expect(Array.from(v.get(1) as Float32Array)).toEqual([3, 4]);
    // Through IPC and back, as LanceDB and a remote catalog read it.
    const back = A.tableFromIPC(A.tableToIPC(table));
    expect(back.getChild('v')!.isValid(0)).toBe(false);
    expect(Array.from(back.getChild('v')!.get(1) as Float32Array)).toEqual([3, 4]);
  });
});
