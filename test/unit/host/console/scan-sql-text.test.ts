import { describe, expect, it } from 'vitest';
import { scanSqlText } from '../../../../src-main/host/console/scan-sql-text';

describe('scanSqlText', () => {
  it('masks exponent literals with zeros of the same length', () => {
    const text = 'a > 1e5 and b < -2.5E-3 and c = .5e+1';
    const { masked } = scanSqlText(text);
    expect(masked).toBe('a > 000 and b < -000000 and c = 00000');
    expect(masked.length).toBe(text.length);
  });

  it('leaves plain numbers, names, strings, quoted names and comments alone', () => {
    const text = `x1e5 = 2 and "c1e5" = '3e4' and e'1e2\\'' = $$4e4$$ -- 5e5\n/* 6e6 /* 7e7 */ */ 8`;
    expect(scanSqlText(text).masked).toBe(text);
  });

  it('pairs parentheses and brackets outside strings and comments', () => {
    const text = "f(a, ')', b[1]) -- (";
    const { partners } = scanSqlText(text);
    expect(partners.get(1)).toBe(text.indexOf(')', 10));
    expect(partners.get(text.indexOf('['))).toBe(text.indexOf(']'));
    expect(partners.size).toBe(4);
  });

  it('knows a text of only spaces and comments is blank', () => {
    expect(scanSqlText('  -- x\n /* y */ ').blank).toBe(true);
    expect(scanSqlText(' select').blank).toBe(false);
  });
});
