/**
 * Which failures are the store's bad day, read from the AWS SDK's errors and from LanceDB's texts
 * (the texts issue 31 saw answered as 500), and the 503 that says so.
 */
import { describe, expect, it } from 'vitest';
import {
  lanceStoreCondition,
  storeCondition,
  storeUnavailable,
} from '../../../../src-main/catalog/storage/store-failure';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

const sdk = (name: string, status?: number, code?: string) =>
  Object.assign(new Error(name), {
    name,
    ...(status ? { $metadata: { httpStatusCode: status } } : {}),
    ...(code ? { code } : {}),
  });

describe('store failures', () => {
  it('reads the AWS SDK’s errors', () => {
    expect(storeCondition(sdk('SlowDown', 503))).toBe('throttling');
    expect(storeCondition(sdk('InternalError', 500))).toBe('failing');
    expect(storeCondition(sdk('Error', undefined, 'ECONNRESET'))).toBe('unreachable');
    expect(storeCondition(sdk('TimeoutError'))).toBe('unreachable');
    expect(storeCondition(new Error('aborted'))).toBe('unreachable');
    expect(storeCondition(sdk('NoSuchKey', 404))).toBeUndefined();
    expect(storeCondition(sdk('AccessDenied', 403))).toBeUndefined();
    expect(storeCondition(sdk('PreconditionFailed', 412))).toBeUndefined();
  });

  it('reads LanceDB’s texts, and leaves other failures alone', () => {
    expect(
      lanceStoreCondition(
        'lance error: LanceError(IO): Generic S3 error: Error performing PUT http://127.0.0.1:9000/b/k in 2s - Server returned non-2xx status code: 503 Service Unavailable: <Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      ),
    ).toBe('throttling');
    expect(
      lanceStoreCondition(
        'LanceError(IO): Generic S3 error: Error performing GET http://h/b/k - Server returned non-2xx status code: 500 Internal Server Error: We encountered an internal error. Please try again.',
      ),
    ).toBe('failing');
    expect(
      lanceStoreCondition(
        'lance error: LanceError(IO): Generic S3 error: Error performing list request: Error performing GET http://127.0.0.1:42273/catalog?list-type=2 in 6.1s, after 1 retries, max_retries: 2, retry_timeout: 5s  - HTTP error: error sending request',
      ),
    ).toBe('unreachable');
    expect(lanceStoreCondition('Table t was not found')).toBeUndefined();
    expect(lanceStoreCondition('Invalid user input: Divide by zero')).toBeUndefined();
  });

  it('answers 503 naming the condition, with a retry hint, never the raw text alone', () => {
    const error = storeUnavailable('throttling', 'http://127.0.0.1:9000', sdk('SlowDown', 503));
    expect(error.code).toBe(ERROR_CODES.ServiceUnavailable);
    expect(error.status).toBe(503);
    expect(error.message).toMatch(
      /^The object store is throttling .* at http:\/\/127\.0\.0\.1:9000/,
    );
    expect(error.message).toMatch(/nothing is wrong with the request/);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(storeCondition(error)).toBe('throttling');
  });
});
