/**
 * The `{id}` path parameter: percent-decoded, split on the `delimiter` query parameter (default
 * `$`; the delimiter alone is the root). Fastify has already percent-decoded the segment, so a raw
 * `$` and `%24` arrive alike.
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import {
  DEFAULT_DELIMITER,
  assertValidComponent,
  splitId,
  tableIdFromParts,
  type TableId,
} from '../../../src-shared/vocabulary/ids';

export function delimiterOf(query: unknown): string {
  const value = (query as Record<string, unknown> | undefined)?.delimiter;
  if (value === undefined || value === '') return DEFAULT_DELIMITER;
  if (typeof value !== 'string') throw errors.InvalidInput('delimiter must be given once');
  return value;
}

export function namespaceParts(rawId: string, delimiter: string): string[] {
  return splitId(rawId, delimiter);
}

export function tableParts(rawId: string, delimiter: string): TableId {
  const parts = splitId(rawId, delimiter);
  if (parts.length === 0)
    throw errors.InvalidInput('A table identifier cannot be the root namespace');
  return tableIdFromParts(parts);
}

/** The body's optional `id` must agree with the path (reference §1.1). */
export function checkBodyId(body: unknown, parts: readonly string[]): void {
  const id = (body as { id?: unknown } | undefined)?.id;
  if (id === undefined || id === null) return;
  if (!Array.isArray(id) || id.some((p) => typeof p !== 'string')) {
    throw errors.InvalidInput('The body id must be an array of strings');
  }
  if (id.length !== parts.length || id.some((p, i) => p !== parts[i])) {
    throw errors.InvalidInput(
      `The body id ${JSON.stringify(id)} does not match the path ${JSON.stringify(parts)}`,
    );
  }
}

/**
 * A transaction route's `{id}`: the table's id followed by the transaction's (reference §1.10, as
 * the CTS sends it), or the transaction's alone with the table as the body's `id`. When the body
 * names the table too (the whole id, or the table's part), the two must agree.
 */
export function transactionParts(
  rawId: string,
  delimiter: string,
  body: unknown,
): { table: TableId; transactionId: string } {
  const parts = splitId(rawId, delimiter);
  const transactionId = parts.pop();
  if (transactionId === undefined)
    throw errors.InvalidInput('A transaction route names a transaction');
  if (parts.length > 0) {
    // The contract's body id is the whole id, table and transaction (CTS
    // describe_transaction_unknown_id); the table's alone is accepted too.
    const id = (body as { id?: unknown } | undefined)?.id;
    const whole = Array.isArray(id) && id.length === parts.length + 1;
    checkBodyId(body, whole ? [...parts, transactionId] : parts);
    return { table: tableIdFromParts(parts), transactionId };
  }
  const id = (body as { id?: unknown } | undefined)?.id;
  if (!Array.isArray(id) || id.length === 0 || id.some((p) => typeof p !== 'string')) {
    throw errors.InvalidInput(
      "Name the table in the path (table id, delimiter, transaction id) or as the body's id",
    );
  }
  for (const part of id as string[]) assertValidComponent(part, 'identifier component');
  return { table: tableIdFromParts(id as string[]), transactionId };
}
