/** Keys and audit of a remote catalog (`#/a/<connection>`): the Keys panel and the Audit view. */
import { useState } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import { AuditView } from './AuditView';
import { KeysPanel } from './KeysPanel';
import './access.css';

export function AccessPage({ connection }: { connection: Connection }) {
  const [view, setView] = useState<'keys' | 'audit'>('keys');
  return (
    <div className="access-page">
      <h2>Keys and audit of {connection.name}</h2>
      {connection.kind !== 'remote' ? (
        <p className="muted">
          Keys are managed on a catalog server that runs with --auth: connect to it by URL with an
          admin key.
        </p>
      ) : (
        <>
          <div role="tablist" aria-label="Keys and audit">
            <button
              type="button"
              role="tab"
              aria-selected={view === 'keys'}
              onClick={() => setView('keys')}
            >
              Keys
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={view === 'audit'}
              onClick={() => setView('audit')}
            >
              Audit
            </button>
          </div>
          {view === 'keys' ? (
            <KeysPanel connectionId={connection.id} />
          ) : (
            <AuditView connectionId={connection.id} />
          )}
        </>
      )}
    </div>
  );
}
