/**
 * Enum strings as clients send them: case-insensitive, PascalCase or snake_case, and, from the
 * LanceDB remote client, wrapped in an extra layer of quotes (`"\"ExistOk\""`, reference §5.2).
 */
import { errors } from '../../../src-shared/vocabulary/errors';

export function normalizeEnum<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw errors.InvalidInput(`${field} must be a string`);
  let text = value.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  const key = text.replace(/[_\s-]/g, '').toLowerCase();
  const match = allowed.find((candidate) => candidate.replace(/_/g, '').toLowerCase() === key);
  if (!match) {
    throw errors.InvalidInput(
      `${field} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`,
    );
  }
  return match;
}
