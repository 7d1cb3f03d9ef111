/**
 * A date or timestamp as the app shows it in every table: ISO 8601 in UTC, a date as its day.
 * Arrow hands them over as milliseconds since the epoch (or a Date); the grid and the import's
 * preview both read them through here, so a file's timestamps look the same before and after
 * the import. Milliseconds that are no date are shown as given.
 */
export function temporalText(value: unknown, day: boolean): string {
  const ms = value instanceof Date ? value.getTime() : Number(value);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(value);
  return day ? date.toISOString().slice(0, 10) : date.toISOString();
}
