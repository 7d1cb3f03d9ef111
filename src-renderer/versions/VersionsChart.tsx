/**
 * Rows and bytes over a table's versions, two small line charts side by side (Observable Plot, as
 * the recall chart), with the checked-out version marked. Versions whose totals are unknown are
 * left out rather than drawn as zero. The axes come from chart-axes.ts: ticks from the data's
 * real range, written by the one format module.
 */
import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import type { TimelineEntry } from './version-timeline';
import { bytesAxis, rowsAxis, versionsAxis, type Axis } from './chart-axes';
import { formatBytes, formatNumber } from '../../src-shared/format';

const CHARTS = [
  { key: 'rows', name: 'Rows', format: (n: number) => formatNumber(n), axis: rowsAxis },
  // The sum of the version's files: what reading that version touches, not all on disk.
  { key: 'bytes', name: 'Size', format: formatBytes, axis: bytesAxis },
] as const satisfies ReadonlyArray<{
  key: 'rows' | 'bytes';
  name: string;
  format: (n: number) => string;
  axis: (values: readonly number[]) => Axis;
}>;

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
    const figures = CHARTS.map(({ key, name, format, axis }) => {
      const points = entries
        .filter((e) => e[key] !== undefined)
        .map((e) => ({ version: e.version, value: e[key]! }));
      const x = versionsAxis(points.map((p) => p.version));
      const y = axis(points.map((p) => p.value));
      const figure = Plot.plot({
        width: 320,
        height: 140,
        marginLeft: 56,
        style: { background: 'transparent', color: 'var(--fg)' },
        x: { label: 'Version →', domain: x.domain, ticks: x.ticks, tickFormat: x.format },
        y: {
          label: `↑ ${name}`,
          grid: true,
          domain: y.domain,
          ticks: y.ticks,
          tickFormat: y.format,
        },
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
      figure.setAttribute('aria-label', `${name} over ${points.length} versions`);
      return figure;
    });
    el.replaceChildren(...figures);
    return () => figures.forEach((f) => f.remove());
  }, [entries, checkedOut]);
  return <div className="versions-chart" ref={holder} />;
}
