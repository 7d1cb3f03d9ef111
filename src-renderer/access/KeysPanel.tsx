/**
 * The Keys panel: a remote catalog's principals and their API keys, managed through its admin
 * routes (`access:*`). A new key is shown once, in a box the user dismisses after copying it:
 * the server keeps only its digest, so nothing can show it again.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewKey, PrincipalInfo } from '../../src-shared/rest-contract/access';
import { formatDateTime } from '../../src-shared/format';
import { useCall } from '../api/studio-context';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CopyButton } from '../common/CopyButton';
import { ErrorMessage } from '../common/ErrorMessage';

const ROLES = ['reader', 'writer', 'admin'] as const;

/** `sales, team/eu` → [['sales'], ['team', 'eu']]; empty = the whole catalog. */
function parseScopes(text: string): string[][] | null {
  const scopes = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split('/').map((p) => p.trim()));
  return scopes.length ? scopes : null;
}

const when = (ms: number | null) => (ms === null ? 'never' : formatDateTime(ms));

export function KeysPanel({ connectionId }: { connectionId: string }) {
  const call = useCall();
  const client = useQueryClient();
  const queryKey = ['access', connectionId, 'principals'];
  const principals = useQuery({
    queryKey,
    queryFn: () => call('access:principals', { connectionId }),
  });
  const [shown, setShown] = useState<NewKey>();
  /** The principal whose revocation waits for confirmation. */
  const [revoking, setRevoking] = useState<string>();
  const [name, setName] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]>('reader');
  const [scopes, setScopes] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: () =>
      call('access:create-principal', {
        connectionId,
        name,
        role,
        namespaces: parseScopes(scopes),
      }),
    onSuccess: (made) => {
      setShown(made.key);
      setName('');
      setScopes('');
      refresh();
    },
  });
  const newKey = useMutation({
    mutationFn: (principal: string) => call('access:create-key', { connectionId, principal }),
    onSuccess: (key) => {
      setShown(key);
      refresh();
    },
  });
  const revokeKey = useMutation({
    mutationFn: (keyId: string) => call('access:revoke-key', { connectionId, key_id: keyId }),
    onSuccess: refresh,
  });

  return (
    <section className="access-panel" aria-label="Keys">
      {revoking && (
        // Typed, since revoking the principal of this connection's own key locks the app out.
        <ConfirmDialog
          title={`Revoke ${revoking}`}
          consequence={`Every key of ${revoking} stops working on every replica within 5 seconds. A principal cannot be restored; create a new one instead.`}
          confirmLabel="Revoke principal"
          typeToConfirm={revoking}
          onConfirm={() =>
            call('access:revoke-principal', { connectionId, name: revoking }).then(refresh)
          }
          onClose={() => setRevoking(undefined)}
        />
      )}
      {shown && (
        <div className="access-new-key" role="alert" aria-label="New API key">
          <p>
            The API key of <strong>{shown.principal}</strong> ({shown.key_id}). Copy it now: it is
            shown this once, and the server keeps only its digest.
          </p>
          <code data-testid="new-api-key">{shown.api_key}</code>
          <CopyButton text={shown.api_key} label="Copy the new API key" />
          <button type="button" onClick={() => setShown(undefined)}>
            I have copied it
          </button>
        </div>
      )}
      <form
        className="access-create"
        aria-label="New principal"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="etl-job" />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          Namespaces
          <input
            value={scopes}
            onChange={(e) => setScopes(e.target.value)}
            placeholder="all (or sales, team/eu)"
          />
        </label>
        <button type="submit" disabled={!name || create.isPending}>
          Create principal and key
        </button>
      </form>
      <ErrorMessage error={create.error ?? newKey.error ?? revokeKey.error} />
      <ErrorMessage error={principals.error} />
      {principals.data && (
        <table className="access-table">
          <thead>
            <tr>
              <th>Principal</th>
              <th>Role</th>
              <th>Namespaces</th>
              <th>Keys</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {principals.data.map((p: PrincipalInfo) => (
              <tr key={p.name} aria-label={`Principal ${p.name}`}>
                <td>
                  {p.name}
                  {p.source === 'file' && <span className="muted"> (auth file)</span>}
                  {p.revoked_at !== null && <span className="muted"> revoked</span>}
                </td>
                <td>{p.role}</td>
                <td>{p.namespaces ? p.namespaces.map((n) => n.join('/')).join(', ') : 'all'}</td>
                <td>
                  <ul className="access-keys">
                    {p.keys.map((k) => (
                      <li key={k.key_id}>
                        <code>{k.key_id}</code> {k.state}
                        <span className="muted"> · expires {when(k.expires_at)}</span>
                        {k.state === 'active' && (
                          <button
                            type="button"
                            aria-label={`Revoke key ${k.key_id}`}
                            onClick={() => revokeKey.mutate(k.key_id)}
                          >
                            Revoke
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {p.revoked_at === null && (
                    <>
                      <button type="button" onClick={() => newKey.mutate(p.name)}>
                        New key
                      </button>
                      <button
                        type="button"
                        aria-label={`Revoke principal ${p.name}`}
                        onClick={() => setRevoking(p.name)}
                      >
                        Revoke principal
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
