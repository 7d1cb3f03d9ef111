import { describe, expect, it } from 'vitest';
import {
  CatalogError,
  ERROR_CODES,
  errorNameOf,
  errors,
  httpStatusOf,
  isCatalogError,
  problemOf,
  type ErrorName,
} from '../../../src-shared/vocabulary/errors';

/** The contract's reference mapping, written out independently of the source. */
const EXPECTED: ReadonlyArray<[code: number, name: ErrorName, status: number]> = [
  [0, 'Unsupported', 406],
  [1, 'NamespaceNotFound', 404],
  [2, 'NamespaceAlreadyExists', 409],
  [3, 'NamespaceNotEmpty', 409],
  [4, 'TableNotFound', 404],
  [5, 'TableAlreadyExists', 409],
  [6, 'TableIndexNotFound', 404],
  [7, 'TableIndexAlreadyExists', 409],
  [8, 'TableTagNotFound', 404],
  [9, 'TableTagAlreadyExists', 409],
  [10, 'TransactionNotFound', 404],
  [11, 'TableVersionNotFound', 404],
  [12, 'TableColumnNotFound', 404],
  [13, 'InvalidInput', 400],
  [14, 'ConcurrentModification', 409],
  [15, 'PermissionDenied', 403],
  [16, 'Unauthenticated', 401],
  [17, 'ServiceUnavailable', 503],
  [18, 'Internal', 500],
  [19, 'InvalidTableState', 409],
  [20, 'TableSchemaValidationError', 400],
  [21, 'Throttling', 429],
  [22, 'TableBranchNotFound', 404],
  [23, 'TableBranchAlreadyExists', 409],
];

describe('ERROR_CODES', () => {
  it('holds exactly the 24 contract codes 0–23, each once', () => {
    const codes = Object.values(ERROR_CODES).sort((a, b) => a - b);
    expect(codes).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it.each(EXPECTED)('code %i is named %s', (code, name) => {
    expect(ERROR_CODES[name]).toBe(code);
    expect(errorNameOf(code)).toBe(name);
  });

  it('names unknown codes Internal', () => {
    expect(errorNameOf(24)).toBe('Internal');
    expect(errorNameOf(-1)).toBe('Internal');
    expect(errorNameOf(1.5)).toBe('Internal');
  });
});

describe('httpStatusOf', () => {
  it.each(EXPECTED)('maps code %i (%s) to HTTP %i', (code, _name, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('maps codes outside the taxonomy to 500', () => {
    expect(httpStatusOf(24)).toBe(500);
    expect(httpStatusOf(99)).toBe(500);
    expect(httpStatusOf(-1)).toBe(500);
  });
});

describe('problemOf', () => {
  it.each([
    [400, '/errors/bad-request', 'Malformed request'],
    [401, '/errors/unauthorized-request', 'No valid authentication credentials for the operation'],
    [403, '/errors/forbidden-request', 'Not authorized to make this request'],
    [404, '/errors/not-found-error', 'Not found Error'],
    [503, '/errors/service-unavailable', 'Slow down'],
    [500, '/errors/server-error', 'Internal Server Error'],
  ])('gives status %i the specification type %s and title %j', (status, type, title) => {
    expect(problemOf(status)).toEqual({ type, title });
  });

  it('gives the non-specified statuses their own distinct types', () => {
    const types = [406, 409, 413, 429].map((status) => problemOf(status).type);
    for (const type of types) {
      expect(type).toMatch(/^\/errors\/[a-z-]+$/);
      expect(type).not.toBe('/errors/server-error');
    }
    expect(new Set(types).size).toBe(types.length);
  });

  it('falls back to the server-error problem for statuses it does not know', () => {
    expect(problemOf(418)).toEqual({
      type: '/errors/server-error',
      title: 'Internal Server Error',
    });
    expect(problemOf(0)).toEqual(problemOf(500));
  });

  it('has a problem entry for every status a code maps to', () => {
    for (const [code, , status] of EXPECTED) {
      const problem = problemOf(httpStatusOf(code));
      if (status !== 500) expect(problem.type, `code ${code}`).not.toBe('/errors/server-error');
      expect(problem.title.length).toBeGreaterThan(0);
    }
  });
});

describe('CatalogError', () => {
  it('is an Error carrying code, name, status and message', () => {
    const error = new CatalogError(ERROR_CODES.TableNotFound, 'Table t was not found');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error.code).toBe(4);
    expect(error.name).toBe('TableNotFound');
    expect(error.message).toBe('Table t was not found');
    expect(error.status).toBe(404);
    expect(error.detail).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect(String(error)).toBe('TableNotFound: Table t was not found');
  });

  it('keeps the cause and detail it is given', () => {
    const cause = new Error('root cause');
    const error = new CatalogError(ERROR_CODES.Internal, 'wrapped', { cause, detail: 'raw text' });
    expect(error.cause).toBe(cause);
    expect(error.detail).toBe('raw text');
    expect(error.status).toBe(500);
  });

  it('serialises to the wire shape without detail when there is none', () => {
    const error = new CatalogError(ERROR_CODES.InvalidInput, 'bad name');
    expect(error.toJSON()).toEqual({ code: 13, name: 'InvalidInput', message: 'bad name' });
    expect(Object.keys(error.toJSON())).not.toContain('detail');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 13,
      name: 'InvalidInput',
      message: 'bad name',
    });
  });

  it('serialises detail when present, and never the cause', () => {
    const error = new CatalogError(ERROR_CODES.Throttling, 'slow', {
      detail: 'd',
      cause: new Error('secret'),
    });
    expect(error.toJSON()).toEqual({ code: 21, name: 'Throttling', message: 'slow', detail: 'd' });
    expect(JSON.stringify(error)).not.toContain('secret');
  });

  it('is recognised by isCatalogError and plain errors are not', () => {
    expect(isCatalogError(new CatalogError(0, 'x'))).toBe(true);
    expect(isCatalogError(new Error('x'))).toBe(false);
    expect(isCatalogError({ code: 13, name: 'InvalidInput', message: 'x' })).toBe(false);
    expect(isCatalogError(undefined)).toBe(false);
    expect(isCatalogError('InvalidInput')).toBe(false);
  });
});

describe('errors shorthand constructors', () => {
  it('has one constructor per code name and no others', () => {
    expect(Object.keys(errors).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it.each(EXPECTED)(
    'errors.X for code %i (%s) builds a matching CatalogError',
    (code, name, status) => {
      const error = errors[name]('message text', { detail: 'the detail' });
      expect(error).toBeInstanceOf(CatalogError);
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(error.status).toBe(status);
      expect(error.message).toBe('message text');
      expect(error.detail).toBe('the detail');
    },
  );

  it('passes the cause through', () => {
    const cause = { anything: true };
    expect(errors.Internal('x', { cause }).cause).toBe(cause);
    expect(errors.Internal('x').cause).toBeUndefined();
  });
});
