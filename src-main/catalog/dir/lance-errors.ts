/**
 * Maps LanceDB's errors onto the catalog taxonomy. LanceDB's Node binding reports every failure
 * as a GenericFailure whose text carries the Rust error chain, so the kind is read from the text.
 * The person-facing message drops Rust source locations and the repeated "Caused by" chain; the
 * full text stays in `detail`.
 */
import {
  CatalogError,
  ERROR_CODES,
  type ErrorCode,
  isCatalogError,
} from '../../../src-shared/vocabulary/errors';
import { lanceStoreCondition, storeUnavailable } from '../storage/store-failure';
import { currentStoreWatch } from '../storage/store-scope';

const RULES: ReadonlyArray<[RegExp, ErrorCode]> = [
  [/Namespace already exists/i, ERROR_CODES.NamespaceAlreadyExists],
  [/Namespace not empty/i, ERROR_CODES.NamespaceNotEmpty],
  [/Namespace not found|Namespace .* does not exist/i, ERROR_CODES.NamespaceNotFound],
  [/Index name .* already exists|index .* already exists/i, ERROR_CODES.TableIndexAlreadyExists],
  [
    /Index .*not found|no index named|Index with name .* does not exist/i,
    ERROR_CODES.TableIndexNotFound,
  ],
  [
    /_versions\/\d+\.manifest was not found|version .* (does not exist|not found)/i,
    ERROR_CODES.TableVersionNotFound,
  ],
  [/Table .* already exists|Dataset already exists/i, ERROR_CODES.TableAlreadyExists],
  [/Table .* (was )?not found|Table not found/i, ERROR_CODES.TableNotFound],
  // A dataset whose `_versions/` is gone was dropped or moved while it was being opened.
  [/Not found: \S*\/_versions\b(?!\/)/i, ERROR_CODES.TableNotFound],
  // Its latest manifest looked up (by the sentinel number u64::MAX - 1 that V2 naming probes with)
  // and none there: the folder was emptied by a drop or a move while it was being read.
  [/Not found: \S*\/_versions\/18446744073709551614\.manifest/i, ERROR_CODES.TableNotFound],
  [/Tag .* (not found|does not exist)|TagNotFound|ref not found/i, ERROR_CODES.TableTagNotFound],
  [
    /No field named|Column .* does not exist|field .* not found|not found in schema/i,
    ERROR_CODES.TableColumnNotFound,
  ],
  // The request's own expression failed on the rows (a filter, an update's value, a projection):
  // 1/0, a cast of a value that does not convert, an integer overflow, a regex that does not
  // compile, a function given arguments it refuses. The caller can fix each by changing the
  // request, and the same request fails the same way every time, so it is InvalidInput (400),
  // never Internal. Kept narrow, so that a real fault in LanceDB still answers 500. Before the
  // schema rule: a cast inside a filter is a bad expression, not a schema mismatch.
  [
    /Error applying filter expression to batch|Error optimizing sql filter|Divide by zero|overflow on |Signed integer overflow|Overflow happened|Arithmetic overflow|Regular expression did not compile|regex parse error|Query Execution error: Execution error:/i,
    ERROR_CODES.InvalidInput,
  ],
  // A branch other branches were made from cannot be deleted until they are. Nothing raced and
  // the request is well formed: it is the table's present state that forbids it, as a namespace
  // with tables forbids its drop (NamespaceNotEmpty, 409). InvalidTableState (19, 409) says that;
  // ConcurrentModification would invite a retry that can only fail again.
  [/Branch .* is referenced by .*can ?not delete/i, ERROR_CODES.InvalidTableState],
  [
    /Found field not in schema|does not exist in table schema|cannot cast field|Cast error|Append with different schema|schema mismatch|not compatible with the schema|Expected schema/i,
    ERROR_CODES.TableSchemaValidationError,
  ],
  [/Commit conflict|Retryable commit conflict|concurrent/i, ERROR_CODES.ConcurrentModification],
  [/Not supported|not implemented|unsupported/i, ERROR_CODES.Unsupported],
  [
    /Invalid input|Invalid user input|sql parser error|Error parsing|Error during planning|invalid argument/i,
    ERROR_CODES.InvalidInput,
  ],
];

