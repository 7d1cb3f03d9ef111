import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import {
  describeError,
  OBJECT_STORE_NEXT_STEP,
  StudioError,
} from '../../../../src-renderer/api/studio-error';

describe('next steps for an object store', () => {
  it('speak of keys, the bucket and the endpoint instead of an API key', () => {
    const refused = new StudioError(ERROR_CODES.Unauthenticated, 'Unauthenticated', 'refused');
    expect(describeError(refused).next).toMatch(/API key/);
    expect(describeError(refused, OBJECT_STORE_NEXT_STEP).next).toMatch(/access key ID/);
    const missing = new StudioError(ERROR_CODES.NamespaceNotFound, 'NamespaceNotFound', 'bucket');
    expect(describeError(missing, OBJECT_STORE_NEXT_STEP).next).toMatch(/bucket must exist/);
    const other = new StudioError(ERROR_CODES.Internal, 'Internal', 'x');
    expect(describeError(other, OBJECT_STORE_NEXT_STEP)).toEqual({
      title: 'Internal',
      detail: 'x',
    });
  });
});

describe('advice said once', () => {
  it('leaves out a next step the message already gives', () => {
    const silent = new StudioError(
      ERROR_CODES.ServiceUnavailable,
      'ServiceUnavailable',
      'The object store at http://127.0.0.1:9 does not answer (ECONNREFUSED); check the endpoint and that the store is running',
    );
    expect(describeError(silent, OBJECT_STORE_NEXT_STEP)).toEqual({
      title: 'Service unavailable',
      detail: silent.message,
    });
  });

  it('keeps a next step that adds something', () => {
    const throttled = new StudioError(
      ERROR_CODES.ServiceUnavailable,
      'ServiceUnavailable',
      'The object store is throttling (it answered "slow down") at http://s3; nothing is wrong with the request: try again shortly',
    );
    expect(describeError(throttled, OBJECT_STORE_NEXT_STEP).next).toMatch(/endpoint/);
  });
});
