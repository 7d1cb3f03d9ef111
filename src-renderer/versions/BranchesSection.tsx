/**
 * A table's branches: where each came from, a switch to it (every tab then reads and writes the
 * branch), a new one from any version of the branch in view, and deletion behind a confirmation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableAt } from '../../src-shared/studio-schemas';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { VersionSelect } from './VersionSelect';
import { TableHead } from '../common/TableHead';
import { formatDateTime } from '../../src-shared/format';

export function BranchesSection({
  tableRef,
  at,
  writable,
  versions,
  branchFrom,
  onBranchFromDone,
  onSwitch,
}: {
  /** The table itself, without a view. */
  tableRef: TableRef;
  at: TableAt | undefined;
  writable: boolean;
  /** The versions of the branch in view, newest first. */
  versions: readonly number[];
  /** A version the timeline asked to branch from. */
  branchFrom: number | undefined;
  onBranchFromDone: () => void;
  onSwitch: (branch: string | undefined) => void;
}) {
  const call = useCall();
  const client = useQueryClient();
  const branches = useQuery({
    queryKey: queryKeys.branches(tableRef),
    queryFn: () => call('branches:list', tableInput(tableRef)),
  });
  const [deleting, setDeleting] = useState<string>();
  const current = at?.branch;
  const list = [...(branches.data ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
  return (
    <section className="branches" aria-label="Branches">
      <h3>Branches</h3>
      <ErrorMessage error={branches.error} />
      <table className="data-table compact" aria-label="Branch list">
        <TableHead columns={['Branch', 'From', 'Created']} actions />
        <tbody>
          <tr aria-label="Branch main">
            <td className="mono">
              main{current === undefined && <span className="version-latest"> in view</span>}
            </td>
            <td className="muted">—</td>
            <td className="muted">—</td>
            <td>
              {current !== undefined && (
                <button type="button" onClick={() => onSwitch(undefined)}>
                  Switch
                </button>
              )}
            </td>
          </tr>
          {list.map((b) => (
            <tr key={b.name} aria-label={`Branch ${b.name}`}>
              <td className="mono">
                {b.name}
                {current === b.name && <span className="version-latest"> in view</span>}
              </td>
              <td>
                {b.parentBranch ?? 'main'}
                {b.parentVersion !== undefined ? ` @ ${b.parentVersion}` : ''}
              </td>
              <td>{b.createdAtMillis ? formatDateTime(b.createdAtMillis) : '—'}</td>
              <td>
                <div className="row">
                  {current !== b.name && (
                    <button
                      type="button"
                      aria-label={`Switch to branch ${b.name}`}
                      onClick={() => onSwitch(b.name)}
                    >
                      Switch
                    </button>
                  )}
                  {writable && current !== b.name && (
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Delete branch ${b.name}`}
                      onClick={() => setDeleting(b.name)}
                    >
                      Delete…
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {writable && (
        <NewBranchForm
          key={branchFrom ?? 'latest'}
          tableRef={tableRef}
          at={at}
          versions={versions}
          initialVersion={branchFrom}
          onCreated={(name) => {
            onBranchFromDone();
            void client.invalidateQueries({ queryKey: queryKeys.branches(tableRef) });
            onSwitch(name);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete branch ${deleting}`}
          consequence={
            <p>
              The branch and the versions only it holds are deleted. main and the other branches are
              not changed.
            </p>
          }
          confirmLabel={`Delete branch ${deleting}`}
          typeToConfirm={deleting}
          onConfirm={async () => {
            await call('branches:delete', { ...tableInput(tableRef), name: deleting });
            await client.invalidateQueries({ queryKey: queryKeys.branches(tableRef) });
          }}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}

function NewBranchForm({
  tableRef,
  at,
  versions,
  initialVersion,
  onCreated,
}: {
  tableRef: TableRef;
  at: TableAt | undefined;
  versions: readonly number[];
  initialVersion: number | undefined;
  onCreated: (name: string) => void;
}) {
  const call = useCall();
  const [name, setName] = useState('');
  // Undefined follows the latest version, so a commit or a restore moves the default with it;
  // a version the person picked (or the timeline's Branch…) stays picked.
  const [picked, setPicked] = useState(
    initialVersion !== undefined ? String(initialVersion) : undefined,
  );
  const from = picked ?? String(versions[0] ?? '');
  const create = useMutation({
    mutationFn: () =>
      call('branches:create', {
        ...tableInput({ ...tableRef, ...(at?.branch ? { at: { branch: at.branch } } : {}) }),
        name: name.trim(),
        ...(from ? { fromVersion: Number(from) } : {}),
      }),
    onSuccess: () => onCreated(name.trim()),
  });
  return (
    <form
      className="row branch-form"
      aria-label="New branch"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <label className="field">
        <span>Branch name</span>
        <input
          aria-label="Branch name"
          value={name}
          placeholder="experiment"
          onChange={(e) => setName(e.target.value)}
          autoFocus={initialVersion !== undefined}
        />
      </label>
      {/* The caption is the control's name, word for word; the branch it counts on beside it. */}
      <VersionSelect label="From version" value={from} versions={versions} onChange={setPicked} />
      <span className="muted">of {at?.branch ?? 'main'}</span>
      <button type="submit" disabled={name.trim() === '' || create.isPending}>
        Create branch
      </button>
      <ErrorMessage error={create.error} label="Branch error" />
    </form>
  );
}
