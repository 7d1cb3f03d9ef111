/**
 * Which state of the table every tab shows: the branch (a picker, on every tab) and, when a version
 * is checked out, a banner saying it is read-only with the way back to the latest.
 */
import { useQuery } from '@tanstack/react-query';
import type { TableAt } from '../../src-shared/studio-schemas';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';

export function TableAtBar({
  tableRef,
  at,
  onChange,
}: {
  /** The table itself, without a view. */
  tableRef: TableRef;
  at: TableAt | undefined;
  onChange: (at: TableAt | undefined) => void;
}) {
  const call = useCall();
  const branches = useQuery({
    queryKey: queryKeys.branches(tableRef),
    queryFn: () => call('branches:list', tableInput(tableRef)),
  });
  const branch = at?.branch;
  const names = (branches.data ?? []).map((b) => b.name);
  return (
    <div className="table-at-bar">
      <label className="branch-picker">
        <span className="muted">Branch</span>
        <select
          aria-label="Branch"
          value={branch ?? ''}
          onChange={(e) => onChange(e.target.value ? { branch: e.target.value } : undefined)}
        >
          <option value="">main</option>
          {/* A branch deleted elsewhere stays listed while this tab is on it. */}
          {[...new Set([...names, ...(branch ? [branch] : [])])].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {at?.version !== undefined && (
        <div className="checkout-banner" role="status" aria-label="Checked-out version">
          <span>
            Viewing version <strong>{at.version}</strong>
            {branch ? ` of branch ${branch}` : ''}, read-only.
          </span>
          <button
            type="button"
            className="primary"
            onClick={() => onChange(branch ? { branch } : undefined)}
          >
            Back to latest
          </button>
        </div>
      )}
    </div>
  );
}
