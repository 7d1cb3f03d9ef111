/**
 * One credential field of the object-store dialog. Keys are never offered back by the browser's
 * autocomplete, and secrets are masked; a profile name is neither, so the browser may remember it.
 */
import type { ChangeEvent } from 'react';
import type { ObjectStoreForm } from './object-store-form';

export interface CredentialField {
  key: 'accessKeyId' | 'secretAccessKey' | 'sessionToken' | 'profile';
  /** The field's short name, for messages about it. */
  name: string;
  /** The visible label, and so the accessible name, when it says more than the name. */
  label?: string;
  placeholder?: string;
  secret?: boolean;
  /** A key file's JSON, pasted whole. */
  multiline?: boolean;
  /** Not a secret: the browser may offer what was typed before. */
  remembered?: boolean;
  /** Leaving an optional field says nothing about the required ones, so it shows no problem. */
  optional?: boolean;
}

export function CredentialInput({
  field,
  form,
  update,
  onBlur,
}: {
  field: CredentialField;
  form: ObjectStoreForm;
  update: (change: Partial<ObjectStoreForm>) => void;
  onBlur: () => void;
}) {
  const control = {
    // The words on screen, so that what is announced is what is seen.
    'aria-label': field.label ?? field.name,
    autoComplete: field.remembered ? undefined : 'off',
    // A masked field's spelling is not shown, so there is nothing to check.
    spellCheck: field.secret ? undefined : false,
    placeholder: field.placeholder,
    value: form[field.key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update({ [field.key]: e.target.value }),
    onBlur: field.optional ? undefined : onBlur,
  };
  return (
    <label className="field">
      <span>{field.label ?? field.name}</span>
      {field.multiline ? (
        <textarea rows={4} {...control} />
      ) : (
        <input type={field.secret ? 'password' : undefined} {...control} />
      )}
    </label>
  );
}
