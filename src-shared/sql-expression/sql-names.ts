/**
 * Names and text as they are written into the SQL the app builds itself (a row's predicate, an
 * update's values), in one place for the renderer and the host, so both quote alike.
 */

/** Column names taken as a row's key, in this order of preference. */
export const KEY_COLUMN_NAMES: readonly string[] = ['id', '_id', 'uuid', 'key', 'pk', 'row_id'];

/** `name`, or `` `odd name` `` when it is not a plain identifier (backticks doubled). */
export function sqlIdentifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

/** Text as an SQL string: quotes doubled; backslashes, newlines and the rest are literal. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
