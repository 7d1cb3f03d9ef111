/**
 * The first screen: recent connections to reopen in one click, and the ways in (open a folder,
 * make a new folder catalog, open an object store, connect to a URL).
 */
import { useMutation } from '@tanstack/react-query';
import { useRecentConnections } from '../api/catalog-queries';
import { useCall } from '../api/studio-context';
import { OBJECT_STORE_NEXT_STEP } from '../api/studio-error';
import { ErrorMessage } from '../common/ErrorMessage';
import { useWorkspace } from '../state/workspace';
import { kindLabel, reopenRecent, type RecentConnection } from './recent-connection';
import { formatDateTime } from '../../src-shared/format';

export function StartScreen({ hasConnections }: { hasConnections: boolean }) {
  const ws = useWorkspace();
  const call = useCall();
  const recent = useRecentConnections();
  const reopen = useMutation({ mutationFn: (r: RecentConnection) => reopenRecent(call, r) });
  const forget = useMutation({
    mutationFn: (target: string) => call('connections:forget-recent', { target }),
    onSuccess: () => void recent.refetch(),
  });

  return (
    <section className="start" aria-label="Start">
      <h1>Catalog Studio</h1>
      <p className="muted">
        {hasConnections
          ? 'Pick a table in the tree, or open another catalog.'
          : 'Open a catalog of Lance tables to begin.'}
      </p>
      <div className="start-actions">
        <button
          type="button"
          className="primary"
          onClick={() => ws.openDialog({ kind: 'open-folder', create: false })}
        >
          Open folder…
        </button>
        <button type="button" onClick={() => ws.openDialog({ kind: 'open-folder', create: true })}>
          New folder catalog…
        </button>
        <button type="button" onClick={() => ws.openDialog({ kind: 'open-object-store' })}>
          Open object store…
        </button>
        <button type="button" onClick={() => ws.openDialog({ kind: 'connect-url' })}>
          Connect to URL…
        </button>
      </div>
      <h2>Recent connections</h2>
      {recent.isPending && <p className="muted">Loading…</p>}
      <ErrorMessage
        error={recent.error ?? reopen.error}
        {...(reopen.variables?.kind === 'object-store'
          ? { nextSteps: OBJECT_STORE_NEXT_STEP }
          : {})}
      />
      {recent.data && recent.data.length === 0 && <p className="muted">None yet.</p>}
      <ul className="recent-list" aria-label="Recent connections">
        {recent.data?.map((r) => (
          <li key={r.target}>
            <span className="swatch" style={{ background: r.color }} aria-hidden />
            <button
              type="button"
              className="link"
              aria-label={`Reopen ${r.name}`}
              disabled={reopen.isPending}
              onClick={() => reopen.mutate(r)}
            >
              {r.name}
            </button>
            <span className="muted recent-target">{r.target}</span>
            <span className="badge">{kindLabel(r.kind)}</span>
            {r.readOnly && <span className="badge">read-only</span>}
            <span className="muted">{formatDateTime(r.lastOpenedAt)}</span>
            <button
              type="button"
              aria-label={`Forget ${r.name}`}
              onClick={() => forget.mutate(r.target)}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
