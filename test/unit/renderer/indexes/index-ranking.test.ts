import { describe, expect, it } from 'vitest';
import type { JsonArrowField } from '../../../../src-shared/vocabulary/json-arrow-types';
import { indexTypesForField } from '../../../../src-shared/vocabulary/index-types/spec-table';
import { rankIndexTypes, type ColumnFacts } from '../../../../src-renderer/indexes/index-ranking';

const field = (type: JsonArrowField['type']): JsonArrowField => ({
  name: 'c',
  type,
  nullable: true,
});
const utf8 = field({ type: 'utf8' });
const int64 = field({ type: 'int64' });
const vector = field({
  type: 'fixed_size_list',
  length: 128,
  fields: [{ name: 'item', type: { type: 'float32' }, nullable: true }],
});
const tags = field({
  type: 'list',
  fields: [{ name: 'item', type: { type: 'utf8' }, nullable: true }],
});

function ranked(f: JsonArrowField, facts: ColumnFacts) {
  const result = rankIndexTypes(indexTypesForField(f), f, facts);
  return { order: result.specs.map((s) => s.type), reason: result.reason };
}

describe('index types ordered by fitness', () => {
  it('puts full-text search first on text, and B-tree before bitmap when values are many', () => {
    const { order, reason } = ranked(utf8, {
      rowCount: 50_000,
      distinct: { values: 990, sampled: 1_000 },
    });
    expect(order[0]).toBe('FTS');
    expect(order.indexOf('BTREE')).toBeLessThan(order.indexOf('BITMAP'));
    expect(reason).toMatch(/Full-text/);
  });

  it('offers FM for substring filters right after full-text on text; unbuildable types last', () => {
    const { order } = ranked(utf8, { rowCount: 50_000 });
    expect(order.slice(0, 2)).toEqual(['FTS', 'FM']);
    expect(order.slice(-2).sort()).toEqual(['NGRAM', 'ZONEMAP']);
    // FM takes plain strings only: not offered for a list of strings.
    expect(ranked(tags, { rowCount: 10 }).order).not.toContain('FM');
  });

  it('prefers a bitmap for a scalar with few distinct values, a B-tree for many', () => {
    expect(
      ranked(int64, { rowCount: 1e6, distinct: { values: 12, sampled: 1_000 } }).order[0],
    ).toBe('BITMAP');
    expect(
      ranked(int64, { rowCount: 1e6, distinct: { values: 1_000, sampled: 1_000 } }).order[0],
    ).toBe('BTREE');
    // A sample of a few rows, all different, is not "few".
    expect(ranked(int64, { rowCount: 5, distinct: { values: 5, sampled: 5 } }).order[0]).toBe(
      'BTREE',
    );
    expect(ranked(int64, { rowCount: 5 }).order[0]).toBe('BTREE');
  });

  it('chooses HNSW for a vector column on a smaller table and IVF_PQ on a large one', () => {
    expect(ranked(vector, { rowCount: 50_000 }).order[0]).toBe('IVF_HNSW_SQ');
    expect(ranked(vector, { rowCount: 5_000_000 }).order[0]).toBe('IVF_PQ');
    expect(ranked(vector, { rowCount: undefined }).order[0]).toBe('IVF_PQ');
  });

  it('puts a label list first on a list of strings', () => {
    expect(ranked(tags, { rowCount: 10 }).order[0]).toBe('LABEL_LIST');
  });

  it('keeps every type that fits, none twice', () => {
    for (const f of [utf8, int64, vector, tags]) {
      const fits = indexTypesForField(f).map((s) => s.type);
      const { order } = ranked(f, { rowCount: 100 });
      expect([...order].sort()).toEqual([...fits].sort());
    }
  });
});
