/**
 * Connect to a remote catalog: URL, an API key or a bearer token, extra headers, the database
 * name and a CA file. "Test connection" answers precisely (reachable? authenticated? how many
 * namespaces?) before anything is saved.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RemoteSettings } from '../../src-shared/studio-procedures';
import { useCall } from '../api/studio-context';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import { TextField } from '../common/TextField';
import { useWorkspace } from '../state/workspace';
import { TestButton } from './TestButton';
import { TestResult } from './TestResult';
import { ConnectionDisplayFields, useDisplayFields } from './ConnectionDisplayFields';
import { parseHeaderLines } from './header-lines';

type AuthKind = 'none' | 'apiKey' | 'bearer';
const AUTH_KINDS: ReadonlyArray<readonly [AuthKind, string]> = [
  ['apiKey', 'Use an API key'],
  ['bearer', 'Use a bearer token'],
  ['none', 'No authentication'],
];

export function ConnectUrlDialog() {
  const ws = useWorkspace();
  const call = useCall();
  const [url, setUrl] = useState('');
  const [authKind, setAuthKind] = useState<AuthKind>('apiKey');
  const [secret, setSecret] = useState('');
  const [database, setDatabase] = useState('');
  const [headerText, setHeaderText] = useState('');
  const [caFile, setCaFile] = useState('');
  const display = useDisplayFields();
  const headersHint = useId();

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
      <DialogForm
        onSubmit={() => {
          if (!invalid) connect.mutate();
        }}
      >
        <TextField
          label="URL"
          value={url}
          autoFocus
          placeholder="http://127.0.0.1:2333"
          aria-invalid={Boolean(urlProblem)}
          onChange={setUrl}
        >
          {urlProblem && <span className="field-error">{urlProblem}</span>}
        </TextField>
        <RadioGroup
          asField
          label="Authentication"
          value={authKind}
          options={AUTH_KINDS}
          onChange={setAuthKind}
        />
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
        <TextField label="Database (optional)" value={database} onChange={setDatabase} />
        <label className="field">
          <span>Extra headers (optional)</span>
          <textarea
            aria-label="Extra headers (optional)"
            aria-describedby={headersHint}
            rows={2}
            value={headerText}
            aria-invalid={Boolean(parsedHeaders.problem)}
            onChange={(e) => setHeaderText(e.target.value)}
          />
          <span id={headersHint} className="help">
            One “Name: value” per line
          </span>
          {parsedHeaders.problem && <span className="field-error">{parsedHeaders.problem}</span>}
        </label>
        <TextField
          label="CA file (optional)"
          hint="A PEM file, for a server whose certificate a private authority signed"
          value={caFile}
          onChange={setCaFile}
        />
        <ConnectionDisplayFields fields={display} />
        <TestResult result={test.data} />
        <ErrorMessage error={test.error ?? connect.error} />
        <DialogActions
          label="Connect"
          pendingLabel="Connecting…"
          pending={connect.isPending}
          disabled={invalid}
        >
          <TestButton pending={test.isPending} disabled={invalid} onTest={() => test.mutate()} />
        </DialogActions>
      </DialogForm>
    </Modal>
  );
}
