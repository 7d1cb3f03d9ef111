/** The column path grammar: parsing, the canonical text, and their round trip. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError, ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import {
  MAX_FIELD_PATH_LENGTH,
  formatFieldPath,
  parseFieldPath,
} from '../../../../src-shared/vocabulary/field-paths';
import { expectCode } from '../../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;

describe('parseFieldPath', () => {
  it.each([
    ['a', ['a']],
    ['a.b.c', ['a', 'b', 'c']],
    ['`a.b`.c', ['a.b', 'c']],
    ['c.`a.b`', ['c', 'a.b']],
    ['`we``ird`', ['we`ird']],
    ['````', ['`']],
    ['`a`.`b`', ['a', 'b']],
    ['`.`', ['.']],
    ['a b.c d', ['a b', 'c d']],
    ['`x`', ['x']],
    ['é.ü', ['é', 'ü']],
  ])('parses %j', (path, segments) => {
    expect(parseFieldPath(path)).toEqual(segments);
  });

  it.each([
    ['', /empty/],
    ['.', /empty segment at position 1/],
    ['a.', /ends with "\."/],
    ['.a', /empty segment at position 1/],
    ['a..b', /empty segment at position 3/],
    ['`unclosed', /never closed/],
    ['a`b', /must start a quoted segment/],
    ['`a`b', /expected "\." after the quoted segment/],
    ['``', /empty quoted segment/],
    ['`a`.', /ends with "\."/],
    ['a.``', /empty quoted segment/],
  ])('rejects %j as InvalidInput', async (path, message) => {
    const error = await expectCode(() => parseFieldPath(path), INVALID);
    expect(error.message).toMatch(message);
  });

  it('rejects a non-string', async () => {
    await expectCode(() => parseFieldPath(42 as unknown as string), INVALID);
  });

  it('accepts a path at the length limit and rejects one longer', async () => {
    const atLimit = 'a'.repeat(MAX_FIELD_PATH_LENGTH);
    expect(parseFieldPath(atLimit)).toEqual([atLimit]);
    await expectCode(() => parseFieldPath(`${atLimit}a`), INVALID);
  });
});

describe('formatFieldPath', () => {
  it('leaves plain segments bare', () => {
    expect(formatFieldPath(['a'])).toBe('a');
    expect(formatFieldPath(['s', 'x_1', 'Y2'])).toBe('s.x_1.Y2');
  });

  it('quotes segments holding anything else, doubling backticks', () => {
    expect(formatFieldPath(['s', 'a.b'])).toBe('s.`a.b`');
    expect(formatFieldPath(['we`ird'])).toBe('`we``ird`');
    expect(formatFieldPath(['a b'])).toBe('`a b`');
    expect(formatFieldPath(['a-b'])).toBe('`a-b`');
    expect(formatFieldPath(['é'])).toBe('`é`');
    expect(formatFieldPath(['`'])).toBe('````');
  });

  it('formats no segments as the empty string', () => {
    expect(formatFieldPath([])).toBe('');
  });
});

describe('field path properties', () => {
  const segment = fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc
      .array(fc.constantFrom('a', '.', '`', ' ', '_'), { minLength: 1, maxLength: 8 })
      .map((cs) => cs.join('')),
  );

  it('parseFieldPath(formatFieldPath(segments)) is segments', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        expect(parseFieldPath(formatFieldPath(segments))).toEqual(segments);
      }),
      { numRuns: 1000 },
    );
  });

  it('formatting a parsed path and parsing again gives the same segments', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (path) => {
        let segments: string[];
        try {
          segments = parseFieldPath(path);
        } catch {
          return;
        }
        expect(parseFieldPath(formatFieldPath(segments))).toEqual(segments);
      }),
      { numRuns: 1000 },
    );
  });

  it('any string either parses to non-empty segments or throws InvalidInput', () => {
    const path = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc
        .array(fc.constantFrom('a', 'b', '.', '`', '``', ' '), { maxLength: 12 })
        .map((cs) => cs.join('')),
    );
    fc.assert(
      fc.property(path, (p) => {
        let segments: string[];
        try {
          segments = parseFieldPath(p);
        } catch (error) {
          expect(error).toBeInstanceOf(CatalogError);
          expect((error as CatalogError).code).toBe(INVALID);
          return;
        }
        expect(segments.length).toBeGreaterThan(0);
        for (const s of segments) expect(s.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});
