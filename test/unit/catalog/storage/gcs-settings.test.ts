/** GCS roots and their settings, resolved from LanceDB's storage keys and GOOGLE_*. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseGcsRoot,
  resolveGcsSettings,
} from '../../../../src-main/catalog/storage/gcs-settings';

describe('GCS roots', () => {
  it('splits bucket and prefix', () => {
    expect(parseGcsRoot('gs://b/team/main/')).toEqual({ bucket: 'b', prefix: 'team/main' });
  });

  it('takes a service account key as JSON, and refuses one that is not a key', () => {
    const key = JSON.stringify({ client_email: 'x@y', private_key: 'k', other: 1 });
    expect(resolveGcsSettings('gs://b', { google_service_account_key: key }, {})).toEqual({
      bucket: 'b',
      prefix: '',
      credentials: { client_email: 'x@y', private_key: 'k' },
    });
    expect(() => resolveGcsSettings('gs://b', { google_service_account_key: '{}' }, {})).toThrow(
      /lacks client_email or private_key/,
    );
    expect(() => resolveGcsSettings('gs://b', { google_service_account_key: 'nope' }, {})).toThrow(
      /not a service account key/,
    );
  });

  it('takes a key file from the options or the environment, and says when it cannot be read', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cs-gcs-'));
    try {
      const file = join(folder, 'key.json');
      writeFileSync(file, JSON.stringify({ client_email: 'f@y', private_key: 'fk' }));
      expect(
        resolveGcsSettings('gs://b', {}, { GOOGLE_SERVICE_ACCOUNT: file }).credentials,
      ).toEqual({ client_email: 'f@y', private_key: 'fk' });
      expect(() =>
        resolveGcsSettings('gs://b', { google_service_account: join(folder, 'missing') }, {}),
      ).toThrow(/Cannot read the service account key file/);
      // Another kind of credentials file is left to Google's client.
      const user = join(folder, 'user.json');
      writeFileSync(user, JSON.stringify({ type: 'authorized_user', refresh_token: 'r' }));
      expect(resolveGcsSettings('gs://b', { google_service_account: user }, {})).toEqual({
        bucket: 'b',
        prefix: '',
        keyFile: user,
      });
      // Nothing given: Application Default Credentials, as in LanceDB.
      expect(resolveGcsSettings('gs://b', {}, {})).toEqual({ bucket: 'b', prefix: '' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
