/**
 * Identifiers: the rules for one component, and the REST `{id}` form that joins components with
 * a delimiter. The server decodes with the same functions the REST client encodes with, so the
 * two can never disagree.
 */
import { errors } from './errors';

export const DEFAULT_DELIMITER = '$';

const COMPONENT_PATTERN = /^[A-Za-z0-9_.-]+$/;
const MAX_COMPONENT_LENGTH = 255;

/** Why a component is not valid, or undefined when it is. Used by forms for live checking too. */
export function componentProblem(component: string): string | undefined {
  if (component.length === 0) return 'must not be empty';
  if (component.length > MAX_COMPONENT_LENGTH)
    return `must be at most ${MAX_COMPONENT_LENGTH} characters`;
  // A component is a name, never a path segment: these two would walk the folder tree.
  if (component === '.' || component === '..') return `must not be "${component}"`;
  if (!COMPONENT_PATTERN.test(component))
    return 'may contain only letters, digits, underscores (_), hyphens (-) and periods (.)';
  return undefined;
}

export function assertValidComponent(component: unknown, what = 'name'): string {
  if (typeof component !== 'string') throw errors.InvalidInput(`The ${what} must be a string`);
  const problem = componentProblem(component);
  if (problem !== undefined) {
    throw errors.InvalidInput(`Invalid ${what} ${JSON.stringify(component)}: it ${problem}`);
  }
  return component;
}

export function assertValidNamespacePath(path: unknown): string[] {
  if (!Array.isArray(path)) throw errors.InvalidInput('A namespace path must be an array of names');
  return path.map((part, i) => assertValidComponent(part, `namespace component ${i + 1}`));
}

/** A table identifier: its namespace path plus its name. */
export interface TableId {
  namespacePath: string[];
  name: string;
}

export function tableIdFromParts(parts: string[]): TableId {
  if (parts.length === 0) throw errors.InvalidInput('A table identifier needs at least a name');
  return { namespacePath: parts.slice(0, -1), name: parts[parts.length - 1]! };
}

export function assertValidDelimiter(delimiter: unknown): string {
  if (typeof delimiter !== 'string' || delimiter.length === 0) {
    throw errors.InvalidInput('The delimiter must be a non-empty string');
  }
  if (delimiter.length > 16)
    throw errors.InvalidInput('The delimiter must be at most 16 characters');
  return delimiter;
}

/** Joins components into the `{id}` string; the root is the delimiter alone. Not URL-encoded. */
export function joinId(parts: readonly string[], delimiter = DEFAULT_DELIMITER): string {
  assertValidDelimiter(delimiter);
  if (parts.length === 0) return delimiter;
  for (const part of parts) {
    assertValidComponent(part);
    if (part.includes(delimiter)) {
      throw errors.InvalidInput(
        `The name ${JSON.stringify(part)} contains the delimiter ${JSON.stringify(delimiter)}`,
      );
    }
  }
  const joined = parts.join(delimiter);
  // A multi-character delimiter can straddle a boundary ("a_" + "__" + "b" reads back as
  // "a", "_b"); refuse what would not split back into the same parts.
  const back = joined.split(delimiter);
  if (back.length !== parts.length || back.some((part, i) => part !== parts[i])) {
    throw errors.InvalidInput(
      `The names ${JSON.stringify(parts)} cannot be joined unambiguously with the delimiter ${JSON.stringify(delimiter)}`,
    );
  }
  return joined;
}

/** Splits an already percent-decoded `{id}` string, validating every component. */
export function splitId(id: string, delimiter = DEFAULT_DELIMITER): string[] {
  assertValidDelimiter(delimiter);
  if (id === delimiter) return [];
  if (id.length === 0) throw errors.InvalidInput('The identifier is empty');
  const parts = id.split(delimiter);
  parts.forEach((part, i) => {
    if (part.length === 0) {
      throw errors.InvalidInput(
        `Identifier ${JSON.stringify(id)} has an empty component at position ${i + 1}`,
      );
    }
    assertValidComponent(part, `identifier component ${i + 1}`);
  });
  return parts;
}

/** The `{id}` path segment as the lance REST client sends it: joined, then percent-encoded. */
export function encodeIdSegment(parts: readonly string[], delimiter = DEFAULT_DELIMITER): string {
  return encodeURIComponent(joinId(parts, delimiter));
}

/** Decodes a raw `{id}` path segment: `$` and `%24` are both accepted. */
export function decodeIdSegment(segment: string, delimiter = DEFAULT_DELIMITER): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw errors.InvalidInput(
      `Identifier ${JSON.stringify(segment)} is not valid percent-encoding`,
    );
  }
  return splitId(decoded, delimiter);
}

/** The display form used in messages: `a$b$t`, or `(root)` for the root namespace. */
export function describeId(parts: readonly string[]): string {
  return parts.length === 0 ? '(root)' : parts.join(DEFAULT_DELIMITER);
}

export function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}
