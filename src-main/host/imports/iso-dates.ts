/**
 * The dates and times an import recognises: ISO 8601 calendar dates (`2024-03-01`) and date-times
 * (`2024-03-01T12:30:00`, a space for the `T`, seconds and up to three decimals optional, `Z` or
 * an offset optional). A date-time without a zone is read as UTC, never in the machine's own zone,
 * so the same file imports the same everywhere. More than three decimals (microseconds) are not
 * taken: JavaScript's dates hold milliseconds, so those digits would be lost without a word.
 */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

export { DATE_FORMAT, DATE_TIME_FORMAT } from '../../../src-shared/vocabulary/date-formats';

/** Milliseconds since the epoch, or NaN when the text is not one of the forms above. */
export function isoToEpochMs(text: string): number {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) return checkedDate(trimmed, Date.parse(`${trimmed}T00:00:00Z`));
  const match = ISO_DATE_TIME.exec(trimmed);
  if (!match) return NaN;
  const [, day, time, zone] = match;
  return checkedDate(day!, Date.parse(`${day}T${time}${zone ? zone.toUpperCase() : 'Z'}`));
}

/** Date.parse rolls 2024-02-30 over to March; a day that does not exist is not a date. */
function checkedDate(day: string, ms: number): number {
  if (Number.isNaN(ms)) return NaN;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // Not Date.UTC, which reads years 0-99 as 1900-1999.
  const probe = new Date(0);
  probe.setUTCFullYear(y, m - 1, d);
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d
    ? ms
    : NaN;
}
