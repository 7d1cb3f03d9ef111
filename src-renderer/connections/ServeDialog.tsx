/**
 * Serving a folder (or object-store) connection as a REST catalog, from the tree's menu: the
 * address and port, a generated key or an auth file (no auth only on this machine's loopback),
 * read-only or read-write. Once running: the URL and the key with copy buttons, the snippets that
 * connect LanceDB's clients, requests counted live, and Stop. It is `catalog-studio serve`'s
 * server, run by the app over the connection's own engine.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { servedConnectSnippets } from '../../src-shared/code-snippets/served-connect';
import type { ServedCatalog } from '../../src-shared/studio-schemas';
import { useCall } from '../api/studio-context';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import { useWorkspace } from '../state/workspace';
import { CopyButton } from '../common/CopyButton';
import { formatNumber, formatTime } from '../../src-shared/format';

const SERVED_KEY = ['served-catalogs'] as const;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function ServeDialog({ connectionId, name }: { connectionId: string; name: string }) {
  const ws = useWorkspace();
  const call = useCall();
  const served = useQuery({
    queryKey: SERVED_KEY,
    queryFn: () => call('serve:list', {}),
    refetchInterval: 1000,
  });
  const running = served.data?.find((s) => s.connectionId === connectionId);
  return (
    <Modal title={`Serve ${name}`} onClose={ws.closeDialog}>
      {running ? (
        <RunningServer served={running} onClose={ws.closeDialog} />
      ) : (
        <ServeForm connectionId={connectionId} onClose={ws.closeDialog} />
      )}
    </Modal>
  );
}

function ServeForm({ connectionId, onClose }: { connectionId: string; onClose: () => void }) {
  const call = useCall();
  const client = useQueryClient();
  const [host, setHost] = useState('127.0.0.1');
  const [port, setPort] = useState('2333');
  const [auth, setAuth] = useState<'key' | 'file' | 'none'>('key');
  const [authFile, setAuthFile] = useState('');
  const [readOnly, setReadOnly] = useState(true);
  const loopback = LOOPBACK.has(host.trim());
  const start = useMutation({
    mutationFn: () =>
      call('serve:start', {
        connectionId,
        host: host.trim(),
        port: Number(port),
        auth: auth === 'file' ? { kind: 'file', path: authFile.trim() } : { kind: auth },
        readOnly,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SERVED_KEY }),
  });
  const portOk = /^\d{1,5}$/.test(port) && Number(port) <= 65_535;
  const authOk = auth !== 'file' || authFile.trim() !== '';
  const noAuthOffLoopback = auth === 'none' && !loopback;
  return (
    <DialogForm aria-label="Serve as a REST catalog" onSubmit={() => start.mutate()}>
      <label className="field">
        <span>Address</span>
        <input
          aria-label="Address"
          list="serve-addresses"
          value={host}
          onChange={(e) => setHost(e.target.value)}
        />
        <datalist id="serve-addresses">
          <option value="127.0.0.1">This machine only</option>
          <option value="0.0.0.0">Every network interface (LAN)</option>
        </datalist>
        <span className="muted">
          127.0.0.1: this machine only. 0.0.0.0 or a LAN address: other machines too (auth
          required).
        </span>
      </label>
      <label className="field">
        <span>Port</span>
        <input
          aria-label="Port"
          inputMode="numeric"
          value={port}
          aria-invalid={!portOk}
          onChange={(e) => setPort(e.target.value)}
        />
        <span className="muted">0 picks a free port.</span>
      </label>
      <RadioGroup
        label="Access"
        asField
        value={auth}
        options={[
          ['key', 'A generated API key'],
          ['file', 'An auth file (the format of catalog-studio serve --auth)'],
          ['none', 'No auth (this machine only)'],
        ]}
        onChange={setAuth}
      />
      {auth === 'file' && (
        <label className="field">
          <span>Auth file</span>
          <input
            aria-label="Auth file"
            value={authFile}
            placeholder="/path/to/auth.json"
            onChange={(e) => setAuthFile(e.target.value)}
          />
        </label>
      )}
      <label className="check">
        <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />
        Read-only (every write is refused)
      </label>
      {noAuthOffLoopback && (
        <p className="error" role="alert">
          Serving on {host} needs a key or an auth file.
        </p>
      )}
      <ErrorMessage error={start.error} label="Serve error" />
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="submit"
          className="primary"
          disabled={!portOk || !authOk || noAuthOffLoopback || start.isPending}
        >
          Start serving
        </button>
      </div>
    </DialogForm>
  );
}

function RunningServer({ served, onClose }: { served: ServedCatalog; onClose: () => void }) {
  const call = useCall();
  const client = useQueryClient();
  const stop = useMutation({
    mutationFn: () => call('serve:stop', { id: served.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SERVED_KEY }),
  });
  const snippets = servedConnectSnippets(served.url, served.apiKey);
  return (
    <div className="serve-running" aria-label="Serving">
      <p>
        Serving <strong>{served.name}</strong>
        {served.readOnly ? ' read-only' : ' read-write'}
        {served.auth === 'key'
          ? ', with the key below'
          : served.auth === 'file'
            ? ', with the auth file'
            : ', without auth'}
        .
      </p>
      <div className="row">
        <code className="mono" aria-label="Served URL">
          {served.url}
        </code>
        <CopyButton text={served.url} label="Copy URL" />
      </div>
      {served.apiKey && (
        <div className="row">
          <code className="mono" aria-label="API key">
            {served.apiKey}
          </code>
          <CopyButton text={served.apiKey} label="Copy key" />
        </div>
      )}
      <p className="muted" aria-label="Requests" aria-live="polite">
        {formatNumber(served.requests.total)} request
        {served.requests.total === 1 ? '' : 's'} · {formatNumber(served.requests.failed)} refused or
        failed
        {served.requests.lastAt ? ` · last ${formatTime(served.requests.lastAt)}` : ''}
      </p>
      {(['shell', 'python', 'typescript'] as const).map((language) => (
        <div key={language} className="serve-snippet">
          <div className="row">
            <strong>
              {language === 'shell' ? 'Key' : language === 'python' ? 'Python' : 'TypeScript'}
            </strong>
            <CopyButton text={snippets[language]} label={`Copy ${language} snippet`} />
          </div>
          <pre className="mono" aria-label={`${language} snippet`}>
            {snippets[language]}
          </pre>
        </div>
      ))}
      <ErrorMessage error={stop.error} label="Stop error" />
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          Close (keeps serving)
        </button>
        <button type="button" className="danger" onClick={() => stop.mutate()}>
          Stop serving
        </button>
      </div>
    </div>
  );
}
