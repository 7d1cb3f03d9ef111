/**
 * Live rows per fragment as a histogram: one bar per bucket of doubling size, the bar's length
 * the share of fragments in it. A plain table with bars, so a screen reader reads the numbers.
 */
import type { FragmentStats } from '../../src-shared/catalog-api';
import { formatNumber } from '../../src-shared/format';

export function FragmentHistogram({ stats }: { stats: FragmentStats }) {
  const most = Math.max(1, ...stats.histogram.map((b) => b.fragments));
  return (
    <table
      className="data-table compact fragment-histogram"
      aria-label="Rows per fragment histogram"
    >
      <thead>
        <tr>
          <th>Live rows</th>
          <th>Fragments</th>
          <th aria-hidden="true" />
        </tr>
      </thead>
      <tbody>
        {stats.histogram.map((b) => (
          <tr key={b.min}>
            <td className="mono">
              {b.min === b.max
                ? formatNumber(b.min)
                : `${formatNumber(b.min)}–${formatNumber(b.max)}`}
            </td>
            <td className="mono">{formatNumber(b.fragments)}</td>
            <td aria-hidden="true" className="histogram-bar-cell">
              <span
                className="histogram-bar"
                style={{ width: `${Math.max(2, (b.fragments / most) * 100)}%` }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
