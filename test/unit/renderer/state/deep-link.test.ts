import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTableHash, tableHash, TABLE_TABS } from '../../../../src-renderer/state/deep-link';

describe('table deep links', () => {
  it('round-trip any names, including slashes, percent signs and unicode', () => {
    const name = fc.string({ minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(
        name,
        fc.array(name, { maxLength: 4 }),
        name,
        fc.constantFrom(...TABLE_TABS),
        (connectionId, path, table, tab) => {
          const link = parseTableHash(tableHash({ connectionId, path, table }, tab));
          expect(link).toEqual({ ref: { connectionId, path, table }, tab });
        },
      ),
    );
  });

  it('rejects what is not a table link', () => {
    expect(parseTableHash('')).toBeUndefined();
    expect(parseTableHash('#/t/c/t/nonsense-tab')).toBeUndefined();
    expect(parseTableHash('#/t/c/overview')).toBeUndefined();
    expect(parseTableHash('#/t/%E0%A4%A/t/overview')).toBeUndefined();
  });
});
