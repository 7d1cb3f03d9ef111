/** A vector column's dimension as typed in a form: the same check for an import and a new table. */

export const MAX_DIMENSION = 65_536;

export function dimensionProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'A vector needs a dimension';
  const n = Number(trimmed);
  if (!Number.isInteger(n)) return `The dimension must be a whole number, not ${trimmed}`;
  if (n < 1) return 'The dimension must be at least 1';
  if (n > MAX_DIMENSION) return `The dimension must be at most ${MAX_DIMENSION}`;
  return undefined;
}
