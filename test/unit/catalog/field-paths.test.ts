import fc from 'fast-check';
import { arrow } from '../../../src-main/catalog/arrow';
import { describe, expect, it } from 'vitest';
import { CatalogError, ERROR_CODES } from '../../../src-main/catalog/errors';
import {
  MAX_FIELD_PATH_LENGTH,
  formatFieldPath,
  listFieldPaths,
  parseFieldPath,
  resolveFieldPath,
} from '../../../src-main/catalog/field-paths';
import { expectCode } from '../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;
const NOT_FOUND = ERROR_CODES.TableColumnNotFound;

const schema = new arrow.Schema([
  new arrow.Field('id', new arrow.Int32()),
  new arrow.Field(
    's',
    new arrow.Struct([
      new arrow.Field('x', new arrow.Float32()),
      new arrow.Field('a.b', new arrow.Utf8()),
    ]),
  ),
  new arrow.Field(
    'vector',
    new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32())),
  ),
]);

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

describe('resolveFieldPath', () => {
  it('resolves a top-level column', () => {
    const resolved = resolveFieldPath(schema, 'id');
    expect(resolved.segments).toEqual(['id']);
    expect(resolved.canonicalPath).toBe('id');
    expect(resolved.field.name).toBe('id');
    expect(String(resolved.field.type)).toBe('Int32');
  });

  it('resolves a nested struct field', () => {
    const resolved = resolveFieldPath(schema, 's.x');
    expect(resolved.segments).toEqual(['s', 'x']);
    expect(resolved.canonicalPath).toBe('s.x');
    expect(resolved.field.name).toBe('x');
    expect(String(resolved.field.type)).toBe('Float32');
  });

  it('canonicalises needless quoting', () => {
    expect(resolveFieldPath(schema, '`s`.`x`').canonicalPath).toBe('s.x');
  });

  it('resolves a nested field whose name holds a dot', () => {
    const resolved = resolveFieldPath(schema, 's.`a.b`');
    expect(resolved.canonicalPath).toBe('s.`a.b`');
    expect(resolved.field.name).toBe('a.b');
  });

  it('resolves the struct itself', () => {
    expect(resolveFieldPath(schema, 's').field.name).toBe('s');
  });

  it('does not let a bare leaf name reach a nested field, and suggests the full path', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'x'), NOT_FOUND);
    expect(error.message).toContain('s.x');
    expect(error.message).toMatch(/did you mean/);
  });

  it('suggests the quoted path for a bare quoted leaf', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, '`a.b`'), NOT_FOUND);
    expect(error.message).toContain('s.`a.b`');
  });

  it('reports a column that does not exist anywhere without a suggestion', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'nope'), NOT_FOUND);
    expect(error.message).toContain('nope');
    expect(error.message).not.toMatch(/did you mean/);
  });

  it('reports walking into a non-struct column', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 'id.x'), NOT_FOUND);
    expect(error.message).toContain('id is not a struct');
    await expectCode(() => resolveFieldPath(schema, 'vector.item'), NOT_FOUND);
  });

  it('reports a missing nested field', async () => {
    const error = await expectCode(() => resolveFieldPath(schema, 's.y'), NOT_FOUND);
    expect(error.message).toContain('s.y');
    await expectCode(() => resolveFieldPath(schema, 's.a.b'), NOT_FOUND);
    await expectCode(() => resolveFieldPath(schema, 's.x.z'), NOT_FOUND);
  });

  it('is case-sensitive', async () => {
    await expectCode(() => resolveFieldPath(schema, 'ID'), NOT_FOUND);
  });

  it.each(['', 's.', '`s', 's..x', 's`x'])(
    'rejects the malformed path %j as InvalidInput',
    async (p) => {
      await expectCode(() => resolveFieldPath(schema, p), INVALID);
    },
  );
});

describe('listFieldPaths', () => {
  it('lists every field depth first, nested ones included', () => {
    const listed = listFieldPaths(schema);
    expect(listed.map((e) => e.canonicalPath)).toEqual(['id', 's', 's.x', 's.`a.b`', 'vector']);
    expect(listed.map((e) => e.segments)).toEqual([
      ['id'],
      ['s'],
      ['s', 'x'],
      ['s', 'a.b'],
      ['vector'],
    ]);
    expect(listed.map((e) => e.field.name)).toEqual(['id', 's', 'x', 'a.b', 'vector']);
  });

  it('lists deeper nesting and an empty schema', () => {
    const deep = new arrow.Schema([
      new arrow.Field(
        'o',
        new arrow.Struct([
          new arrow.Field('m', new arrow.Struct([new arrow.Field('leaf', new arrow.Int32())])),
        ]),
      ),
    ]);
    expect(listFieldPaths(deep).map((e) => e.canonicalPath)).toEqual(['o', 'o.m', 'o.m.leaf']);
    expect(resolveFieldPath(deep, 'o.m.leaf').field.name).toBe('leaf');
    expect(listFieldPaths(new arrow.Schema([]))).toEqual([]);
  });

  it('every listed path resolves back to the same field', () => {
    for (const entry of listFieldPaths(schema)) {
      const resolved = resolveFieldPath(schema, entry.canonicalPath);
      expect(resolved.field).toBe(entry.field);
      expect(resolved.segments).toEqual(entry.segments);
    }
  });
});
