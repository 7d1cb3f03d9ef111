import { describe, expect, it } from 'vitest';
import { namingColumnNames } from '../../../../src-renderer/tables/naming-columns';
import type { JsonArrowField } from '../../../../src-shared/vocabulary/json-arrow-types';

const field = (name: string, type: string): JsonArrowField => ({
  name,
  nullable: true,
  type: { type },
});
const names = (set: ReadonlySet<string>) => [...set].sort();

describe('namingColumnNames', () => {
  const keyless = [
    field('label', 'utf8'),
    field('qty', 'int32'),
    field('price', 'float64'),
    field('ok', 'bool'),
    field('vector', 'fixed_size_list'),
  ];

  it('reads every hidden column that names rows on a table without a key', () => {
    const hidden = new Set(['qty', 'price', 'ok', 'vector']);
    expect(names(namingColumnNames(keyless, hidden, true))).toEqual(['ok', 'qty']);
  });

  it('reads only a hidden key when the table has one, and nothing while the key is shown', () => {
    const keyed = [field('id', 'int64'), ...keyless];
    expect(names(namingColumnNames(keyed, new Set(['id', 'label', 'qty']), true))).toEqual(['id']);
    expect(names(namingColumnNames(keyed, new Set(['label', 'qty']), true))).toEqual([]);
  });

  it('reads no hidden column for a reader, whose grid names no rows for changes', () => {
    expect(names(namingColumnNames(keyless, new Set(['qty', 'label']), false))).toEqual([]);
  });
});
