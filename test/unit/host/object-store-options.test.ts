/**
 * The storage options the host hands the engine for each scheme, checked against the engine's own
 * resolvers for az:// and gs://, so that a key name the engine does not read fails here.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { resolveAzureSettings } from '../../../src-main/catalog/storage/azure-settings';
import { resolveGcsSettings } from '../../../src-main/catalog/storage/gcs-settings';
import { resolveS3Settings } from '../../../src-main/catalog/storage/s3-settings';
import {
  checkObjectStoreUri,
  objectStoreScheme,
  objectStoreStorageOptions,
} from '../../../src-main/host/object-store-options';

const AZURITE = 'http://127.0.0.1:10000/devstoreaccount1';

describe('objectStoreStorageOptions', () => {
  it('keeps S3 as it was: endpoint, region, path-style and the keys under aws_*', () => {
    const options = objectStoreStorageOptions(
      {
        uri: 's3://b/p',
        endpoint: 'http://127.0.0.1:9000/',
        region: 'eu-west-1',
        pathStyle: true,
      },
      { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'T' },
    );
    expect(options).toEqual({
      aws_endpoint: 'http://127.0.0.1:9000',
      allow_http: 'true',
      aws_region: 'eu-west-1',
      aws_virtual_hosted_style_request: 'false',
      aws_access_key_id: 'AK',
      aws_secret_access_key: 'SK',
      aws_session_token: 'T',
    });
    expect(resolveS3Settings('s3://b/p', options, {})).toMatchObject({
      bucket: 'b',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
    });
    expect(objectStoreStorageOptions({ uri: 's3a://b', pathStyle: false }, undefined)).toEqual({
      aws_virtual_hosted_style_request: 'true',
    });
  });

  it('gives az:// the account name and key, an Azurite endpoint and allow_http, which the engine reads as such', () => {
    const options = objectStoreStorageOptions(
      // Region and path-style are S3's: an old recent entry or a client may still send them.
      { uri: 'az://data/team', endpoint: `${AZURITE}/`, region: 'us-east-1', pathStyle: true },
      { accessKeyId: 'devstoreaccount1', secretAccessKey: 'a2V5' },
    );
    expect(options).toEqual({
      azure_storage_endpoint: AZURITE,
      allow_http: 'true',
      azure_storage_account_name: 'devstoreaccount1',
      azure_storage_account_key: 'a2V5',
    });
    expect(resolveAzureSettings('az://data/team', options, {})).toEqual({
      container: 'data',
      prefix: 'team',
      account: 'devstoreaccount1',
      endpoint: AZURITE,
      accountKey: 'a2V5',
    });
  });

  it('gives az:// a SAS token instead of a key, and leaves Azure itself its default endpoint', () => {
    const options = objectStoreStorageOptions(
      { uri: 'AZ://data' },
      { accessKeyId: 'acct', secretAccessKey: '', sessionToken: 'sv=2022&sig=abc' },
    );
    expect(options).toEqual({
      azure_storage_account_name: 'acct',
      azure_storage_sas_token: 'sv=2022&sig=abc',
    });
    expect(resolveAzureSettings('az://data', options, {})).toEqual({
      container: 'data',
      prefix: '',
      account: 'acct',
      endpoint: 'https://acct.blob.core.windows.net',
      sasToken: 'sv=2022&sig=abc',
    });
  });

  it('leaves Azure credentials from the environment to the engine', () => {
    const options = objectStoreStorageOptions({ uri: 'az://data' }, undefined);
    expect(options).toEqual({});
    expect(
      resolveAzureSettings('az://data', options, {
        AZURE_STORAGE_ACCOUNT_NAME: 'envacct',
        AZURE_STORAGE_ACCOUNT_KEY: 'ZW52',
      }),
    ).toMatchObject({ account: 'envacct', accountKey: 'ZW52' });
  });

  it('gives gs:// the service account key JSON, which the engine reads, and nothing else', () => {
    const key = JSON.stringify({ client_email: 'sa@p.iam.gserviceaccount.com', private_key: 'k' });
    const options = objectStoreStorageOptions(
      { uri: 'gs://bucket/p', region: 'us-east-1', pathStyle: true },
      { accessKeyId: '', secretAccessKey: '', sessionToken: key },
    );
    expect(options).toEqual({ google_service_account_key: key });
    expect(resolveGcsSettings('gs://bucket/p', options, {})).toEqual({
      bucket: 'bucket',
      prefix: 'p',
      credentials: { client_email: 'sa@p.iam.gserviceaccount.com', private_key: 'k' },
    });
    expect(objectStoreStorageOptions({ uri: 'gs://bucket' }, undefined)).toEqual({});
  });

  it('refuses an endpoint for gs://, which would otherwise be dropped and Google reached instead', () => {
    expect(() =>
      objectStoreStorageOptions(
        { uri: 'gs://bucket', endpoint: 'http://127.0.0.1:4443' },
        undefined,
      ),
    ).toThrow(
      expect.objectContaining({
        code: ERROR_CODES.InvalidInput,
        message: expect.stringMatching(/gs:\/\/ connections have no endpoint setting/),
      }),
    );
  });
});

describe('schemes and URIs', () => {
  it('sorts URIs into the three families, anything else following S3 for the engine to refuse', () => {
    expect(objectStoreScheme('s3://b')).toBe('s3');
    expect(objectStoreScheme('s3a://b')).toBe('s3');
    expect(objectStoreScheme('az://c/p')).toBe('az');
    expect(objectStoreScheme('Gs://b')).toBe('gs');
    expect(objectStoreScheme('ftp://x')).toBe('s3');
  });

  it('names all three schemes when the URI is not one', () => {
    expect(checkObjectStoreUri(' az://c/p/ ')).toBe('az://c/p');
    expect(() => checkObjectStoreUri('/home/me/catalog')).toThrow(
      /give s3:\/\/bucket\/prefix, az:\/\/container\/prefix or gs:\/\/bucket\/prefix/,
    );
  });
});
