/**
 * Opening an object-store root fails at once, and precisely, for each way it can be wrong: a
 * missing bucket, refused keys, an endpoint that does not answer. Never an empty catalog. A root
 * that looks like a URI never becomes a local folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';
import { describeWithS3, s3Root, s3StorageOptions } from '../../../support/s3-store';

describeWithS3('opening an s3:// root', () => {
  it('opens a good root and keeps everything in the bucket, nothing in the working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cs-cwd-'));
    const before = process.cwd();
    process.chdir(cwd);
    try {
      const catalog = await connect(s3Root('open-ok'), { storageOptions: s3StorageOptions() });
      await catalog.createNamespace(['a']);
      expect((await catalog.listNamespaces([])).namespaces).toEqual(['a']);
      await catalog.close();
      expect(existsSync(join(cwd, 's3:'))).toBe(false);
    } finally {
      process.chdir(before);
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('names a missing bucket', async () => {
    const error = await expectCode(
      connect('s3://no-such-bucket/x', { storageOptions: s3StorageOptions() }),
      ERROR_CODES.NamespaceNotFound,
    );
    expect(error.message).toMatch(
      /bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1/,
    );
  });

  it('says the keys were refused', async () => {
    const error = await expectCode(
      connect(s3Root('x'), {
        storageOptions: { ...s3StorageOptions(), aws_secret_access_key: 'wrong' },
      }),
      ERROR_CODES.Unauthenticated,
    );
    expect(error.message).toMatch(/refused the credentials/);
  });

  it('says the endpoint does not answer, within a bounded time', async () => {
    const started = Date.now();
    const error = await expectCode(
      connect(s3Root('x'), {
        storageOptions: { ...s3StorageOptions(), aws_endpoint: 'http://127.0.0.1:9' },
      }),
      ERROR_CODES.ServiceUnavailable,
    );
    expect(error.message).toMatch(/does not answer .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
