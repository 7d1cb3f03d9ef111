import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { describeError, StudioError, unwrap } from '../../../../src-renderer/api/studio-error';

describe('describeError', () => {
  it('titles an error from its taxonomy name and keeps the detail', () => {
    const view = describeError(
      new StudioError(ERROR_CODES.TableIndexNotFound, 'TableIndexNotFound', 'no index x_idx'),
    );
    expect(view).toEqual({ title: 'Table index not found', detail: 'no index x_idx' });
  });

  it('says what to do next for 401, 403 and 503', () => {
    const next = (code: number, name: string) =>
      describeError(new StudioError(code, name, 'm')).next;
    expect(next(ERROR_CODES.Unauthenticated, 'Unauthenticated')).toMatch(/API key or bearer token/);
    expect(next(ERROR_CODES.PermissionDenied, 'PermissionDenied')).toMatch(/writer or admin key/);
    expect(next(ERROR_CODES.ServiceUnavailable, 'ServiceUnavailable')).toMatch(/try again/);
    expect(next(ERROR_CODES.InvalidInput, 'InvalidInput')).toBeUndefined();
  });

  it('never shows a stack: only the first line of a foreign error', () => {
    const error = new Error('boom\n    at somewhere (file.js:1:1)');
    expect(describeError(error)).toEqual({ title: 'Something went wrong', detail: 'boom' });
  });
});

describe('unwrap', () => {
  it('returns values and throws StudioErrors with the code and name', () => {
    expect(unwrap({ ok: true, value: 3 })).toBe(3);
    try {
      unwrap({ ok: false, error: { code: 4, name: 'TableNotFound', message: 'gone' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StudioError);
      expect(error).toMatchObject({ code: 4, errorName: 'TableNotFound', message: 'gone' });
    }
  });
});
