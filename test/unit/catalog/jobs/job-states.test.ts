import { describe, expect, it } from 'vitest';
import { isTerminal } from '../../../../src-main/catalog/jobs/job-states';

describe('isTerminal', () => {
  it('is true only for succeeded, failed and cancelled', () => {
    expect(isTerminal('succeeded')).toBe(true);
    expect(isTerminal('failed')).toBe(true);
    expect(isTerminal('cancelled')).toBe(true);
    expect(isTerminal('queued')).toBe(false);
    expect(isTerminal('running')).toBe(false);
  });
});
