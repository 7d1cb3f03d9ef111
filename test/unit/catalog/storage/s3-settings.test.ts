/** S3 roots and their settings, resolved from LanceDB's storage keys and the AWS_* environment. */
import { describe, expect, it } from 'vitest';
import {
  lanceStorageOptions,
  parseS3Root,
  resolveS3Settings,
} from '../../../../src-main/catalog/storage/s3-settings';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';

describe('S3 roots', () => {
  it('splits bucket and prefix, with or without slashes', () => {
    expect(parseS3Root('s3://b')).toEqual({ bucket: 'b', prefix: '' });
    expect(parseS3Root('s3://b/')).toEqual({ bucket: 'b', prefix: '' });
    expect(parseS3Root('s3://b/team/main/')).toEqual({ bucket: 'b', prefix: 'team/main' });
  });

  it('prefers explicit storage options over the environment, as LanceDB does', () => {
    const settings = resolveS3Settings(
      's3://b/p',
      { aws_endpoint: 'http://127.0.0.1:1', allow_http: 'true', aws_access_key_id: 'opt' },
      {
        AWS_ENDPOINT: 'http://elsewhere:2',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'env',
        AWS_SECRET_ACCESS_KEY: 'secret',
      },
    );
    expect(settings).toMatchObject({
      bucket: 'b',
      prefix: 'p',
      endpoint: 'http://127.0.0.1:1',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'opt', secretAccessKey: 'secret' },
    });
    // LanceDB gets the same settings under its own keys.
    expect(lanceStorageOptions(settings)).toMatchObject({
      aws_endpoint: 'http://127.0.0.1:1',
      aws_region: 'eu-west-1',
      allow_http: 'true',
      aws_access_key_id: 'opt',
      aws_virtual_hosted_style_request: 'false',
    });
  });

  it('says what is missing instead of letting LanceDB look up a region online', async () => {
    const error = await expectCode(
      () => resolveS3Settings('s3://b/p', {}, {}),
      ERROR_CODES.InvalidInput,
    );
    expect(error.message).toMatch(/needs a region .* or an endpoint/);
  });

  it('refuses a plain-http endpoint unless allow_http is set', async () => {
    await expectCode(
      () => resolveS3Settings('s3://b', { aws_endpoint: 'http://127.0.0.1:9' }, {}),
      ERROR_CODES.InvalidInput,
    );
    expect(
      resolveS3Settings(
        's3://b',
        { aws_endpoint: 'http://127.0.0.1:9' },
        { AWS_ALLOW_HTTP: 'true' },
      ).endpoint,
    ).toBe('http://127.0.0.1:9');
  });
});
