import { describe, expect, it } from 'vitest';
import { advise } from '../../../../src-shared/recall/advise';
import type { RecallPoint } from '../../../../src-shared/recall/recall-schemas';

const p = (
  nprobes: number,
  recall: number,
  median: number,
  refineFactor?: number,
): RecallPoint => ({
  setting: refineFactor === undefined ? { nprobes } : { nprobes, refineFactor },
  recall,
  latencyMs: { median, p95: median * 2 },
});

describe('advise', () => {
  it('names the cheapest setting that reaches the target', () => {
    const points = [p(1, 0.5, 1), p(16, 0.97, 4), p(8, 0.96, 3, 5), p(64, 0.99, 9)];
    const advice = advise(points, 0.95);
    expect(advice).toMatchObject({ met: true, pointIndex: 2 });
    expect(advice.message).toBe(
      'nprobes 8, refine ×5 reaches recall 0.960 (target 0.950) at 3.00 ms median, the fastest that does.',
    );
  });

  it('counts a recall equal to the target as reaching it, and breaks latency ties by recall', () => {
    expect(advise([p(4, 0.95, 2), p(8, 0.97, 2)], 0.95).pointIndex).toBe(1);
    expect(advise([p(4, 0.95, 2)], 0.95).met).toBe(true);
  });

  it('says so when no setting reaches the target, and names the best', () => {
    const advice = advise([p(1, 0.4, 1), p(8, 0.8, 5), p(32, 0.8, 3)], 0.95);
    expect(advice).toMatchObject({ met: false, pointIndex: 2 });
    expect(advice.message).toMatch(/^No setting reaches recall 0\.950; the best is nprobes 32/);
  });

  it('has nothing to advise without points', () => {
    expect(advise([], 0.95)).toEqual({ met: false, message: 'No settings were measured.' });
  });
});
