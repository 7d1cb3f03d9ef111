import { describe, expect, it } from 'vitest';
import { describeSetting } from '../../../../src-shared/recall/describe-setting';

describe('describeSetting', () => {
  it('describes settings in words', () => {
    expect(describeSetting({ nprobes: 8 })).toBe('nprobes 8, no refine');
    expect(describeSetting({ nprobes: 8, ef: 40, refineFactor: 5 })).toBe(
      'nprobes 8, ef 40, refine ×5',
    );
  });
});
