/**
 * Where an object store's credentials come from: the AWS_* environment of the app, a named
 * profile, or typed keys (kept by the host in its secret store, never shown again).
 */
import type { CredentialSource, ObjectStoreForm } from './object-store-form';

const SOURCES: ReadonlyArray<readonly [CredentialSource, string]> = [
  ['keys', 'Access keys'],
  ['profile', 'A profile'],
  ['environment', 'The environment (AWS_*)'],
];

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
  return (
    <fieldset className="credential-fields">
      <legend>Credentials</legend>
      <div className="row" role="radiogroup" aria-label="Credentials from">
        {SOURCES.map(([value, label]) => (
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
          <p className="muted field-note">
            Kept in the app’s secret store to reopen this catalog; never shown again.
          </p>
        </>
      )}
      {form.source === 'profile' && (
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
      {form.source === 'environment' && (
        <p className="muted field-note">
          AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (or AWS_PROFILE) as the app
          was started with; AWS_ENDPOINT and AWS_REGION fill in what is left empty above.
        </p>
      )}
      {problem && <span className="field-error">{problem}</span>}
    </fieldset>
  );
}
