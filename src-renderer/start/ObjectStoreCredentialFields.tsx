/**
 * Where an object store's credentials come from: the environment of the app, a named AWS profile
 * (S3 only), or typed keys (kept by the host in its secret store, never shown again). The fields
 * and their names follow the URI's scheme; the form keeps one set of three key fields, whose
 * meaning per scheme object-store-form.ts tells.
 */
import type { ReactNode } from 'react';
import {
  uriScheme,
  type CredentialSource,
  type ObjectStoreForm,
  type ObjectStoreScheme,
} from './object-store-form';

const SOURCES: Record<ObjectStoreScheme, ReadonlyArray<readonly [CredentialSource, string]>> = {
  s3: [
    ['keys', 'Access keys'],
    ['profile', 'A profile'],
    ['environment', 'The environment (AWS_*)'],
  ],
  az: [
    ['keys', 'Shared key or SAS'],
    ['environment', 'The environment (AZURE_STORAGE_*)'],
  ],
  gs: [
    ['keys', 'A service account'],
    ['environment', 'The environment (GOOGLE_*)'],
  ],
};

const ENVIRONMENT: Record<ObjectStoreScheme, ReactNode> = {
  s3: (
    <>
      AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (or AWS_PROFILE) as the app was
      started with; AWS_ENDPOINT and AWS_REGION fill in what is left empty above.
    </>
  ),
  az: (
    <>
      AZURE_STORAGE_ACCOUNT_NAME with AZURE_STORAGE_ACCOUNT_KEY or AZURE_STORAGE_SAS_TOKEN as the
      app was started with; AZURE_STORAGE_ENDPOINT fills in the endpoint if it is left empty above.
    </>
  ),
  gs: (
    <>
      GOOGLE_SERVICE_ACCOUNT (a key file) or GOOGLE_SERVICE_ACCOUNT_KEY (its JSON) as the app was
      started with; without them, GOOGLE_APPLICATION_CREDENTIALS or the Application Default
      Credentials of gcloud.
    </>
  ),
};

export function ObjectStoreCredentialFields({
  form,
  update,
  problem,
  onBlur,
}: {
  form: ObjectStoreForm;
  update: (change: Partial<ObjectStoreForm>) => void;
  problem: string | undefined;
  onBlur: () => void;
}) {
  const scheme = uriScheme(form.uri) ?? 's3';
  return (
    <fieldset className="credential-fields">
      <legend>Credentials</legend>
      <div className="row" role="radiogroup" aria-label="Credentials from">
        {SOURCES[scheme].map(([value, label]) => (
          <label key={value} className="check">
            <input
              type="radio"
              name="credential-source"
              checked={form.source === value}
              onChange={() => update({ source: value })}
            />
            {label}
          </label>
        ))}
      </div>
      {form.source === 'keys' && (
        <>
          {scheme === 's3' && <S3Keys form={form} update={update} onBlur={onBlur} />}
          {scheme === 'az' && <AzureKeys form={form} update={update} onBlur={onBlur} />}
          {scheme === 'gs' && (
            <label className="field">
              <span>Service account key (JSON)</span>
              <textarea
                aria-label="Service account key (JSON)"
                autoComplete="off"
                spellCheck={false}
                rows={4}
                placeholder='{"type": "service_account", "client_email": …, "private_key": …}'
                value={form.sessionToken}
                onChange={(e) => update({ sessionToken: e.target.value })}
                onBlur={onBlur}
              />
            </label>
          )}
          <p className="muted field-note">
            Kept in the app’s secret store to reopen this catalog; never shown again.
          </p>
        </>
      )}
      {form.source === 'profile' && scheme === 's3' && (
        <label className="field">
          <span>Profile name (from ~/.aws/credentials or ~/.aws/config)</span>
          <input
            aria-label="Profile name"
            spellCheck={false}
            value={form.profile}
            placeholder="default"
            onChange={(e) => update({ profile: e.target.value })}
            onBlur={onBlur}
          />
        </label>
      )}
      {form.source === 'environment' && <p className="muted field-note">{ENVIRONMENT[scheme]}</p>}
      {problem && <span className="field-error">{problem}</span>}
    </fieldset>
  );
}

interface KeyFieldsProps {
  form: ObjectStoreForm;
  update: (change: Partial<ObjectStoreForm>) => void;
  onBlur: () => void;
}

function S3Keys({ form, update, onBlur }: KeyFieldsProps) {
  return (
    <>
      <div className="field-pair even">
        <label className="field">
          <span>Access key ID</span>
          <input
            aria-label="Access key ID"
            autoComplete="off"
            spellCheck={false}
            value={form.accessKeyId}
            onChange={(e) => update({ accessKeyId: e.target.value })}
            onBlur={onBlur}
          />
        </label>
        <label className="field">
          <span>Secret access key</span>
          <input
            aria-label="Secret access key"
            type="password"
            autoComplete="off"
            value={form.secretAccessKey}
            onChange={(e) => update({ secretAccessKey: e.target.value })}
            onBlur={onBlur}
          />
        </label>
      </div>
      <label className="field">
        <span>Session token (optional, for temporary credentials)</span>
        <input
          aria-label="Session token"
          type="password"
          autoComplete="off"
          value={form.sessionToken}
          onChange={(e) => update({ sessionToken: e.target.value })}
        />
      </label>
    </>
  );
}

function AzureKeys({ form, update, onBlur }: KeyFieldsProps) {
  return (
    <>
      <div className="field-pair even">
        <label className="field">
          <span>Account name</span>
          <input
            aria-label="Account name"
            autoComplete="off"
            spellCheck={false}
            value={form.accessKeyId}
            onChange={(e) => update({ accessKeyId: e.target.value })}
            onBlur={onBlur}
          />
        </label>
        <label className="field">
          <span>Account key</span>
          <input
            aria-label="Account key"
            type="password"
            autoComplete="off"
            value={form.secretAccessKey}
            onChange={(e) => update({ secretAccessKey: e.target.value })}
            onBlur={onBlur}
          />
        </label>
      </div>
      <label className="field">
        <span>SAS token (instead of the account key)</span>
        <input
          aria-label="SAS token"
          type="password"
          autoComplete="off"
          value={form.sessionToken}
          onChange={(e) => update({ sessionToken: e.target.value })}
          onBlur={onBlur}
        />
      </label>
    </>
  );
}
