/**
 * Which typed keys each scheme takes, that a profile is S3's alone, and that keys survive the
 * secret store's flat records for every scheme, an Azure SAS token without a key included.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import {
  keysToSecrets,
  resolveObjectStoreKeys,
  secretsToKeys,
} from '../../../src-main/host/object-store-credentials';
import type { ObjectStoreKeys } from '../../../src-main/host/object-store-options';

const nothingStored = async () => undefined;
const fails = (code: number, message: RegExp) =>
  expect.objectContaining({ code, message: expect.stringMatching(message) });

describe('resolveObjectStoreKeys', () => {
  it('takes Azure account name with its key, or with a SAS token alone', async () => {
    await expect(
      resolveObjectStoreKeys(
        'az://c',
        { source: 'keys', accessKeyId: 'acct', secretAccessKey: 'a2V5' },
        nothingStored,
      ),
    ).resolves.toEqual({ accessKeyId: 'acct', secretAccessKey: 'a2V5' });
    await expect(
      resolveObjectStoreKeys(
        'az://c',
        { source: 'keys', accessKeyId: 'acct', sessionToken: 'sv=1&sig=x' },
        nothingStored,
      ),
    ).resolves.toEqual({ accessKeyId: 'acct', secretAccessKey: '', sessionToken: 'sv=1&sig=x' });
    await expect(
      resolveObjectStoreKeys('az://c', { source: 'keys', accessKeyId: 'acct' }, nothingStored),
    ).rejects.toEqual(fails(ERROR_CODES.InvalidInput, /account key or a SAS token/));
    await expect(
      resolveObjectStoreKeys('az://c', { source: 'keys', secretAccessKey: 'k' }, nothingStored),
    ).rejects.toEqual(fails(ERROR_CODES.InvalidInput, /account name/));
  });

  it('takes the GCS key JSON as the session token, and names access keys sent for gs:// as a mistake', async () => {
    await expect(
      resolveObjectStoreKeys('gs://b', { source: 'keys', sessionToken: '{"a":1}' }, nothingStored),
    ).resolves.toEqual({ accessKeyId: '', secretAccessKey: '', sessionToken: '{"a":1}' });
    await expect(
      resolveObjectStoreKeys(
        'gs://b',
        { source: 'keys', accessKeyId: 'AK', secretAccessKey: 'SK' },
        nothingStored,
      ),
    ).rejects.toEqual(fails(ERROR_CODES.InvalidInput, /service account key \(JSON\) alone/));
  });

  it('keeps S3 asking for both keys', async () => {
    await expect(
      resolveObjectStoreKeys('s3://b', { source: 'keys', accessKeyId: 'AK' }, nothingStored),
    ).rejects.toEqual(fails(ERROR_CODES.InvalidInput, /both the access key id and the secret/));
    await expect(
      resolveObjectStoreKeys(
        's3://b',
        { source: 'keys', accessKeyId: 'AK', secretAccessKey: 'SK' },
        nothingStored,
      ),
    ).resolves.toEqual({ accessKeyId: 'AK', secretAccessKey: 'SK' });
  });

  it('refuses a profile for az:// and gs://, before reading any AWS file', async () => {
    for (const [uri, wanted] of [
      ['az://c/p', /account name and key/],
      ['gs://b/p', /service account key \(JSON\)/],
    ] as const) {
      const error = fails(ERROR_CODES.InvalidInput, /^A profile holds AWS credentials/);
      await expect(
        resolveObjectStoreKeys(uri, { source: 'profile', profile: 'default' }, nothingStored),
      ).rejects.toEqual(error);
      await expect(
        resolveObjectStoreKeys(uri, { source: 'profile', profile: 'default' }, nothingStored),
      ).rejects.toThrow(wanted);
    }
  });

  it('reopens with the stored keys, and names what to type per scheme when none are stored', async () => {
    const stored: ObjectStoreKeys = { accessKeyId: 'acct', secretAccessKey: 'a2V5' };
    await expect(
      resolveObjectStoreKeys('az://c', { source: 'keys' }, async () => stored),
    ).resolves.toBe(stored);
    await expect(
      resolveObjectStoreKeys('az://c', { source: 'keys' }, nothingStored),
    ).rejects.toEqual(
      fails(ERROR_CODES.Unauthenticated, /No keys are stored for az:\/\/c; .*account name/),
    );
    await expect(
      resolveObjectStoreKeys('gs://b', { source: 'keys' }, nothingStored),
    ).rejects.toEqual(fails(ERROR_CODES.Unauthenticated, /service account key \(JSON\)/));
    await expect(
      resolveObjectStoreKeys('gs://b', { source: 'environment' }, nothingStored),
    ).resolves.toBeUndefined();
  });
});

describe('the stored form of keys', () => {
  it('round-trips every scheme’s keys through flat records without empty strings', () => {
    const cases: ObjectStoreKeys[] = [
      { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'T' },
      { accessKeyId: 'acct', secretAccessKey: '', sessionToken: 'sv=1&sig=x' },
      { accessKeyId: '', secretAccessKey: '', sessionToken: '{"private_key":"k"}' },
    ];
    for (const keys of cases) {
      const secrets = keysToSecrets(keys);
      expect(Object.values(secrets)).not.toContain('');
      expect(secretsToKeys(secrets)).toEqual(keys);
    }
    expect(keysToSecrets(cases[2]!)).toEqual({ sessionToken: '{"private_key":"k"}' });
  });

  it('reads a record without any secret as no keys', () => {
    expect(secretsToKeys(undefined)).toBeUndefined();
    expect(secretsToKeys({ accessKeyId: 'AK' })).toBeUndefined();
  });
});
