import { describe, expect, it } from 'vitest';
import type { JsonArrowField } from '../../../../../src-shared/vocabulary/json-arrow-types';
import { flattenSchema, typeLabel } from '../../../../../src-renderer/common/schema/schema-tree';

const f = (
  name: string,
  type: string,
  extra: Partial<JsonArrowField['type']> = {},
): JsonArrowField => ({
  name,
  nullable: true,
  type: { type, ...extra },
});

const SCHEMA: JsonArrowField[] = [
  { ...f('id', 'int64'), nullable: false },
  f('meta', 'struct', {
    fields: [
      f('score', 'float64'),
      f('a.b', 'utf8'),
      f('inner', 'struct', { fields: [f('x', 'int32')] }),
    ],
  }),
  f('tags', 'list', { fields: [f('item', 'utf8')] }),
  f('events', 'list', { fields: [f('item', 'struct', { fields: [f('at', 'timestamp')] })] }),
  f('vector', 'fixed_size_list', { length: 128, fields: [f('item', 'float32')] }),
  f('codes', 'fixed_size_list', { length: 4, fields: [f('item', 'uint8')] }),
];

describe('typeLabel', () => {
  it('names vectors with element type and dimension', () => {
    expect(typeLabel(SCHEMA[4]!)).toBe('vector · float32 × 128');
    expect(typeLabel(SCHEMA[5]!)).toBe('fixed_size_list<uint8> × 4');
  });
  it('names lists by element and structs by member count', () => {
    expect(typeLabel(SCHEMA[2]!)).toBe('list<utf8>');
    expect(typeLabel(SCHEMA[3]!)).toBe('list<struct · 1 field>');
    expect(typeLabel(SCHEMA[1]!)).toBe('struct · 3 fields');
    expect(typeLabel(f('h', 'fixed_size_binary', { length: 16 }))).toBe('fixed_size_binary[16]');
  });
});

describe('flattenSchema', () => {
  it('lists nested struct members with canonical paths, depth first', () => {
    const rows = flattenSchema(SCHEMA);
    expect(rows.map((r) => [r.depth, r.name, r.path ?? null])).toEqual([
      [0, 'id', 'id'],
      [0, 'meta', 'meta'],
      [1, 'score', 'meta.score'],
      [1, 'a.b', 'meta.`a.b`'],
      [1, 'inner', 'meta.inner'],
      [2, 'x', 'meta.inner.x'],
      [0, 'tags', 'tags'],
      [0, 'events', 'events'],
      // A list's element has no column path, and neither does anything under it.
      [1, 'item', null],
      [2, 'at', null],
      [0, 'vector', 'vector'],
      [0, 'codes', 'codes'],
    ]);
    expect(rows.find((r) => r.name === 'vector')?.dimension).toBe(128);
    expect(rows.find((r) => r.name === 'id')?.nullable).toBe(false);
  });
  it('expands only fields that have something to show', () => {
    const rows = flattenSchema(SCHEMA);
    const expandable = rows.filter((r) => r.expandable).map((r) => r.name);
    expect(expandable).toEqual(['meta', 'inner', 'events', 'item']);
  });
  it('hides the members of collapsed fields', () => {
    const rows = flattenSchema(SCHEMA, new Set(['meta']));
    expect(rows.map((r) => r.name)).toEqual([
      'id',
      'meta',
      'tags',
      'events',
      'item',
      'at',
      'vector',
      'codes',
    ]);
    expect(rows[1]).toMatchObject({ expandable: true, expanded: false });
    const ids = flattenSchema(SCHEMA).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
