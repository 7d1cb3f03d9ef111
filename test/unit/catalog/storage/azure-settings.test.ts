/** Azure roots and their settings, resolved from LanceDB's storage keys and AZURE_STORAGE_*. */
import { describe, expect, it } from 'vitest';
import {
  lanceAzureOptions,
  parseAzureRoot,
  resolveAzureSettings,
} from '../../../../src-main/catalog/storage/azure-settings';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

describe('Azure roots', () => {
  it('splits container and prefix', () => {
    expect(parseAzureRoot('az://c')).toEqual({ container: 'c', prefix: '' });
    expect(parseAzureRoot('az://c/team/main/')).toEqual({ container: 'c', prefix: 'team/main' });
  });

  it('prefers storage options over the environment, and defaults the endpoint to the account', () => {
    const settings = resolveAzureSettings(
      'az://c/p',
      { azure_storage_account_name: 'opt' },
      { AZURE_STORAGE_ACCOUNT_NAME: 'env', AZURE_STORAGE_ACCOUNT_KEY: 'a2V5' },
    );
    expect(settings).toEqual({
      container: 'c',
      prefix: 'p',
      account: 'opt',
      endpoint: 'https://opt.blob.core.windows.net',
      accountKey: 'a2V5',
    });
    expect(lanceAzureOptions(settings)).toEqual({
      azure_storage_account_name: 'opt',
      azure_storage_endpoint: 'https://opt.blob.core.windows.net',
      azure_storage_account_key: 'a2V5',
    });
  });

  it('takes the emulator setting as Azurite at its default address, with its public account', () => {
    const settings = resolveAzureSettings('az://c', { azure_storage_use_emulator: 'true' }, {});
    expect(settings.endpoint).toBe('http://127.0.0.1:10000/devstoreaccount1');
    expect(settings.account).toBe('devstoreaccount1');
    expect(lanceAzureOptions(settings)).toMatchObject({ allow_http: 'true' });
  });

  it('refuses a plain http endpoint unless allowed, and names what is missing', () => {
    const base = { azure_storage_account_name: 'a', azure_storage_account_key: 'a2V5' };
    expect(() =>
      resolveAzureSettings('az://c', { ...base, azure_storage_endpoint: 'http://h:1/a' }, {}),
    ).toThrow(expect.objectContaining({ code: ERROR_CODES.InvalidInput }));
    expect(
      resolveAzureSettings(
        'az://c',
        { ...base, azure_storage_endpoint: 'http://h:1/a', allow_http: 'true' },
        {},
      ).endpoint,
    ).toBe('http://h:1/a');
    expect(() => resolveAzureSettings('az://c', { azure_storage_account_name: 'a' }, {})).toThrow(
      /account key .* or a SAS token/,
    );
    expect(() => resolveAzureSettings('az://c', {}, {})).toThrow(/needs a storage account/);
  });
});
