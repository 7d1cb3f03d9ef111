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
import { formatDuration, formatNumber } from '../../../src-shared/format';
import { placeLabels } from './label-placement';

const MARGIN_LEFT = 48;
/** Plot's default margins on the other sides. */
const MARGIN = { right: 20, top: 20, bottom: 30 };
const SVG = 'http://www.w3.org/2000/svg';

/**
 * The front's settings written beside their points where they fit (label-placement.ts), after
 * Plot has drawn, through its scales: Plot's text mark cannot move a label off its neighbours.
 */
function labelFront(
  figure: ReturnType<typeof Plot.plot>,
  front: ReadonlyArray<{ latency: number; recall: number; label: string }>,
  size: { width: number; height: number; marginLeft: number },
) {
  const x = figure.scale('x');
  const y = figure.scale('y');
  const svg = figure instanceof SVGSVGElement ? figure : figure.querySelector('svg');
  if (!x?.apply || !y?.apply || !svg) return;
  const placed = placeLabels(
    // Plot types apply as any; on these linear and log scales it answers pixels.
    front.map((p) => ({
      x: Number(x.apply!(p.latency)),
      y: Number(y.apply!(p.recall)),
      text: p.label,
    })),
    {
      left: size.marginLeft,
      right: size.width - MARGIN.right,
      top: MARGIN.top,
      bottom: size.height - MARGIN.bottom,
    },
  );
  const group = document.createElementNS(SVG, 'g');
  group.setAttribute('aria-label', 'setting labels');
  group.setAttribute('font-size', '10');
  group.setAttribute('fill', 'var(--fg)');
  for (const label of placed) {
    const text = document.createElementNS(SVG, 'text');
    text.setAttribute('x', String(label.x));
    text.setAttribute('y', String(label.y));
    text.setAttribute('text-anchor', label.anchor);
    text.setAttribute('dominant-baseline', 'middle');
    text.textContent = label.text;
    group.append(text);
  }
  svg.append(group);
}

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
    const height = Math.round(width * 0.55);
    const figure = Plot.plot({
      width,
      height,
      marginLeft: MARGIN_LEFT,
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
            `${d.label}\nrecall ${formatNumber(d.recall, { fraction: 3 })} · ${formatDuration(d.latency)}`,
        }),
        Plot.dot(
          points.filter((p) => p.advised),
          { x: 'latency', y: 'recall', r: 9, stroke: 'var(--ok, #16a34a)', strokeWidth: 2 },
        ),
      ],
    });
    labelFront(figure, front, { width, height, marginLeft: MARGIN_LEFT });
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
