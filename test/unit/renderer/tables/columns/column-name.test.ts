import { describe, expect, it } from 'vitest';
import { columnNameProblem } from '../../../../../src-renderer/tables/columns/column-name';

describe('column names', () => {
  it('accepts a new name, refuses an empty or taken one', () => {
    expect(columnNameProblem('doubled', ['id', 'name'], true)).toBeUndefined();
    expect(columnNameProblem('', ['id'], true)).toMatch(/cannot be empty/);
    expect(columnNameProblem('id', ['id', 'name'], true)).toBe('There is already a column id');
  });

  it('refuses a dot at the top level only, where it would read as a nested path', () => {
    expect(columnNameProblem('a.b', [], true)).toMatch(/cannot contain "\."/);
    expect(columnNameProblem('a.b', [], false)).toBeUndefined();
  });
});
