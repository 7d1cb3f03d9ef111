/**
 * Sizes for the reliability suite: the short version runs in CI with `npm test`; the full one,
 * `npm run test:reliability`, sets RELIABILITY_FULL=1.
 */
export const FULL = process.env.RELIABILITY_FULL === '1';

/** The short figure in CI, the full one under test:reliability. */
export function scaled<T>(short: T, full: T): T {
  return FULL ? full : short;
}

/** One line of figures a test reports, easy to find in the output and to copy into the README. */
export function reportFigures(name: string, figures: Record<string, string | number>): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.log(`[reliability:${name}${FULL ? ' full' : ' short'}] ${parts.join(' ')}`);
}

/** A titled table of figures, printed as it is. */
export function reportTable(title: string, table: string): void {
  console.log(`\n${title}${FULL ? ' (full)' : ' (short)'}\n${table}`);
}
