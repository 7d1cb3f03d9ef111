/** The Audit view: a remote catalog's audit trail, newest first, filtered by the server. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../src-shared/format';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';

export function AuditView({ connectionId }: { connectionId: string }) {
  const call = useCall();
  const [principal, setPrincipal] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const filter = {
    ...(principal ? { principal } : {}),
    ...(action ? { action } : {}),
    ...(target ? { target } : {}),
  };
  const trail = useQuery({
    queryKey: ['access', connectionId, 'audit', filter],
    queryFn: () => call('access:audit', { connectionId, limit: 500, ...filter }),
  });
  return (
    <section className="access-panel" aria-label="Audit trail">
      <div className="access-create">
        <label>
          Principal
          <input value={principal} onChange={(e) => setPrincipal(e.target.value)} />
        </label>
        <label>
          Action
          <input
            value={action}
            onChange={(e) => setAction(e.target.value)}
            placeholder="dropTable"
          />
        </label>
        <label>
          Table or namespace
          <input value={target} onChange={(e) => setTarget(e.target.value)} placeholder="ns$t" />
        </label>
      </div>
      <ErrorMessage error={trail.error} />
      {trail.data && (
        <table className="access-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>Action</th>
              <th>Target</th>
              <th>Result</th>
              <th>Replica</th>
            </tr>
          </thead>
          <tbody>
            {trail.data.map((e) => (
              <tr key={`${e.request_id}-${e.time}`}>
                <td>{formatDateTime(e.time)}</td>
                <td>{e.principal}</td>
                <td>{e.action}</td>
                <td>{e.target}</td>
                <td>{e.result}</td>
                <td className="muted">{e.replica}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trail.data?.length === 0 && <p className="muted">No entries match.</p>}
    </section>
  );
}
