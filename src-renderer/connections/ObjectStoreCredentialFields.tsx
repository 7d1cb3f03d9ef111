/**
 * Where an object store's credentials come from: the environment of the app, a named AWS profile
 * (S3 only), or typed keys (kept by the host in its secret store, never shown again). The fields
 * and their names follow the URI's scheme; the form keeps one set of three key fields, whose
 * meaning per scheme object-store-form.ts tells.
 */
import type { ReactNode } from 'react';
import { RadioGroup } from '../common/RadioGroup';
import { CredentialInput, type CredentialField } from './CredentialInput';
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

type KeyTriple = readonly [CredentialField, CredentialField, CredentialField];

/** An identity and its secret side by side, then the third field alone. */
const KEY_FIELDS: Record<'s3' | 'az', KeyTriple> = {
  s3: [
    { key: 'accessKeyId', name: 'Access key ID' },
    { key: 'secretAccessKey', name: 'Secret access key', secret: true },
    {
      key: 'sessionToken',
      name: 'Session token',
      label: 'Session token (optional, for temporary credentials)',
      secret: true,
      optional: true,
    },
  ],
  az: [
    { key: 'accessKeyId', name: 'Account name' },
    { key: 'secretAccessKey', name: 'Account key', secret: true },
    {
      key: 'sessionToken',
      name: 'SAS token',
      label: 'SAS token (instead of the account key)',
      secret: true,
    },
  ],
};

const GS_KEY: CredentialField = {
  key: 'sessionToken',
  name: 'Service account key (JSON)',
  placeholder: '{"type": "service_account", "client_email": …, "private_key": …}',
  multiline: true,
};

const PROFILE: CredentialField = {
  key: 'profile',
  name: 'Profile name',
  label: 'Profile name (from ~/.aws/credentials or ~/.aws/config)',
  placeholder: 'default',
  remembered: true,
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
      <RadioGroup
        label="Credentials from"
        className="row"
        value={form.source}
        options={SOURCES[scheme]}
        onChange={(source) => update({ source })}
      />
      {form.source === 'keys' && (
        <>
          {scheme === 'gs' ? (
            <CredentialInput field={GS_KEY} form={form} update={update} onBlur={onBlur} />
          ) : (
            <KeyFields fields={KEY_FIELDS[scheme]} form={form} update={update} onBlur={onBlur} />
          )}
          <p className="muted field-note">
            Kept in the app’s secret store to reopen this catalog; never shown again.
          </p>
        </>
      )}
      {form.source === 'profile' && scheme === 's3' && (
        <CredentialInput field={PROFILE} form={form} update={update} onBlur={onBlur} />
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

function KeyFields({
  fields: [identity, secret, third],
  ...props
}: KeyFieldsProps & { fields: KeyTriple }) {
  return (
    <>
      <div className="field-pair even">
        <CredentialInput field={identity} {...props} />
        <CredentialInput field={secret} {...props} />
      </div>
      <CredentialInput field={third} {...props} />
    </>
  );
}
