/** Indexed vs unindexed rows as a progress bar; a build in flight shows as indeterminate. */
import type { IndexInfo } from '../../src-main/catalog/contract';
import { coveragePercent } from './index-coverage';

const fmt = (n: number) => n.toLocaleString('en-US');

export function CoverageBar({ index }: { index: IndexInfo }) {
  const building = index.status === 'building';
  const percent = coveragePercent(index);
  const words = building
    ? 'Building…'
    : `${fmt(index.numIndexedRows)} indexed · ${fmt(index.numUnindexedRows)} unindexed`;
  return (
    <div className="coverage">
      <div
        className="progress"
        role="progressbar"
        aria-label={`Coverage of ${index.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(building ? {} : { 'aria-valuenow': percent })}
        aria-valuetext={building ? 'building' : `${percent}% of rows indexed`}
      >
        <div
          className={building ? 'progress-fill indeterminate' : 'progress-fill'}
          style={{ width: building ? '30%' : `${percent}%` }}
        />
      </div>
      <span className="muted coverage-text">{words}</span>
    </div>
  );
}
