/**
 * Connect to a remote catalog: URL, an API key or a bearer token, extra headers, the database
 * name and a CA file. "Test connection" answers precisely (reachable? authenticated? how many
 * namespaces?) before anything is saved.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { RemoteSettings } from '../../src-shared/studio-procedures';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';
import { Modal } from '../common/Modal';
import { useWorkspace } from '../state/workspace';
import { TestResult } from './TestResult';
import { ConnectionDisplayFields, useDisplayFields } from './ConnectionDisplayFields';
import { parseHeaderLines } from './header-lines';

export function ConnectUrlDialog() {
  const ws = useWorkspace();
  const call = useCall();
  const [url, setUrl] = useState('');
  const [authKind, setAuthKind] = useState<'none' | 'apiKey' | 'bearer'>('apiKey');
  const [secret, setSecret] = useState('');
  const [database, setDatabase] = useState('');
  const [headerText, setHeaderText] = useState('');
  const [caFile, setCaFile] = useState('');
  const display = useDisplayFields();

  const parsedHeaders = parseHeaderLines(headerText);
  const urlProblem =
    url.trim() && !/^https?:\/\/[^\s]+$/.test(url.trim())
      ? 'The URL must start with http:// or https://'
      : undefined;
  const settings = (): RemoteSettings => ({
    url: url.trim(),
    ...(authKind === 'apiKey' && secret ? { apiKey: secret } : {}),
    ...(authKind === 'bearer' && secret ? { bearerToken: secret } : {}),
    ...(database.trim() ? { database: database.trim() } : {}),
    ...(Object.keys(parsedHeaders.headers).length ? { headers: parsedHeaders.headers } : {}),
    ...(caFile.trim() ? { caFile: caFile.trim() } : {}),
  });
  const test = useMutation({ mutationFn: () => call('connections:test', settings()) });
  const connect = useMutation({
    mutationFn: () => call('connections:connect-url', { ...settings(), ...display.values }),
    onSuccess: () => ws.closeDialog(),
  });
  const invalid = !url.trim() || Boolean(urlProblem) || Boolean(parsedHeaders.problem);

  return (
    <Modal
      title="Connect to URL"
      description="A catalog served over the namespace REST contract."
      onClose={ws.closeDialog}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) connect.mutate();
        }}
      >
        <label className="field">
          <span>URL</span>
          <input
            aria-label="URL"
            value={url}
            autoFocus
            placeholder="http://127.0.0.1:2333"
            aria-invalid={Boolean(urlProblem)}
            onChange={(e) => setUrl(e.target.value)}
          />
          {urlProblem && <span className="field-error">{urlProblem}</span>}
        </label>
        <div className="field" role="radiogroup" aria-label="Authentication">
          <span>Authentication</span>
          <div className="row">
            {(
              [
                ['apiKey', 'Use an API key'],
                ['bearer', 'Use a bearer token'],
                ['none', 'No authentication'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="auth-kind"
                  checked={authKind === value}
                  onChange={() => setAuthKind(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </div>
        {authKind !== 'none' && (
          <label className="field">
            <span>{authKind === 'apiKey' ? 'API key' : 'Bearer token'}</span>
            <input
              aria-label={authKind === 'apiKey' ? 'API key' : 'Bearer token'}
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </label>
        )}
        <label className="field">
          <span>Database (optional)</span>
          <input
            aria-label="Database"
            value={database}
            onChange={(e) => setDatabase(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Extra headers (optional, one “Name: value” per line)</span>
          <textarea
            aria-label="Extra headers"
            rows={2}
            value={headerText}
            aria-invalid={Boolean(parsedHeaders.problem)}
            onChange={(e) => setHeaderText(e.target.value)}
          />
          {parsedHeaders.problem && <span className="field-error">{parsedHeaders.problem}</span>}
        </label>
        <label className="field">
          <span>CA file (optional, PEM, for a private certificate authority)</span>
          <input aria-label="CA file" value={caFile} onChange={(e) => setCaFile(e.target.value)} />
        </label>
        <ConnectionDisplayFields fields={display} />
        <TestResult result={test.data} />
        <ErrorMessage error={test.error ?? connect.error} />
        <div className="modal-actions">
          <button type="button" onClick={ws.closeDialog}>
            Cancel
          </button>
          <button type="button" disabled={invalid || test.isPending} onClick={() => test.mutate()}>
            {test.isPending ? 'Testing…' : 'Test connection'}
          </button>
          <button type="submit" className="primary" disabled={invalid || connect.isPending}>
            {connect.isPending ? 'Connecting…' : 'Connect'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
