/** Indexed vs unindexed rows as a progress bar; a build in flight shows as indeterminate. */
import type { IndexInfo } from '../../../src-shared/catalog-api';
import { coverageView } from './index-coverage';

export function CoverageBar({ index }: { index: IndexInfo }) {
  const view = coverageView(index);
  const building = view.percent === undefined;
  return (
    <div className="coverage">
      <div
        className="progress"
        role="progressbar"
        aria-label={`Coverage of ${index.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(building ? {} : { 'aria-valuenow': view.percent })}
        aria-valuetext={view.valueText}
      >
        <div
          className={building ? 'progress-fill indeterminate' : 'progress-fill'}
          style={{ width: building ? '30%' : `${view.percent}%` }}
        />
      </div>
      <span className="muted coverage-text">{view.words}</span>
    </div>
  );
}
