/**
 * The console's first query, for the table it was opened from (moved here from the namespace
 * page, now that the table view and the palette open the console too).
 */

/** A name as the console reads it: bare when it is a plain lower-case word, else quoted. */
function sqlName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** A table as the console names it: `t`, `ns.t`, or `"a$b".t` below the first level. */
export function consoleTableName(path: readonly string[], table: string): string {
  const namespace = path.length > 1 ? [sqlName(path.join('$'))] : path.map(sqlName);
  return [...namespace, sqlName(table)].join('.');
}

export function firstQuery(path: readonly string[], table: string | undefined): string {
  return table === undefined ? '' : `SELECT * FROM ${consoleTableName(path, table)} LIMIT 100`;
}
