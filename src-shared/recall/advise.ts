/** What to tell the user after a recall check: which setting to use, or that none is good enough. */
import { describeSetting } from './describe-setting';
import type { RecallAdvice, RecallPoint } from './recall-schemas';

/** Shown with 3 decimals: enough to tell 0.95 from 0.949 without suggesting false precision. */
const fmtRecall = (r: number) => r.toFixed(3);
const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/**
 * The cheapest setting (lowest median latency; ties to the higher recall, then the earlier in the
 * grid) whose recall reaches `target`. When none does, says so and names the setting with the best
 * recall (ties to the lower latency), so the user knows how far off the index is.
 */
export function advise(points: readonly RecallPoint[], target: number): RecallAdvice {
  if (points.length === 0) return { met: false, message: 'No settings were measured.' };
  const order = points.map((_, i) => i);
  const reaching = order.filter((i) => points[i]!.recall >= target);
  if (reaching.length > 0) {
    const best = reaching.reduce((a, b) => {
      const pa = points[a]!;
      const pb = points[b]!;
      if (pb.latencyMs.median !== pa.latencyMs.median)
        return pb.latencyMs.median < pa.latencyMs.median ? b : a;
      return pb.recall > pa.recall ? b : a;
    });
    const p = points[best]!;
    return {
      met: true,
      pointIndex: best,
      message:
        `${describeSetting(p.setting)} reaches recall ${fmtRecall(p.recall)} (target ` +
        `${fmtRecall(target)}) at ${fmtMs(p.latencyMs.median)} ms median, the fastest that does.`,
    };
  }
  const best = order.reduce((a, b) => {
    const pa = points[a]!;
    const pb = points[b]!;
    if (pb.recall !== pa.recall) return pb.recall > pa.recall ? b : a;
    return pb.latencyMs.median < pa.latencyMs.median ? b : a;
  });
  const p = points[best]!;
  return {
    met: false,
    pointIndex: best,
    message:
      `No setting reaches recall ${fmtRecall(target)}; the best is ${describeSetting(p.setting)} ` +
      `at ${fmtRecall(p.recall)} (${fmtMs(p.latencyMs.median)} ms median). Try more probes, a ` +
      `larger refine factor, or rebuild the index with more sub-vectors.`,
  };
}
