/** The words that say which row gave the query vector, and a vector told apart in the history. */
import { describe, expect, it } from 'vitest';
import type { JsonArrowField } from '../../../../src-shared/vocabulary/json-arrow-types';
import { keyColumn, rowWords } from '../../../../src-renderer/search/search-row';
import { describeRequest, vectorPreview } from '../../../../src-renderer/search/search-form';

const field = (name: string, type: string): JsonArrowField => ({
  name,
  nullable: true,
  type: { type },
});

describe('the row a vector came from', () => {
  it('is told by the first whole-number or text column other than the vector', () => {
    const fields = [
      field('vector', 'fixed_size_list'),
      field('score', 'float64'),
      field('sku', 'utf8'),
    ];
    expect(keyColumn(fields, 'vector')).toBe('sku');
    expect(keyColumn([field('vector', 'fixed_size_list')], 'vector')).toBeUndefined();
  });

  it('reads with its offset, the row count and the key', () => {
    expect(rowWords(4512, 100_000, 'id', { kind: 'number', text: '4,512', full: '4512' })).toBe(
      'Vector of the row at offset 4,512 of 100,000 · id = 4512',
    );
    expect(rowWords(3, 10, 'sku', { kind: 'text', text: 'a-1' })).toBe(
      "Vector of the row at offset 3 of 10 · sku = 'a-1'",
    );
    expect(rowWords(3, 10, undefined, undefined)).toBe('Vector of the row at offset 3 of 10');
  });
});

describe('a query vector in the history', () => {
  it('shows its first values and its length, so two of one length differ', () => {
    const a = Array.from({ length: 128 }, (_, i) => i / 1000);
    const b = Array.from({ length: 128 }, (_, i) => 1 - i / 1000);
    expect(vectorPreview(a)).toBe('[0, 0.001, 0.002, … 128 values]');
    expect(vectorPreview([0.5, 1])).toBe('[0.5, 1]');
    const request = { vector: a, vectorColumn: 'vector', filter: "category = 'c1'", limit: 5 };
    expect(describeRequest(request)).toBe(
      "nearest to [0, 0.001, 0.002, … 128 values] in vector · where category = 'c1' · k 5",
    );
    expect(describeRequest({ ...request, vector: b })).not.toBe(describeRequest(request));
  });
});
