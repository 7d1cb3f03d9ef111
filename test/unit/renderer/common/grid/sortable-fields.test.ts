import { describe, expect, it } from 'vitest';
import {
  isSortableColumn,
  sortColumnOf,
  structSortPaths,
} from '../../../../../src-renderer/common/grid/sortable-fields';
import type { JsonArrowField } from '../../../../../src-shared/vocabulary/json-arrow-types';

const field = (name: string, type: string, fields?: JsonArrowField[]): JsonArrowField => ({
  name,
  nullable: true,
  type: { type, ...(fields ? { fields } : {}) },
});

describe('sortable fields', () => {
  const meta = field('meta', 'struct', [
    field('score', 'float64'),
    field('a.b', 'utf8'),
    field('tags', 'list', [field('item', 'utf8')]),
    field('where', 'struct', [field('city', 'utf8'), field('at', 'fixed_size_list')]),
  ]);

  it('orders by single values only: not by lists, vectors, maps or a whole struct', () => {
    expect(isSortableColumn(field('id', 'int64'))).toBe(true);
    expect(isSortableColumn(field('v', 'fixed_size_list'))).toBe(false);
    expect(isSortableColumn(field('m', 'map'))).toBe(false);
    expect(isSortableColumn(meta)).toBe(false);
  });

  it("offers a struct's scalar fields as paths, nested structs walked and dotted names quoted", () => {
    expect(structSortPaths(meta)).toEqual(['meta.score', 'meta.`a.b`', 'meta.where.city']);
    expect(structSortPaths(field('id', 'int64'))).toEqual([]);
  });

  it('names the top-level column a sort path reads', () => {
    expect(sortColumnOf('meta.`a.b`')).toBe('meta');
    expect(sortColumnOf('`odd.name`.x')).toBe('odd.name');
    expect(sortColumnOf('id')).toBe('id');
  });
});
