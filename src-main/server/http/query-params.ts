/** Typed reads of query parameters, with the contract's errors. */
import { errors } from '../../../src-shared/vocabulary/errors';

type Query = Record<string, string | string[] | undefined>;

export function queryString(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    if (value.length > 1)
      throw errors.InvalidInput(`Query parameter ${name} was given more than once`);
    return value[0];
  }
  return value === '' ? undefined : value;
}

export function queryStrings(query: Query, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
}

export function queryInt(query: Query, name: string, min = 0): number | undefined {
  const text = queryString(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw errors.InvalidInput(
      `Query parameter ${name} must be a whole number of at least ${min} (got ${JSON.stringify(text)})`,
    );
  }
  return value;
}

export function queryBool(query: Query, name: string): boolean | undefined {
  const text = queryString(query, name);
  if (text === undefined) return undefined;
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  throw errors.InvalidInput(
    `Query parameter ${name} must be true or false (got ${JSON.stringify(text)})`,
  );
}

/** A JSON-encoded string map in one parameter, e.g. `properties={"user":"alice"}`. */
export function queryJsonMap(query: Query, name: string): Record<string, string> | undefined {
  const text = queryString(query, name);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.InvalidInput(`Query parameter ${name} must be a JSON object of strings`);
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    Object.values(value).some((v) => typeof v !== 'string')
  ) {
    throw errors.InvalidInput(`Query parameter ${name} must be a JSON object of strings`);
  }
  return value as Record<string, string>;
}

/** The branch a request targets: the body's `branch` field, else the `branch` query parameter. */
export function branchOf(
  body: { branch?: string | null } | undefined,
  query: Query,
): string | undefined {
  return body?.branch ?? queryString(query, 'branch');
}

/** The same, as the engine's `{ branch }` option (empty for main). */
export function branchOption(
  body: { branch?: string | null } | undefined,
  query: Query,
): { branch?: string } {
  const branch = branchOf(body, query);
  return branch ? { branch } : {};
}
