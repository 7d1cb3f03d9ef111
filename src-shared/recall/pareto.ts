/** The Pareto front of a recall check: the settings worth considering at all. */
import type { RecallPoint } from './recall-schemas';

type Scored = Pick<RecallPoint, 'recall' | 'latencyMs'>;

/** a is at least as good as b on both axes and strictly better on one. */
function dominates(a: Scored, b: Scored): boolean {
  const ra = a.recall;
  const rb = b.recall;
  const la = a.latencyMs.median;
  const lb = b.latencyMs.median;
  return ra >= rb && la <= lb && (ra > rb || la < lb);
}

/**
 * Indexes of the points no other point dominates in (higher recall, lower median latency),
 * ordered by latency (then recall, descending). Points equal on both axes are interchangeable:
 * the earliest in the grid stands for them, so the front lists each trade-off once.
 */
export function paretoFront(points: readonly Scored[]): number[] {
  const front: number[] = [];
  points.forEach((point, i) => {
    if (points.some((other) => dominates(other, point))) return;
    const twin = points.findIndex(
      (other) => other.recall === point.recall && other.latencyMs.median === point.latencyMs.median,
    );
    if (twin < i) return;
    front.push(i);
  });
  return front.sort(
    (a, b) =>
      points[a]!.latencyMs.median - points[b]!.latencyMs.median ||
      points[b]!.recall - points[a]!.recall ||
      a - b,
  );
}
