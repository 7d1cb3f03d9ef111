/**
 * Column names as the engine takes them: not empty, unique among their siblings, and at the top
 * level without a dot (it separates nested field paths). Checked as the person types, so the
 * dialog says what is wrong before a request is refused.
 */
export function columnNameProblem(
  name: string,
  siblings: readonly string[],
  topLevel: boolean,
): string | undefined {
  if (name === '') return 'A column name cannot be empty';
  if (topLevel && name.includes('.')) {
    return 'A top-level column name cannot contain "." (it separates nested field paths)';
  }
  if (siblings.includes(name)) return `There is already a column ${name}`;
  return undefined;
}
