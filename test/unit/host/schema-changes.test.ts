import { describe, expect, it } from 'vitest';
import { mentions } from '../../../src-main/host/schema-changes';

describe('mentions', () => {
  it('finds a column name as a whole word, not inside a longer identifier', () => {
    expect(mentions('Column nope was not found', 'nope')).toBe(true);
    expect(mentions('No field named idx', 'id')).toBe(false);
    expect(mentions('the_id is missing', 'id')).toBe(false);
    expect(mentions('id', 'id')).toBe(true);
  });

  it('matches dotted and quoted paths literally', () => {
    expect(mentions('Cannot cast meta.score to int8', 'meta.score')).toBe(true);
    expect(mentions('Cannot cast metaXscore', 'meta.score')).toBe(false);
    expect(mentions('Column meta.`a.b` was not found', 'meta.`a.b`')).toBe(true);
  });
});
