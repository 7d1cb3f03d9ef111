/**
 * Recall against latency, one point per setting, the Pareto front drawn through its points and
 * the advised setting ringed, with the target recall as a rule. Drawn by Observable Plot (a kept
 * charting library: scatter, line and rule marks declared, axes and scales its own); the figure
 * is plain SVG, so it follows the theme through CSS variables.
 */
import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import { describeSetting } from '../../../src-shared/recall/describe-setting';
import type { RecallReport } from '../../../src-shared/recall/recall-schemas';

export function RecallChart({ report, width = 560 }: { report: RecallReport; width?: number }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const points = report.points.map((p, i) => ({
      latency: p.latencyMs.median,
      recall: p.recall,
      label: describeSetting(p.setting),
      onFront: report.front.includes(i),
      advised: report.advice.pointIndex === i,
    }));
    const front = points.filter((p) => p.onFront).sort((a, b) => a.latency - b.latency);
    const figure = Plot.plot({
      width,
      height: Math.round(width * 0.55),
      marginLeft: 48,
      style: { background: 'transparent', color: 'var(--fg)' },
      x: { label: 'Median latency (ms) →', type: 'log', grid: true },
      y: { label: '↑ Recall@' + report.k, domain: [0, 1], grid: true },
      marks: [
        Plot.ruleY([report.target], { stroke: 'var(--warn)', strokeDasharray: '4 3' }),
        Plot.line(front, { x: 'latency', y: 'recall', stroke: 'var(--accent)', strokeWidth: 2 }),
        Plot.dot(points, {
          x: 'latency',
          y: 'recall',
          r: 4,
          fill: (d: { onFront: boolean }) => (d.onFront ? 'var(--accent)' : 'var(--muted)'),
          title: (d: { label: string; recall: number; latency: number }) =>
            `${d.label}\nrecall ${d.recall.toFixed(3)} · ${d.latency.toFixed(2)} ms`,
        }),
        Plot.dot(
          points.filter((p) => p.advised),
          { x: 'latency', y: 'recall', r: 9, stroke: 'var(--ok, #16a34a)', strokeWidth: 2 },
        ),
        Plot.text(front, {
          x: 'latency',
          y: 'recall',
          text: 'label',
          dy: -10,
          fontSize: 10,
          fill: 'var(--fg)',
        }),
      ],
    });
    figure.setAttribute('role', 'img');
    figure.setAttribute(
      'aria-label',
      `Recall against latency for ${report.points.length} settings of ${report.index.name}`,
    );
    el.replaceChildren(figure);
    return () => figure.remove();
  }, [report, width]);
  return <div className="recall-chart" ref={holder} />;
}
