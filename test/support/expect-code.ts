import { expect } from 'vitest';
import { errorNameOf, isCatalogError } from '../../src-shared/vocabulary/errors';

/** Asserts that a call fails with a CatalogError of the given contract code. */
export async function expectCode(
  work: Promise<unknown> | (() => unknown),
  code: number,
): Promise<Error> {
  let error: unknown;
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (caught) {
    error = caught;
  }
  expect(error, `expected ${errorNameOf(code)} (${code}) but the call succeeded`).toBeDefined();
  expect(isCatalogError(error), `expected a CatalogError, got ${String(error)}`).toBe(true);
  const actual = (error as { code: number }).code;
  expect(
    actual,
    `expected ${errorNameOf(code)} (${code}), got ${errorNameOf(actual)} (${actual}): ${(error as Error).message}`,
  ).toBe(code);
  return error as Error;
}
