/**
 * Opening an `az://` root (on Azurite) fails at once, and precisely, for each way it can be wrong:
 * a missing container, a refused key, an endpoint that does not answer, missing settings. A good
 * root keeps everything in the container, and two catalogs racing for its lock get one winner.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { arrow } from '../../../../src-main/catalog/arrow';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { AzureObjectStore } from '../../../../src-main/catalog/storage/azure-object-store';
import { resolveAzureSettings } from '../../../../src-main/catalog/storage/azure-settings';
import { expectCode } from '../../../support/expect-code';
import { AZURITE_KEY, startAzurite, type Azurite } from '../../../support/azurite';

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer('cat');
}, 30_000);
afterAll(async () => {
  await azurite?.stop();
});

describe('opening an az:// root', () => {
  it('opens a good root, keeps everything in the container, and plain LanceDB reads its tables', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cs-cwd-'));
    const before = process.cwd();
    process.chdir(cwd);
    try {
      const catalog = await connect('az://cat/ok', { storageOptions: azurite.storageOptions() });
      await catalog.createNamespace(['a']);
      await catalog.createTable('t', arrow.tableFromArrays({ id: Int32Array.from([1, 2]) }), ['a']);
      expect((await catalog.listTables(['a'])).tables).toEqual(['t']);
      const description = await (await catalog.openTable('t', ['a'])).describe();
      expect(description.location).toMatch(/^az:\/\/cat\/ok\//);
      await catalog.close();
      expect(existsSync(join(cwd, 'az:'))).toBe(false);

      const options = azurite.storageOptions();
      const plain = await lancedb.connectNamespace(
        'dir',
        {
          root: 'az://cat/ok',
          ...Object.fromEntries(Object.entries(options).map(([k, v]) => [`storage.${k}`, v])),
        },
        { storageOptions: options },
      );
      expect(
        await (await plain.openTable('t', ['a'], { storageOptions: options })).countRows(),
      ).toBe(2);
      plain.close();
    } finally {
      process.chdir(before);
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('names a missing container', async () => {
    const error = await expectCode(
      connect('az://no-such-container/x', { storageOptions: azurite.storageOptions() }),
      ERROR_CODES.NamespaceNotFound,
    );
    expect(error.message).toMatch(/container "no-such-container" does not exist at http:\/\/127/);
  });

  it('says the key was refused (Azurite answers AuthorizationFailure, as Azure does for a SAS without permission)', async () => {
    const wrong = Buffer.from('not the key at all, but base64 of the right shape').toString(
      'base64',
    );
    const error = await expectCode(
      connect('az://cat/x', {
        storageOptions: { ...azurite.storageOptions(), azure_storage_account_key: wrong },
      }),
      ERROR_CODES.PermissionDenied,
    );
    expect(error.message).toMatch(/denied access to az:\/\/cat\/x \(AuthorizationFailure\)/);
    expect(error.message).toMatch(/check the account key or SAS token/);
  });

  it('says an endpoint does not answer, within seconds', async () => {
    const started = Date.now();
    const error = await expectCode(
      connect('az://cat/x', {
        storageOptions: {
          ...azurite.storageOptions(),
          azure_storage_endpoint: 'http://127.0.0.1:9/devstoreaccount1',
        },
      }),
      ERROR_CODES.ServiceUnavailable,
    );
    expect(error.message).toMatch(/does not answer/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('says which setting is missing', async () => {
    const noAccount = await expectCode(
      connect('az://cat/x', { storageOptions: { azure_storage_account_key: AZURITE_KEY } }),
      ERROR_CODES.InvalidInput,
    );
    expect(noAccount.message).toMatch(/needs a storage account/);
    const noKey = await expectCode(
      connect('az://cat/x', { storageOptions: { azure_storage_account_name: 'someone' } }),
      ERROR_CODES.InvalidInput,
    );
    expect(noKey.message).toMatch(/account key .* or a SAS token/);
  });

  it('lets exactly one of ten racing conditional puts of one key win', async () => {
    const store = new AzureObjectStore(
      'az://cat/race',
      resolveAzureSettings('az://cat/race', azurite.storageOptions(), {}),
    );
    const wins = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.putIfAbsent('lock/0001', `writer ${i}`)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.indexOf(true);
    expect(Buffer.from(await store.get('lock/0001')).toString()).toBe(`writer ${winner}`);
  });
});
