/** A string as a SQL literal for LanceDB filters: quoted, with quotes inside doubled. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
