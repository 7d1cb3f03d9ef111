/**
 * The worker's decoding, run in node: IPC bytes written by the engine's Arrow copy are read by
 * the renderer's ESM copy (only bytes cross, so the two copies never meet).
 */
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../../src-main/catalog/arrow';
import type { Cell } from '../../../../../src-renderer/common/grid/cell-model';
import { decodePage, transferablesOf } from '../../../../../src-renderer/common/decode/decode-page';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function ipc(): Uint8Array {
  const vector = new arrow.FixedSizeList(3, new arrow.Field('item', new arrow.Float32(), true));
  const meta = new arrow.Struct([
    new arrow.Field('score', new arrow.Float64(), true),
    new arrow.Field('tags', new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)), true),
  ]);
  const schema = new arrow.Schema([
    new arrow.Field('id', new arrow.Int64(), false),
    new arrow.Field('big', new arrow.Int64(), true),
    new arrow.Field('ok', new arrow.Bool(), true),
    new arrow.Field('name', new arrow.Utf8(), true),
    new arrow.Field('at', new arrow.TimestampMillisecond(), true),
    new arrow.Field('meta', meta, true),
    new arrow.Field('vector', vector, true),
    new arrow.Field('blob', new arrow.Binary(), true),
  ]);
  const table = new arrow.Table(schema, {
    id: arrow.vectorFromArray([1n, 2n], new arrow.Int64()),
    big: arrow.vectorFromArray([2n ** 60n, null], new arrow.Int64()),
    ok: arrow.vectorFromArray([true, null], new arrow.Bool()),
    name: arrow.vectorFromArray(['a', null], new arrow.Utf8()),
    at: arrow.vectorFromArray(
      [new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), null],
      new arrow.TimestampMillisecond(),
    ),
    meta: arrow.vectorFromArray([{ score: 0.5, tags: ['x', 'y'] }, null], meta),
    vector: arrow.vectorFromArray([[3, 4, 0], null], vector),
    blob: arrow.vectorFromArray(
      [new Uint8Array(PNG_HEAD), new Uint8Array([1, 2, 3])],
      new arrow.Binary(),
    ),
  } as never);
  return arrow.tableToIPC(table, 'stream');
}

describe('decodePage', () => {
  const page = decodePage(ipc());
  const cell = (row: number, column: string): Cell =>
    page.rows[row]![page.columns.indexOf(column)]!;

  it('keeps the columns in order and reads every row', () => {
    expect(page.columns).toEqual(['id', 'big', 'ok', 'name', 'at', 'meta', 'vector', 'blob']);
    expect(page.rows).toHaveLength(2);
  });
  it('shows scalars as text, with 64-bit integers exact', () => {
    expect(cell(0, 'id')).toEqual({ kind: 'number', text: '1', full: '1' });
    expect(cell(0, 'big')).toMatchObject({ kind: 'number', text: String(2n ** 60n) });
    expect(cell(0, 'ok')).toEqual({ kind: 'bool', text: 'true' });
    expect(cell(0, 'name')).toEqual({ kind: 'text', text: 'a' });
    expect(cell(0, 'at')).toEqual({ kind: 'text', text: '2024-01-02T03:04:05.000Z' });
  });
  it('turns vectors into values with their norm', () => {
    const v = cell(0, 'vector');
    expect(v.kind).toBe('vector');
    if (v.kind !== 'vector') return;
    expect(v.dim).toBe(3);
    expect(v.norm).toBe(5);
    expect(Array.from(v.values)).toEqual([3, 4, 0]);
  });
  it('recognises images and shows other bytes as hex', () => {
    expect(cell(0, 'blob')).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(cell(1, 'blob')).toMatchObject({ kind: 'binary', hex: '01 02 03' });
  });
  it('writes nested values compactly and in full', () => {
    const m = cell(0, 'meta');
    expect(m).toMatchObject({ kind: 'nested', text: '{score: 0.5, tags: ["x", "y"]}' });
    if (m.kind === 'nested') expect(JSON.parse(m.pretty)).toEqual({ score: 0.5, tags: ['x', 'y'] });
  });
  it('shows nulls as nulls in every kind of column', () => {
    for (const column of ['big', 'ok', 'name', 'at', 'meta', 'vector']) {
      expect(cell(1, column)).toEqual({ kind: 'null' });
    }
  });
  it('hands the worker its own buffers to transfer, one per vector and binary cell', () => {
    const buffers = transferablesOf(page);
    expect(buffers).toHaveLength(3);
    expect(new Set(buffers).size).toBe(3);
  });
});
