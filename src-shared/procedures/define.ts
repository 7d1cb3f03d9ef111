/**
 * How a procedure of the renderer ⇄ main contract is written: its input and output schemas, the
 * error codes it may return (the common ones always among them) and its access. The domain files
 * beside this one hold the entries; ../studio-procedures.ts joins them into PROCEDURES.
 */
import type { z } from 'zod';
import { ERROR_CODES } from '../vocabulary/errors';

export const E = ERROR_CODES;

/** Errors any procedure may return: bad input, remote auth and availability, internal. */
const COMMON = [
  E.InvalidInput,
  E.Unauthenticated,
  E.PermissionDenied,
  E.ServiceUnavailable,
  E.Internal,
];

/** The codes a schema change may return besides the common ones. */
export const SCHEMA_CHANGE_ERRORS = [
  E.TableNotFound,
  E.TableColumnNotFound,
  E.TableSchemaValidationError,
  E.InvalidTableState,
  // An all-null column of a type a remote catalog's SQL cannot name.
  E.Unsupported,
];

/**
 * What a procedure may do to the catalog of its `connectionId`: `write` procedures are refused
 * on a read-only connection, in one place (the host's dispatcher), before their handler runs.
 */
export type ProcedureAccess = 'read' | 'write';

export function procedure<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  errors: readonly number[],
  access: ProcedureAccess = 'read',
) {
  return { input, output, access, errors: [...new Set([...COMMON, ...errors])] };
}

export type ProcedureSpec = ReturnType<typeof procedure>;
