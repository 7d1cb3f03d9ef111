import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError, ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import {
  DEFAULT_DELIMITER,
  assertValidComponent,
  assertValidDelimiter,
  assertValidNamespacePath,
  assertStorableNamespaceId,
  assertStorableTableId,
  componentProblem,
  decodeIdSegment,
  describeId,
  encodeIdSegment,
  joinId,
  splitId,
  namespaceIdProblem,
  tableFolderNameBytes,
  tableIdFromParts,
  tableIdProblem,
  utf8Length,
} from '../../../src-shared/vocabulary/ids';
import { expectCode } from '../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;

describe('componentProblem', () => {
  it.each(['a', 'A', '0', 'table_1', 'my-table', 'v1.2', '...', '.hidden', 'a..b', '_', '-'])(
    'accepts %j',
    (name) => {
      expect(componentProblem(name)).toBeUndefined();
      expect(assertValidComponent(name)).toBe(name);
    },
  );

  it('rejects the empty name', () => {
    expect(componentProblem('')).toBe('must not be empty');
  });

  it.each(['.', '..'])('rejects the path segment %j', (name) => {
    expect(componentProblem(name)).toMatch(/must not be/);
  });

  it.each([
    ['space', 'a b'],
    ['slash', 'a/b'],
    ['backslash', 'a\\b'],
    ['dollar', 'a$b'],
    ['colon', 'a:b'],
    ['percent', 'a%24b'],
    ['backtick', 'a`b'],
    ['quote', "a'b"],
    ['unicode letter', 'café'],
    ['CJK', '表'],
    ['emoji', 'a😀'],
    ['NUL', 'a\u0000b'],
    ['tab', 'a\tb'],
    ['trailing newline', 'abc\n'],
    ['leading newline', '\nabc'],
    ['DEL', 'a\u007f'],
  ])('rejects a name with a %s', (_what, name) => {
    expect(componentProblem(name)).toMatch(/may contain only/);
  });

  // 249 + ".lance" is the 255-byte file name a root table's folder can have.
  it('accepts 249 bytes and rejects 250, saying the limit', () => {
    expect(componentProblem('a'.repeat(249))).toBeUndefined();
    expect(componentProblem('a'.repeat(250))).toMatch(/at most 249 bytes long \(it is 250\)/);
    expect(componentProblem('a'.repeat(255))).toMatch(/at most 249 bytes/);
  });

  it('measures in UTF-8 bytes, not characters', () => {
    // 125 two-byte letters are 250 bytes: too long, whatever the other rules say.
    expect(componentProblem('é'.repeat(125))).toMatch(/at most 249 bytes long \(it is 250\)/);
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['表', 3],
    ['😀', 4],
    ['\ud800', 3],
    ['a\udc00b', 5],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it('agrees with TextEncoder on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('assertStorableTableId / assertStorableNamespaceId', () => {
  it('takes the longest root name, and refuses one byte more with the limit', async () => {
    expect(() => assertStorableTableId([], 'a'.repeat(249))).not.toThrow();
    const error = await expectCode(() => assertStorableTableId([], 'a'.repeat(250)), INVALID);
    expect(error.message).toMatch(/at most 249 bytes long \(it is 250\)/);
  });

  it('counts <8 hex>_ plus the $-joined id below the root', async () => {
    // 9 + "p$q$" + 242 = 255 bytes.
    expect(tableFolderNameBytes(['p', 'q'], 't'.repeat(242))).toBe(255);
    expect(() => assertStorableTableId(['p', 'q'], 't'.repeat(242))).not.toThrow();
    const error = await expectCode(
      () => assertStorableTableId(['p', 'q'], 't'.repeat(243)),
      INVALID,
    );
    expect(error.message).toMatch(/at most 246 bytes long \(they are 247\)/);
    expect(error.message).toContain('p$q$ttt');
  });

  it('refuses a namespace that could not hold a one-character table', async () => {
    expect(() => assertStorableNamespaceId([])).not.toThrow();
    expect(() => assertStorableNamespaceId(['n'.repeat(244)])).not.toThrow();
    expect(() => assertStorableTableId(['n'.repeat(244)], 'x')).not.toThrow();
    const error = await expectCode(() => assertStorableNamespaceId(['n'.repeat(245)]), INVALID);
    expect(error.message).toMatch(/at most 244 bytes long \(it is 245\)/);
    await expectCode(() => assertStorableNamespaceId(['a'.repeat(120), 'b'.repeat(124)]), INVALID);
    expect(namespaceIdProblem(['a'.repeat(120), 'b'.repeat(123)])).toBeUndefined();
  });
});

describe('assertValidComponent / assertValidNamespacePath', () => {
  it('throws InvalidInput naming the component and the problem', async () => {
    const error = await expectCode(() => assertValidComponent('a b', 'table name'), INVALID);
    expect(error.message).toContain('table name');
    expect(error.message).toContain('"a b"');
    expect(error.message).toContain('may contain only');
  });

  it.each([undefined, null, 42, ['a'], { name: 'a' }])(
    'rejects the non-string %j',
    async (value) => {
      await expectCode(() => assertValidComponent(value), INVALID);
    },
  );

  it('returns a valid namespace path unchanged', () => {
    expect(assertValidNamespacePath([])).toEqual([]);
    expect(assertValidNamespacePath(['a', 'b-c'])).toEqual(['a', 'b-c']);
  });

  it('rejects a non-array and says which component is bad', async () => {
    await expectCode(() => assertValidNamespacePath('a$b'), INVALID);
    const error = await expectCode(() => assertValidNamespacePath(['a', 'ok', '..']), INVALID);
    expect(error.message).toContain('namespace component 3');
  });
});

describe('tableIdFromParts', () => {
  it('splits off the last part as the name', () => {
    expect(tableIdFromParts(['t'])).toEqual({ namespacePath: [], name: 't' });
    expect(tableIdFromParts(['a', 'b', 't'])).toEqual({ namespacePath: ['a', 'b'], name: 't' });
  });

  it('needs at least a name', async () => {
    await expectCode(() => tableIdFromParts([]), INVALID);
  });
});

describe('assertValidDelimiter', () => {
  it('accepts 1 to 16 characters', () => {
    expect(assertValidDelimiter('$')).toBe('$');
    expect(assertValidDelimiter('x'.repeat(16))).toBe('x'.repeat(16));
  });

  it.each(['', 'x'.repeat(17), 5, undefined])('rejects %j', async (delimiter) => {
    await expectCode(() => assertValidDelimiter(delimiter), INVALID);
  });
});

describe('joinId / splitId', () => {
  it('uses $ by default', () => {
    expect(DEFAULT_DELIMITER).toBe('$');
    expect(joinId(['a', 'b', 't'])).toBe('a$b$t');
    expect(splitId('a$b$t')).toEqual(['a', 'b', 't']);
  });

  it('represents the root as the delimiter alone', () => {
    expect(joinId([])).toBe('$');
    expect(splitId('$')).toEqual([]);
    expect(joinId([], '::')).toBe('::');
    expect(splitId('::', '::')).toEqual([]);
    expect(joinId([], '.')).toBe('.');
    expect(splitId('.', '.')).toEqual([]);
  });

  it.each([
    ['.', ['a', 'b', 't'], 'a.b.t'],
    ['::', ['ns', 'sub', 'tbl'], 'ns::sub::tbl'],
    ['/', ['x', 'y'], 'x/y'],
    ['$', ['only'], 'only'],
  ])('joins and splits with delimiter %j', (delimiter, parts, joined) => {
    expect(joinId(parts, delimiter)).toBe(joined);
    expect(splitId(joined, delimiter)).toEqual(parts);
  });

  it('refuses to join a component that contains the delimiter', async () => {
    const error = await expectCode(() => joinId(['a.b', 'c'], '.'), INVALID);
    expect(error.message).toContain('delimiter');
  });

  it('refuses to join invalid components', async () => {
    await expectCode(() => joinId(['a', '']), INVALID);
    await expectCode(() => joinId(['a', '..']), INVALID);
    await expectCode(() => joinId(['a b']), INVALID);
  });

  it.each(['a$$b', '$a', 'a$', '$$', 'a$b$'])('rejects the empty component in %j', async (id) => {
    const error = await expectCode(() => splitId(id), INVALID);
    expect(error.message).toContain('empty component');
  });

  it('rejects the empty identifier', async () => {
    await expectCode(() => splitId(''), INVALID);
  });

  it('rejects invalid components and bad delimiters while splitting', async () => {
    await expectCode(() => splitId('a$..'), INVALID);
    await expectCode(() => splitId('a$b c'), INVALID);
    await expectCode(() => splitId('a', ''), INVALID);
  });

  it('with "." as the delimiter, a period can never survive inside a name', async () => {
    expect(splitId('a.b', '.')).toEqual(['a', 'b']);
    await expectCode(() => splitId('a..b', '.'), INVALID);
  });

  // Regression (fixed in 9681c64): checking only that no part contains the delimiter is not
  // enough. With a multi-character delimiter made of name characters, a part may end with a
  // prefix of the delimiter: ['a_', 'b'] joined by '__' is 'a___b', which splits back as
  // ['a', '_b'], so the encoder and the decoder would disagree about which table is meant.
  it.each([
    ['__', ['a_', 'b']],
    ['--', ['x-', 'y']],
    ['aa', ['xa', 'y']],
  ])(
    'never joins parts that split back differently (delimiter %j, parts %j)',
    (delimiter, parts) => {
      let joined: string | undefined;
      try {
        joined = joinId(parts, delimiter);
      } catch (error) {
        // Refusing the ambiguous input is a correct answer too.
        expect(error).toBeInstanceOf(CatalogError);
        expect((error as CatalogError).code).toBe(INVALID);
        return;
      }
      expect(splitId(joined, delimiter)).toEqual(parts);
    },
  );

  // Regression (fixed in 9681c64): joinId must validate its delimiter like splitId does;
  // otherwise for the root it returns the invalid delimiter itself, which splitId then refuses.
  it.each(['', 'x'.repeat(17)])(
    'joinId refuses the delimiter %j that splitId refuses',
    async (d) => {
      await expectCode(() => splitId(d === '' ? 'a' : d, d), INVALID);
      await expectCode(() => joinId([], d), INVALID);
    },
  );
});

describe('encodeIdSegment / decodeIdSegment', () => {
  it('percent-encodes the default delimiter', () => {
    expect(encodeIdSegment(['a', 'b', 't'])).toBe('a%24b%24t');
    expect(encodeIdSegment([])).toBe('%24');
  });

  it('decodes both %24 and a raw $', () => {
    expect(decodeIdSegment('a%24b%24t')).toEqual(['a', 'b', 't']);
    expect(decodeIdSegment('a$b$t')).toEqual(['a', 'b', 't']);
    expect(decodeIdSegment('a%24b$t')).toEqual(['a', 'b', 't']);
    expect(decodeIdSegment('%24')).toEqual([]);
    expect(decodeIdSegment('$')).toEqual([]);
  });

  it('decodes lower-case percent escapes too', () => {
    expect(decodeIdSegment('a%2fb', '/')).toEqual(['a', 'b']);
  });

  it.each([
    ['.', ['a', 'b'], 'a.b'],
    ['::', ['a', 'b'], 'a%3A%3Ab'],
    ['/', ['a', 'b'], 'a%2Fb'],
    ['/', [], '%2F'],
  ])('round-trips with delimiter %j', (delimiter, parts, encoded) => {
    expect(encodeIdSegment(parts, delimiter)).toBe(encoded);
    expect(decodeIdSegment(encoded, delimiter)).toEqual(parts);
  });

  it.each(['a$$b', '%24a', 'a%24', 'a%24%24b'])('rejects the empty component in %j', async (s) => {
    await expectCode(() => decodeIdSegment(s), INVALID);
  });

  it.each(['%', '%2', '%zz', 'a%E0%A4%A', '%C3%28'])(
    'rejects the invalid percent-encoding %j',
    async (segment) => {
      const error = await expectCode(() => decodeIdSegment(segment), INVALID);
      expect(error.message).toContain('percent-encoding');
    },
  );

  it('rejects components that are only valid before decoding', async () => {
    // %2E%2E is ".." once decoded.
    await expectCode(() => decodeIdSegment('a$%2E%2E'), INVALID);
    await expectCode(() => decodeIdSegment('a%20b'), INVALID);
  });
});

describe('describeId', () => {
  it('joins with $ and names the root', () => {
    expect(describeId(['a', 'b', 't'])).toBe('a$b$t');
    expect(describeId([])).toBe('(root)');
  });
});

// ---- properties --------------------------------------------------------------------------------

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-'.split('');
const NAME_CHARS_NO_DOT = NAME_CHARS.filter((c) => c !== '.');

const component = (chars: string[]) =>
  fc
    .array(fc.constantFrom(...chars), { minLength: 1, maxLength: 40 })
    .map((cs) => cs.join(''))
    .filter((s) => componentProblem(s) === undefined);

describe('properties', () => {
  const longComponent = fc
    .tuple(fc.constantFrom(...NAME_CHARS_NO_DOT), fc.nat({ max: 300 }))
    .map(([c, n]) => c.repeat(n + 1));
  const anyComponent = fc.oneof(component(NAME_CHARS), longComponent);

  it('every table id the rules accept has a folder name of at most 255 bytes', () => {
    fc.assert(
      fc.property(fc.array(anyComponent, { maxLength: 4 }), anyComponent, (path, name) => {
        const valid = [...path, name].every((part) => componentProblem(part) === undefined);
        if (!valid || tableIdProblem(path, name) !== undefined) {
          if (valid) expect(() => assertStorableTableId(path, name)).toThrow(CatalogError);
          return;
        }
        const folder =
          path.length === 0
            ? `${name}.lance`
            : `0123abcd_${[...path, name].join(DEFAULT_DELIMITER)}`;
        expect(new TextEncoder().encode(folder).length).toBeLessThanOrEqual(255);
        expect(tableFolderNameBytes(path, name)).toBe(new TextEncoder().encode(folder).length);
        assertStorableTableId(path, name);
      }),
      { numRuns: 2000 },
    );
  });

  it('every component the rules accept is storable as a root table', () => {
    fc.assert(
      fc.property(anyComponent, (name) => {
        if (componentProblem(name) === undefined) expect(tableIdProblem([], name)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('a namespace the rules accept holds a table of a one-character name', () => {
    fc.assert(
      fc.property(fc.array(anyComponent, { minLength: 1, maxLength: 4 }), (path) => {
        if (path.some((part) => componentProblem(part) !== undefined)) return;
        if (namespaceIdProblem(path) !== undefined) {
          expect(tableIdProblem(path, 'x')).toBeDefined();
          return;
        }
        expect(tableIdProblem(path, 'x')).toBeUndefined();
        assertStorableNamespaceId(path);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['$', NAME_CHARS],
    ['::', NAME_CHARS],
    ['/', NAME_CHARS],
    ['%', NAME_CHARS],
    ['.', NAME_CHARS_NO_DOT],
    ['~', NAME_CHARS],
    ['|', NAME_CHARS],
  ])('decode(encode(parts)) is parts for delimiter %j', (delimiter, chars) => {
    fc.assert(
      fc.property(fc.array(component(chars), { maxLength: 8 }), (parts) => {
        const encoded = encodeIdSegment(parts, delimiter);
        expect(decodeIdSegment(encoded, delimiter)).toEqual(parts);
        // The unencoded form is what splitId takes.
        expect(splitId(joinId(parts, delimiter), delimiter)).toEqual(parts);
      }),
      { numRuns: 300 },
    );
  });

  it('decodeIdSegment on any string either decodes or throws InvalidInput', () => {
    const segment = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 40 }),
      fc
        .array(fc.constantFrom('a', 'b', '$', '%', '%24', '%2', '%zz', '.', '..', '%E0', ' '), {
          maxLength: 12,
        })
        .map((parts) => parts.join('')),
    );
    const delimiter = fc.constantFrom('$', '.', '::', '/', '%');
    fc.assert(
      fc.property(segment, delimiter, (s, d) => {
        let parts: string[];
        try {
          parts = decodeIdSegment(s, d);
        } catch (error) {
          expect(error).toBeInstanceOf(CatalogError);
          expect((error as CatalogError).code).toBe(INVALID);
          return;
        }
        for (const part of parts) expect(componentProblem(part)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});
