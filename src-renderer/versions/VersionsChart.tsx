/**
 * Rows and bytes over a table's versions, two small line charts side by side (Observable Plot, as
 * the recall chart), with the checked-out version marked. Versions whose totals are unknown are
 * left out rather than drawn as zero.
 */
import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import type { TimelineEntry } from './version-timeline';
import { formatNumber } from '../../src-shared/format';

const CHARTS = [
  { key: 'rows', label: '↑ Rows', format: (n: number) => formatNumber(n) },
  { key: 'bytes', label: '↑ Size (bytes)', format: (n: number) => formatNumber(n) },
] as const;

export function VersionsChart({
  entries,
  checkedOut,
}: {
  entries: readonly TimelineEntry[];
  checkedOut: number | undefined;
}) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const figures = CHARTS.map(({ key, label, format }) => {
      const points = entries
        .filter((e) => e[key] !== undefined)
        .map((e) => ({ version: e.version, value: e[key]! }));
      const figure = Plot.plot({
        width: 320,
        height: 140,
        marginLeft: 56,
        style: { background: 'transparent', color: 'var(--fg)' },
        x: { label: 'Version →', tickFormat: 'd' },
        // '~s' drops trailing zeros: a flat line (one version) would read 0.000000 with 's'.
        y: { label, grid: true, tickFormat: '~s' },
        marks: [
          Plot.lineY(points, {
            x: 'version',
            y: 'value',
            stroke: 'var(--accent)',
            curve: 'step-after',
          }),
          Plot.dot(points, {
            x: 'version',
            y: 'value',
            r: points.length > 60 ? 0 : 2.5,
            fill: 'var(--accent)',
            title: (d: { version: number; value: number }) =>
              `version ${d.version}: ${format(d.value)}`,
          }),
          ...(checkedOut !== undefined
            ? [Plot.ruleX([checkedOut], { stroke: 'var(--warn)', strokeDasharray: '4 3' })]
            : []),
        ],
      });
      figure.setAttribute('role', 'img');
      figure.setAttribute(
        'aria-label',
        `${label.replace('↑ ', '')} over ${points.length} versions`,
      );
      return figure;
    });
    el.replaceChildren(...figures);
    return () => figures.forEach((f) => f.remove());
  }, [entries, checkedOut]);
  return <div className="versions-chart" ref={holder} />;
}
