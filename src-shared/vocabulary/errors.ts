/**
 * The one error taxonomy of the catalog: the namespace contract's codes 0–23, the HTTP status
 * each maps to, and the problem-details `type`/`title` the service specification prescribes.
 * Every failure that leaves the engine is a CatalogError; nothing escapes as a bare string.
 */

export const ERROR_CODES = {
  Unsupported: 0,
  NamespaceNotFound: 1,
  NamespaceAlreadyExists: 2,
  NamespaceNotEmpty: 3,
  TableNotFound: 4,
  TableAlreadyExists: 5,
  TableIndexNotFound: 6,
  TableIndexAlreadyExists: 7,
  TableTagNotFound: 8,
  TableTagAlreadyExists: 9,
  TransactionNotFound: 10,
  TableVersionNotFound: 11,
  TableColumnNotFound: 12,
  InvalidInput: 13,
  ConcurrentModification: 14,
  PermissionDenied: 15,
  Unauthenticated: 16,
  ServiceUnavailable: 17,
  Internal: 18,
  InvalidTableState: 19,
  TableSchemaValidationError: 20,
  Throttling: 21,
  TableBranchNotFound: 22,
  TableBranchAlreadyExists: 23,
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorName];

const NAME_BY_CODE = new Map<number, ErrorName>(
  Object.entries(ERROR_CODES).map(([name, code]) => [code, name as ErrorName]),
);

export function errorNameOf(code: number): ErrorName {
  return NAME_BY_CODE.get(code) ?? 'Internal';
}

/** Code → HTTP status, as the contract's reference server maps them (reference §2.4). */
export function httpStatusOf(code: number): number {
  switch (code) {
    case ERROR_CODES.Unsupported:
      return 406;
    case ERROR_CODES.NamespaceNotFound:
    case ERROR_CODES.TableNotFound:
    case ERROR_CODES.TableIndexNotFound:
    case ERROR_CODES.TableTagNotFound:
    case ERROR_CODES.TransactionNotFound:
    case ERROR_CODES.TableVersionNotFound:
    case ERROR_CODES.TableColumnNotFound:
    case ERROR_CODES.TableBranchNotFound:
      return 404;
    case ERROR_CODES.NamespaceAlreadyExists:
    case ERROR_CODES.NamespaceNotEmpty:
    case ERROR_CODES.TableAlreadyExists:
    case ERROR_CODES.TableIndexAlreadyExists:
    case ERROR_CODES.TableTagAlreadyExists:
    case ERROR_CODES.ConcurrentModification:
    case ERROR_CODES.InvalidTableState:
    case ERROR_CODES.TableBranchAlreadyExists:
      return 409;
    case ERROR_CODES.InvalidInput:
    case ERROR_CODES.TableSchemaValidationError:
      return 400;
    case ERROR_CODES.PermissionDenied:
      return 403;
    case ERROR_CODES.Unauthenticated:
      return 401;
    case ERROR_CODES.ServiceUnavailable:
      return 503;
    case ERROR_CODES.Throttling:
      return 429;
    default:
      return 500;
  }
}

/**
 * Problem-details type and title per status. The specification fixes 400/401/403/404/503/500;
 * the others follow the same naming so that a client can switch on `type` alone.
 */
const PROBLEM_BY_STATUS: Record<number, { type: string; title: string }> = {
  400: { type: '/errors/bad-request', title: 'Malformed request' },
  401: {
    type: '/errors/unauthorized-request',
    title: 'No valid authentication credentials for the operation',
  },
  403: { type: '/errors/forbidden-request', title: 'Not authorized to make this request' },
  404: { type: '/errors/not-found-error', title: 'Not found Error' },
  406: { type: '/errors/unsupported-operation', title: 'Unsupported operation' },
  409: { type: '/errors/conflict', title: 'Conflict with the current state' },
  413: { type: '/errors/payload-too-large', title: 'Request body too large' },
  429: { type: '/errors/too-many-requests', title: 'Too many requests' },
  503: { type: '/errors/service-unavailable', title: 'Slow down' },
  500: { type: '/errors/server-error', title: 'Internal Server Error' },
};

export function problemOf(status: number): { type: string; title: string } {
  return PROBLEM_BY_STATUS[status] ?? PROBLEM_BY_STATUS[500]!;
}

export class CatalogError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; detail?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = errorNameOf(code);
    this.code = code;
    this.detail = options?.detail;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }

  /** The one JSON shape errors take on the wire, in IPC and over HTTP. */
  toJSON(): { code: number; name: ErrorName; message: string; detail?: string } {
    return {
      code: this.code,
      name: errorNameOf(this.code),
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
    };
  }
}

/** Shorthand constructors, so call sites read as the condition they report. */
export const errors = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([name, code]) => [
    name,
    (message: string, options?: { cause?: unknown; detail?: string }) =>
      new CatalogError(code, message, options),
  ]),
) as {
  [K in ErrorName]: (
    message: string,
    options?: { cause?: unknown; detail?: string },
  ) => CatalogError;
};

export function isCatalogError(value: unknown): value is CatalogError {
  return value instanceof CatalogError;
}
