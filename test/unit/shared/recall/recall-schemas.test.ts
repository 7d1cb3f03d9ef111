import { describe, expect, it } from 'vitest';
import { RecallCheckRequestSchema } from '../../../../src-shared/recall/recall-schemas';

const issuesOf = (value: unknown) =>
  RecallCheckRequestSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));

describe('RecallCheckRequestSchema', () => {
  it('takes a column alone, every default left to the runner', () => {
    expect(RecallCheckRequestSchema.parse({ column: 'vector' })).toEqual({ column: 'vector' });
  });

  it('names the field of each bad value', () => {
    expect(issuesOf({ column: 'v', vector: [0, Number.NaN] })).toEqual(['vector.1']);
    expect(issuesOf({ column: 'v', vector: [Number.POSITIVE_INFINITY] })).toEqual(['vector.0']);
    expect(issuesOf({ column: 'v', k: 0 })).toEqual(['k']);
    expect(issuesOf({ column: 'v', target: 0 })).toEqual(['target']);
    expect(issuesOf({ column: 'v', grid: [] })).toEqual(['grid']);
    expect(issuesOf({ column: 'v', grid: [{ nprobes: 2.5 }] })).toEqual(['grid.0.nprobes']);
    expect(issuesOf({ column: 'v', extra: 1 })).toEqual(['']);
    expect(issuesOf({})).toEqual(['column']);
  });
});
