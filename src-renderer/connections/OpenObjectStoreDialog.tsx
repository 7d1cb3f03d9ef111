/**
 * Open a catalog on an object store: the s3://, az:// or gs:// URI, an endpoint for S3-compatible
 * stores and Azurite, the region and path-style access (S3's alone), and where the credentials
 * come from. Typed keys go to the host's secret store and are never shown again. "Test
 * connection" opens the catalog as Open would and names what is wrong: the bucket, the keys, a
 * permission or the endpoint.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../api/studio-context';
import { OBJECT_STORE_NEXT_STEP } from '../api/studio-error';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { Modal } from '../common/Modal';
import { TextField } from '../common/TextField';
import { useWorkspace } from '../state/workspace';
import { TestButton } from './TestButton';
import { TestResult } from './TestResult';
import { ConnectionDisplayFields, useDisplayFields } from './ConnectionDisplayFields';
import { ObjectStoreCredentialFields } from './ObjectStoreCredentialFields';
import {
  EMPTY_OBJECT_STORE_FORM,
  effectivePathStyle,
  formProblems,
  isComplete,
  objectStoreSettings,
  uriChange,
  uriScheme,
  type ObjectStoreForm,
} from './object-store-form';

/** GCS has no other address (neither the engine nor LanceDB takes one), so no endpoint field. */
const ENDPOINT = {
  s3: { label: 'Endpoint (optional; empty for AWS)', placeholder: 'https://s3.example.com' },
  az: {
    label: 'Endpoint (optional; empty for Azure itself)',
    placeholder: 'http://127.0.0.1:10000/devstoreaccount1',
  },
} as const;

export function OpenObjectStoreDialog() {
  const ws = useWorkspace();
  const call = useCall();
  const [form, setForm] = useState<ObjectStoreForm>(EMPTY_OBJECT_STORE_FORM);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const display = useDisplayFields();
  const problems = formProblems(form);
  const complete = isComplete(form);
  const test = useMutation({
    mutationFn: () => call('connections:test', objectStoreSettings(form)),
  });
  const open = useMutation({
    mutationFn: () =>
      call('connections:connect-url', { ...objectStoreSettings(form), ...display.values }),
    onSuccess: () => ws.closeDialog(),
  });
  const answer = useRef<HTMLDivElement>(null);
  const answered = test.data ?? test.error ?? open.error;
  // The form is taller than small windows; the answer must not arrive out of sight.
  useEffect(() => {
    if (answered) answer.current?.scrollIntoView({ block: 'nearest' });
  }, [answered]);
  // A result no longer describes the fields once they change.
  const update = (change: Partial<ObjectStoreForm>) => {
    setForm((f) => ({ ...f, ...change }));
    test.reset();
  };
  const touch = (field: string) => () => setTouched((t) => new Set(t).add(field));
  const shown = (field: keyof typeof problems) =>
    field === 'uri' || touched.has(field) ? problems[field] : undefined;
  const scheme = uriScheme(form.uri) ?? 's3';
  const endpoint = scheme === 'gs' ? undefined : ENDPOINT[scheme];
  // Unlike the URI, these say what is wrong only once left: a half-typed address is not an error.
  const addressField = (key: 'endpoint' | 'region', label: string, placeholder: string) => (
    <TextField
      label={label}
      value={form[key]}
      placeholder={placeholder}
      spellCheck={false}
      aria-invalid={Boolean(shown(key))}
      onChange={(value) => update({ [key]: value })}
      onBlur={touch(key)}
    >
      {shown(key) && <span className="field-error">{shown(key)}</span>}
    </TextField>
  );
  const endpointField = endpoint && addressField('endpoint', endpoint.label, endpoint.placeholder);

  return (
    <Modal
      title="Open object store"
      description="A catalog in an S3 bucket (on AWS or an S3-compatible store such as Ceph or MinIO), an Azure Blob Storage container or a Google Cloud Storage bucket."
      onClose={ws.closeDialog}
    >
      <DialogForm
        onSubmit={() => {
          if (!complete) return;
          // One answer at a time, the latest: a test's result or an open's error.
          test.reset();
          open.mutate();
        }}
      >
        <TextField
          label="URI"
          value={form.uri}
          autoFocus
          placeholder="s3://bucket/prefix, az://container/prefix or gs://bucket/prefix"
          spellCheck={false}
          aria-invalid={Boolean(shown('uri'))}
          onChange={(uri) => update(uriChange(form, uri))}
        >
          {shown('uri') && <span className="field-error">{shown('uri')}</span>}
        </TextField>
        {scheme === 's3' ? (
          <div className="field-pair">
            {endpointField}
            {addressField('region', 'Region (optional)', 'us-east-1')}
          </div>
        ) : (
          endpointField
        )}
        {scheme === 's3' && (
          <label className="check">
            <input
              type="checkbox"
              checked={effectivePathStyle(form)}
              onChange={(e) => update({ pathStyle: e.target.checked })}
            />
            Path-style access (the bucket in the path; most S3-compatible stores need it)
          </label>
        )}
        <ObjectStoreCredentialFields
          form={form}
          update={update}
          problem={shown('credentials')}
          onBlur={touch('credentials')}
        />
        <ConnectionDisplayFields fields={display} />
        <div ref={answer} className="dialog-answer">
          <TestResult result={test.data} />
          <ErrorMessage error={test.error ?? open.error} nextSteps={OBJECT_STORE_NEXT_STEP} />
        </div>
        <DialogActions
          sticky
          label="Open"
          pendingLabel="Opening…"
          pending={open.isPending}
          disabled={!complete}
        >
          <TestButton
            pending={test.isPending}
            disabled={!complete}
            onTest={() => {
              open.reset();
              test.mutate();
            }}
          />
        </DialogActions>
      </DialogForm>
    </Modal>
  );
}
