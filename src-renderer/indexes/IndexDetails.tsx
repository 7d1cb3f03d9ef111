/**
 * One index in full, under its row on the Indexes tab: the parameters it was built with and how
 * long the build took (from this app's record of the build, which the host and our server keep),
 * and what LanceDB itself says of the index. An index built elsewhere has no record of its
 * parameters; that is said, not guessed.
 */
import type { IndexInfo } from '../../src-shared/catalog-api';
import type { JobView } from '../api/use-host-events';
import { formatDateTime, formatDuration } from '../../src-shared/format';

const show = (value: unknown) =>
  Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function IndexDetails({ index, build }: { index: IndexInfo; build: JobView | undefined }) {
  const params = build?.target.params;
  const details = Object.entries(index.details ?? {}).filter(
    ([, v]) => v !== null && v !== undefined,
  );
  return (
    <dl className="index-details" aria-label={`Details of index ${index.name}`}>
      <dt>Parameters</dt>
      <dd>
        {params === undefined ? (
          <span className="muted">
            Not recorded: built outside this app, or before it kept them
          </span>
        ) : Object.keys(params).length === 0 ? (
          'All at their defaults'
        ) : (
          <span className="mono">
            {Object.entries(params)
              .map(([k, v]) => `${k} = ${show(v)}`)
              .join(' · ')}
          </span>
        )}
      </dd>
      {build?.startedAt !== undefined && build.endedAt !== undefined && (
        <>
          <dt>Build time</dt>
          <dd>
            {formatDuration(build.endedAt - build.startedAt)}, finished{' '}
            {formatDateTime(build.endedAt)}
          </dd>
        </>
      )}
      {index.createdAt && (
        <>
          <dt>Created</dt>
          <dd>{formatDateTime(new Date(index.createdAt))}</dd>
        </>
      )}
      {index.uuid && (
        <>
          <dt>UUID</dt>
          <dd className="mono">{index.uuid}</dd>
        </>
      )}
      {details.length > 0 && (
        <>
          <dt>LanceDB’s details</dt>
          <dd className="mono">{details.map(([k, v]) => `${k} = ${show(v)}`).join(' · ')}</dd>
        </>
      )}
    </dl>
  );
}
