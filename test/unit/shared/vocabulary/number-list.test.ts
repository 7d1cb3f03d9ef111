/** A vector's schema accepts lists of finite numbers and nothing else, with the length it asks. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberList } from '../../../../src-shared/vocabulary/number-list';
import { QueryRequestSchema } from '../../../../src-shared/catalog-api/query';

describe('numberList', () => {
  it('accepts finite numbers, an empty list when no length is asked', () => {
    expect(numberList().safeParse([1, -2.5, 0, 1e-30]).data).toEqual([1, -2.5, 0, 1e-30]);
    expect(numberList().safeParse([]).success).toBe(true);
    expect(numberList(1).safeParse([]).success).toBe(false);
  });

  it('refuses anything else: text, null, NaN, infinities, nested lists, a typed array, a record', () => {
    for (const bad of [
      [1, '2'],
      [null],
      [NaN],
      [Infinity],
      [-Infinity],
      [[1, 2]],
      new Float32Array([1, 2]),
      { 0: 1, length: 1 },
      '1,2',
      undefined,
    ]) {
      expect(numberList().safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('names the field in the error, as the rest of a schema does', () => {
    const result = z.object({ vector: numberList(1) }).safeParse({ vector: ['a'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['vector']);
    expect(result.error!.issues[0]!.message).toContain('finite numbers');
  });

  it('is what the engine checks a query vector with', () => {
    expect(QueryRequestSchema.safeParse({ vector: [0.5, 1] }).success).toBe(true);
    expect(QueryRequestSchema.safeParse({ vector: [] }).success).toBe(false);
    expect(QueryRequestSchema.safeParse({ vector: [0.5, NaN] }).success).toBe(false);
  });
});
