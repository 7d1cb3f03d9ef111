/**
 * A `gs://` root reaches Google Cloud Storage's client, and a key that cannot be used is said at
 * once, with the right code, never as an empty catalog. No GCS-compatible store runs on this
 * machine, so this is as far as a test here can take it (docs/object-storage.md says so).
 */
import { expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';

it('refuses a service account key that is not a usable key, within seconds', async () => {
  const started = Date.now();
  const key = JSON.stringify({
    client_email: 'someone@project.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n',
  });
  const error = await expectCode(
    connect('gs://bucket/catalog', { storageOptions: { google_service_account_key: key } }),
    ERROR_CODES.Unauthenticated,
  );
  expect(error.message).toMatch(/service account key for gs:\/\/bucket\/catalog could not be used/);
  expect(Date.now() - started).toBeLessThan(15_000);
});
