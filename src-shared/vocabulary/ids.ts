/**
 * Identifiers: the rules for one component, and the REST `{id}` form that joins components with
 * a delimiter. The server decodes with the same functions the REST client encodes with, so the
 * two can never disagree.
 *
 * The rules also bound what the `dir` catalog can store. It keeps a root table in the folder
 * `<name>.lance` and a nested one in `<8 hex>_<ns1$ns2$name>` (LanceDB's layout), and file
 * systems limit a file name to 255 bytes. A name that passes these rules therefore has a folder,
 * and one that would not is refused up front instead of failing half-way through a create.
 */
import { errors } from './errors';

export const DEFAULT_DELIMITER = '$';

const COMPONENT_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The longest file name, in bytes, on the file systems a catalog folder lives on. */
export const MAX_FOLDER_NAME_BYTES = 255;
const ROOT_TABLE_SUFFIX = '.lance';
/** `<8 hex>_` before a nested table's object id. */
const NESTED_TABLE_PREFIX_BYTES = 9;
/** The longest component: one that always fits at the root as `<name>.lance`. */
export const MAX_COMPONENT_BYTES = MAX_FOLDER_NAME_BYTES - ROOT_TABLE_SUFFIX.length;
/** The longest namespace path and table name, joined with `$`, below the root. */
export const MAX_NESTED_TABLE_ID_BYTES = MAX_FOLDER_NAME_BYTES - NESTED_TABLE_PREFIX_BYTES;

/**
 * The UTF-8 length of a string, without Node's Buffer (this layer also runs in the renderer) and
 * without allocating. A lone surrogate counts 3, as TextEncoder writes it as U+FFFD.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Why a component is not valid, or undefined when it is. Used by forms for live checking too. */
export function componentProblem(component: string): string | undefined {
  if (component.length === 0) return 'must not be empty';
  const bytes = utf8Length(component);
  if (bytes > MAX_COMPONENT_BYTES) {
    return `must be at most ${MAX_COMPONENT_BYTES} bytes long (it is ${bytes}): a table is stored in the folder <name>${ROOT_TABLE_SUFFIX}, and a file name holds at most ${MAX_FOLDER_NAME_BYTES} bytes`;
  }
  // A component is a name, never a path segment: these two would walk the folder tree.
  if (component === '.' || component === '..') return `must not be "${component}"`;
  if (!COMPONENT_PATTERN.test(component))
    return 'may contain only letters, digits, underscores (_), hyphens (-) and periods (.)';
  return undefined;
}

/** A name quoted for a message; a long one is cut, so a hostile name cannot bloat the reply. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 30)}…${text.slice(-30)}` : text);
}

export function assertValidComponent(component: unknown, what = 'name'): string {
  if (typeof component !== 'string') throw errors.InvalidInput(`The ${what} must be a string`);
  const problem = componentProblem(component);
  if (problem !== undefined) {
    throw errors.InvalidInput(`Invalid ${what} ${quoted(component)}: it ${problem}`);
  }
  return component;
}

/** A top-level namespace name the `dir` engine keeps for itself (it reaches `__manifest` through it). */
export const RESERVED_NAMESPACE = '__catalog_studio';

export function assertValidNamespacePath(path: unknown): string[] {
  if (!Array.isArray(path)) throw errors.InvalidInput('A namespace path must be an array of names');
  const parts = path.map((part, i) => assertValidComponent(part, `namespace component ${i + 1}`));
  if (parts[0] === RESERVED_NAMESPACE) {
    throw errors.InvalidInput(`The namespace name ${RESERVED_NAMESPACE} is reserved`);
  }
  return parts;
}

/** The bytes of the folder that holds a table with this id in a `dir` catalog. */
export function tableFolderNameBytes(namespacePath: readonly string[], name: string): number {
  return namespacePath.length === 0
    ? utf8Length(name) + ROOT_TABLE_SUFFIX.length
    : NESTED_TABLE_PREFIX_BYTES + utf8Length([...namespacePath, name].join(DEFAULT_DELIMITER));
}

/** Why a table with this id cannot be stored, or undefined when it can. For forms too. */
export function tableIdProblem(namespacePath: readonly string[], name: string): string | undefined {
  const bytes = tableFolderNameBytes(namespacePath, name);
  if (bytes <= MAX_FOLDER_NAME_BYTES) return undefined;
  return namespacePath.length === 0
    ? `is too long: a root table's name must be at most ${MAX_COMPONENT_BYTES} bytes long (it is ${utf8Length(name)})`
    : `is too long: below the root, the namespace path and the table name joined with ${DEFAULT_DELIMITER} must be at most ${MAX_NESTED_TABLE_ID_BYTES} bytes long (they are ${bytes - NESTED_TABLE_PREFIX_BYTES}), as the table's folder name <8 hex>_<id> holds at most ${MAX_FOLDER_NAME_BYTES} bytes`;
}

/**
 * Why a namespace with this path cannot be created, or undefined when it can: one whose own id
 * leaves no room for even a one-character table name would be a namespace that holds nothing.
 */
export function namespaceIdProblem(namespacePath: readonly string[]): string | undefined {
  if (namespacePath.length === 0) return undefined;
  const bytes = tableFolderNameBytes(namespacePath, 'x');
  if (bytes <= MAX_FOLDER_NAME_BYTES) return undefined;
  const limit = MAX_NESTED_TABLE_ID_BYTES - 2;
  return `is too long: a namespace path joined with ${DEFAULT_DELIMITER} must be at most ${limit} bytes long (it is ${bytes - NESTED_TABLE_PREFIX_BYTES - 2}), so that a table inside it fits the ${MAX_FOLDER_NAME_BYTES}-byte limit on its folder name`;
}

/** Refuses, with InvalidInput, a table id whose folder name would not fit the file system. */
export function assertStorableTableId(namespacePath: readonly string[], name: string): void {
  const problem = tableIdProblem(namespacePath, name);
  if (problem !== undefined)
    throw errors.InvalidInput(
      `The table id ${quoted(describeId([...namespacePath, name]))} ${problem}`,
    );
}

/** Refuses, with InvalidInput, a namespace too long to hold any table. */
export function assertStorableNamespaceId(namespacePath: readonly string[]): void {
  const problem = namespaceIdProblem(namespacePath);
  if (problem !== undefined)
    throw errors.InvalidInput(`The namespace id ${quoted(describeId(namespacePath))} ${problem}`);
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
