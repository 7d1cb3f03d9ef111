import { describe, expect, it } from 'vitest';
import { highlightFor, splitMatches } from '../../../../../src-renderer/common/grid/highlight';

describe('highlight', () => {
  it('marks whole words of the query, in any case, with matches at odd places', () => {
    const h = highlightFor('quick Fox')!;
    expect(splitMatches('The quick brown fox; quickly, FOX.', h)).toEqual([
      'The ',
      'quick',
      ' brown ',
      'fox',
      '; quickly, ',
      'FOX',
      '.',
    ]);
  });

  it('finds word edges in any script', () => {
    const h = highlightFor('café 東京')!;
    expect(splitMatches('un café, des cafés, 東京', h)).toEqual([
      'un ',
      'café',
      ', des cafés, ',
      '東京',
      '',
    ]);
  });

  it('treats the query as words, not a pattern', () => {
    const h = highlightFor('a.b (c')!;
    expect(splitMatches('a.b and axb (c)', h)).toEqual(['', 'a', '.', 'b', ' and axb (', 'c', ')']);
    expect(highlightFor('  ...  ')).toBeUndefined();
    expect(highlightFor(undefined)).toBeUndefined();
  });
});
