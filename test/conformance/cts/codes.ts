/**
 * The namespace error codes and the HTTP status each one travels with, as the wire contract
 * gives them (lance-namespace-rest.md §2.3, §2.4). Kept apart from the server's own table so the
 * suite does not grade the server against itself.
 */
export const C = {
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

const NAMES = new Map<number, string>(Object.entries(C).map(([name, value]) => [value, name]));

export function codeName(code: number): string {
  return `${NAMES.get(code) ?? 'Unknown'} (${code})`;
}

/** The HTTP status the contract pairs with an error code; unknown codes travel as 500. */
export function statusOfCode(code: number): number {
  switch (code) {
    case 0:
      return 406;
    case 1:
    case 4:
    case 6:
    case 8:
    case 10:
    case 11:
    case 12:
    case 22:
      return 404;
    case 2:
    case 3:
    case 5:
    case 7:
    case 9:
    case 14:
    case 19:
    case 23:
      return 409;
    case 13:
    case 20:
      return 400;
    case 15:
      return 403;
    case 16:
      return 401;
    case 17:
      return 503;
    case 21:
      return 429;
    default:
      return 500;
  }
}