/** The first meaningful line, without Rust file locations or the "Caused by" chain. */
export function cleanLanceMessage(raw: string): string {
  let text = raw.split(/\s+Caused by:/)[0] ?? raw;
  text = text.replace(/,?\s*\/(?:usr|home|root|rustc)[^\s,]*\.rs:\d+(?::\d+)?/g, '');
  // Prefixes nest ("lance error: LanceError(Index): …"); peel them until none is left. A query
  // that fails on its rows says so through the stream reader, with the cause after its prefix.
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(
      /^(lance error|LanceDBError|LanceError\(\w+\)|Failed to get next batch from stream):\s*/i,
      '',
    );
  }
  text = text.replace(/^Namespace error:\s*(Namespace error:\s*)?/i, '');
  text = text.replace(/^Failed to execute query stream: GenericFailure,\s*/i, '');
  text = plainFieldMessage(text);
  return text.trim().replace(/[,:]$/, '') || raw.trim();
}

/**
 * Lance's own columns, which DataFusion lists among a filter's "valid fields" on a table with
 * stable row ids: a person never named them and cannot see them in the table.
 */
const INTERNAL_COLUMN =
  /^_(rowid|rowaddr|rowoffset|fragid|row_created_at_version|row_last_updated_at_version)$/;

/** `s`.`x` or t.id as the person writes it (s.x, id): backticks gone, the table's alias too. */
function columnName(listed: string): string {
  const parts = listed
    .trim()
    .replace(/\.$/, '')
    .split(/`?\.`?/)
    .map((p) => p.replace(/`/g, ''));
  return (parts[0] === 't' && parts.length > 1 ? parts.slice(1) : parts).join('.');
}

/**
 * DataFusion's unknown-column error in the table's words: "No column named nme. The table's
 * columns: id, name, vector." instead of "Invalid input, Schema error: No field named nme. Valid
 * fields are `id`, `name`, `_rowaddr`, `_row_created_at_version`…". The suggestion DataFusion
 * sometimes gives ("Did you mean 'name'?") is kept.
 */
export function plainFieldMessage(text: string): string {
  const match =
    /No field named (.+?)\.\s+(Valid fields are (.+?)|Did you mean '(.+?)'\?)\.?\s*$/s.exec(text);
  if (!match) return text;
  const missing = columnName(match[1]!);
  if (match[4] !== undefined)
    return `No column named ${missing}. Did you mean ${columnName(match[4])}?`;
  const columns = match[3]!
    .split(/,\s*/)
    .map(columnName)
    .filter((name) => name !== '' && !INTERNAL_COLUMN.test(name));
  return `No column named ${missing}. The table's columns: ${columns.join(', ')}.`;
} /** Messages can carry a whole schema dump; a person reads the start, the detail keeps the rest. */
const MAX_MESSAGE = 400;

export function mapLanceError(
  error: unknown,
  fallback: ErrorCode = ERROR_CODES.Internal,
): CatalogError {
  if (isCatalogError(error)) return error;
  const raw = error instanceof Error ? error.message : String(error);
  // The store's bad day (throttling, internal errors, no answer) outlasting LanceDB's retries is
  // a 503 naming it, whatever else the text says: never a 500, never the caller's 4xx.
  const condition = lanceStoreCondition(raw);
  if (condition) return storeUnavailable(condition, storeAddress(raw), error);
  const rule = RULES.find(([pattern]) => pattern.test(raw));
  const clean = cleanLanceMessage(raw);
  const message = clean.length > MAX_MESSAGE ? `${clean.slice(0, MAX_MESSAGE)}…` : clean;
  return new CatalogError(rule?.[1] ?? fallback, message, { cause: error, detail: raw });
}

/** The store's address in object_store's text ("Error performing GET http://host:port/…"). */
function storeAddress(raw: string): string {
  const url = /\bhttps?:\/\/[^/\s]+/.exec(raw);
  return url ? url[0] : 'the object store';
}

/**
 * Runs a LanceDB call and rethrows its failure as a CatalogError. On an object store, the call is
 * watched (store-scope.ts): one still running after the store's bound while the store does not
 * answer is given up on with 503.
 */
export async function lance<T>(call: () => Promise<T>, fallback?: ErrorCode): Promise<T> {
  const watch = currentStoreWatch();
  try {
    return await (watch ? watch(call) : call());
  } catch (error) {
    throw mapLanceError(error, fallback);
  }
}
