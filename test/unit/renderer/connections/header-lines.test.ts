import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from '../../../../src-renderer/connections/header-lines';

describe('parseHeaderLines', () => {
  it('reads Name: value lines and skips blank ones', () => {
    expect(parseHeaderLines('x-a: 1\n\n  X-B :two words  \n')).toEqual({
      headers: { 'x-a': '1', 'X-B': 'two words' },
    });
  });

  it('names the line that is wrong', () => {
    expect(parseHeaderLines('x-a: 1\nno colon').problem).toMatch(/line 2/);
    expect(parseHeaderLines(': value').problem).toMatch(/line 1/);
    expect(parseHeaderLines('bad name: v').problem).toMatch(/not a header name/);
  });
});
