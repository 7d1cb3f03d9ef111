import fc from 'fast-check';
import type { Field, DataType } from 'apache-arrow';
import { arrow } from '../../../src-main/catalog/arrow';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import {
  INDEX_SPECS,
  findIndexSpec,
  indexTypesForField,
} from '../../../src-shared/vocabulary/index-types/spec-table';
import {
  IndexRequestSchema,
  defaultIndexName,
  validateIndexRequest,
  type IndexRequest,
  type IndexTarget,
} from '../../../src-shared/index-request';
import { suggestPartitions, suggestSubVectors } from '../../../src-shared/index-advice';
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';
import { toJsonArrowField } from '../../../src-main/catalog/json-arrow-schema';
import { expectCode } from '../../support/expect-code';

const INVALID = ERROR_CODES.InvalidInput;
const UNSUPPORTED = ERROR_CODES.Unsupported;

const floatVector = (dim: number, item: DataType = new arrow.Float32()) =>
  new arrow.Field('vector', new arrow.FixedSizeList(dim, new arrow.Field('item', item)));

function target(field: Field, rowCount?: number, segments: string[] = [field.name]): IndexTarget {
  return {
    field: toJsonArrowField(field),
    canonicalPath: segments.join('.'),
    segments,
    ...(rowCount === undefined ? {} : { rowCount }),
  };
}

const vec128 = target(floatVector(128), 10_000);
const vec4 = target(floatVector(4), 100);
const text = target(new arrow.Field('text', new arrow.Utf8()), 100);
const ints = target(new arrow.Field('n', new arrow.Int32()), 100);
const tags = target(
  new arrow.Field('tags', new arrow.List(new arrow.Field('item', new arrow.Utf8()))),
  100,
);
const bits = target(floatVector(32, new arrow.Uint8()), 100);

function req(index_type: string, extra: Partial<IndexRequest> = {}): IndexRequest {
  return { column: 'c', index_type, ...extra };
}

describe('the spec table', () => {
  it('finds every type and alias case-insensitively, ignoring surrounding space', () => {
    for (const spec of INDEX_SPECS) {
      for (const name of [spec.type, ...spec.aliases]) {
        expect(findIndexSpec(name)).toBe(spec);
        expect(findIndexSpec(name.toLowerCase())).toBe(spec);
        const mixed = [...name].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
        expect(findIndexSpec(mixed)).toBe(spec);
        expect(findIndexSpec(`  ${name.toLowerCase()} `)).toBe(spec);
      }
    }
  });

  it('knows the expected types and aliases', () => {
    expect(findIndexSpec('vector')?.type).toBe('IVF_PQ');
    expect(findIndexSpec('scalar')?.type).toBe('BTREE');
    expect(findIndexSpec('inverted')?.type).toBe('FTS');
    expect(findIndexSpec('hnsw_sq')?.type).toBe('IVF_HNSW_SQ');
    expect(findIndexSpec('zone_map')?.type).toBe('ZONEMAP');
    expect(INDEX_SPECS.map((s) => s.type)).toEqual([
      'IVF_PQ',
      'IVF_FLAT',
      'IVF_SQ',
      'IVF_RQ',
      'IVF_HNSW_FLAT',
      'IVF_HNSW_SQ',
      'IVF_HNSW_PQ',
      'BTREE',
      'BITMAP',
      'LABEL_LIST',
      'NGRAM',
      'FM',
      'ZONEMAP',
      'FTS',
    ]);
  });

  it('returns undefined for unknown names', () => {
    expect(findIndexSpec('HASH')).toBeUndefined();
    expect(findIndexSpec('')).toBeUndefined();
    expect(findIndexSpec('IVF PQ')).toBeUndefined();
  });

  it('never gives two specs the same name or alias', () => {
    const names = INDEX_SPECS.flatMap((s) => [s.type, ...s.aliases]);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(INDEX_SPECS.map((s) => [s.type, s] as const))(
    '%s has a label, help, accepts text, and well-described unique params',
    (_type, spec) => {
      expect(spec.label.trim()).not.toBe('');
      expect(spec.help.trim()).not.toBe('');
      expect(spec.accepts.trim()).not.toBe('');
      const names = spec.params.map((p) => p.name);
      expect(new Set(names).size, `duplicate params in ${spec.type}: ${names.join(', ')}`).toBe(
        names.length,
      );
      for (const param of spec.params) {
        expect(param.label.trim(), `${spec.type}.${param.name} label`).not.toBe('');
        expect(param.help.trim(), `${spec.type}.${param.name} help`).not.toBe('');
        expect(param.name).toMatch(/^[a-z][a-z_]*$/);
        // Every parameter a spec lists can actually be carried by a request.
        expect(Object.keys(IndexRequestSchema.shape)).toContain(param.name);
      }
    },
  );

  it('marks exactly IVF_SQ, IVF_HNSW_FLAT, NGRAM and ZONEMAP unsupported', () => {
    expect(INDEX_SPECS.filter((s) => s.unsupported).map((s) => s.type)).toEqual([
      'IVF_SQ',
      'IVF_HNSW_FLAT',
      'NGRAM',
      'ZONEMAP',
    ]);
  });
});

describe('column fit', () => {
  const supported = (field: Field) =>
    indexTypesForField(toJsonArrowField(field))
      .filter((s) => !s.unsupported)
      .map((s) => s.type);

  it('offers vector types for float vectors of every float width', () => {
    for (const item of [new arrow.Float16(), new arrow.Float32(), new arrow.Float64()]) {
      expect(supported(floatVector(8, item))).toEqual([
        'IVF_PQ',
        'IVF_FLAT',
        'IVF_RQ',
        'IVF_HNSW_SQ',
        'IVF_HNSW_PQ',
      ]);
    }
  });

  it('offers only IVF_FLAT for uint8 vectors, and nothing for int8 vectors', () => {
    expect(supported(floatVector(8, new arrow.Uint8()))).toEqual(['IVF_FLAT']);
    expect(supported(floatVector(8, new arrow.Int8()))).toEqual([]);
  });

  it('offers scalar and text types by column type', () => {
    expect(supported(new arrow.Field('s', new arrow.Utf8()))).toEqual([
      'BTREE',
      'BITMAP',
      'FM',
      'FTS',
    ]);
    expect(supported(new arrow.Field('s', new arrow.LargeUtf8()))).toEqual([
      'BTREE',
      'BITMAP',
      'FM',
      'FTS',
    ]);
    expect(supported(new arrow.Field('n', new arrow.Int64()))).toEqual(['BTREE', 'BITMAP']);
    expect(supported(new arrow.Field('f', new arrow.Float64()))).toEqual(['BTREE']);
    expect(supported(new arrow.Field('b', new arrow.Bool()))).toEqual(['BTREE', 'BITMAP']);
    expect(supported(new arrow.Field('d', new arrow.DateDay()))).toEqual(['BTREE', 'BITMAP']);
    expect(supported(new arrow.Field('t', new arrow.TimestampMillisecond()))).toEqual(['BTREE']);
    expect(supported(new arrow.Field('bin', new arrow.Binary()))).toEqual(['BTREE', 'BITMAP']);
    expect(
      supported(new arrow.Field('l', new arrow.List(new arrow.Field('item', new arrow.Utf8())))),
    ).toEqual(['LABEL_LIST', 'FTS']);
    expect(
      supported(new arrow.Field('l', new arrow.List(new arrow.Field('item', new arrow.Int32())))),
    ).toEqual(['LABEL_LIST']);
    expect(
      supported(new arrow.Field('st', new arrow.Struct([new arrow.Field('x', new arrow.Int32())]))),
    ).toEqual([]);
  });

  it('reads the dimension of fixed-size lists only', () => {
    expect(vectorDimension(toJsonArrowField(floatVector(128)))).toBe(128);
    expect(
      vectorDimension(toJsonArrowField(new arrow.Field('n', new arrow.Int32()))),
    ).toBeUndefined();
  });
});

describe('validateIndexRequest: type and column', () => {
  it('accepts IVF_PQ on a float vector with num_sub_vectors dividing the dimension', () => {
    const v = validateIndexRequest(
      req('ivf_pq', { num_sub_vectors: 16, distance_type: 'Cosine', num_partitions: 100 }),
      vec128,
    );
    expect(v.spec.type).toBe('IVF_PQ');
    expect(v.params).toEqual({ num_sub_vectors: 16, distance_type: 'cosine', num_partitions: 100 });
    expect(v.name).toBe('vector_idx');
    expect(v.replace).toBe(true);
  });

  it('accepts an alias and an explicit name and replace flag', () => {
    const v = validateIndexRequest(req('VECTOR', { name: 'my-idx', replace: false }), vec128);
    expect(v.spec.type).toBe('IVF_PQ');
    expect(v.name).toBe('my-idx');
    expect(v.replace).toBe(false);
    expect(v.params).toEqual({});
  });

  it('rejects num_sub_vectors that does not divide the dimension, suggesting one that does', async () => {
    const error = await expectCode(
      () => validateIndexRequest(req('IVF_PQ', { num_sub_vectors: 3 }), vec4),
      INVALID,
    );
    expect(error.message).toContain('does not divide');
    expect(error.message).toContain(`try ${suggestSubVectors(4)}`);

    const error128 = await expectCode(
      () => validateIndexRequest(req('IVF_PQ', { num_sub_vectors: 48 }), vec128),
      INVALID,
    );
    expect(error128.message).toMatch(/try 8\b/);
  });

  it('rejects a vector index on a string column, listing the types that fit', async () => {
    const error = await expectCode(() => validateIndexRequest(req('IVF_PQ'), text), INVALID);
    expect(error.message).toContain('this column can take BTREE, BITMAP, FM, FTS');
    // Unsupported types are not suggested.
    expect(error.message).not.toContain('NGRAM');
    expect(error.message).not.toContain('ZONEMAP');
  });

  it('says so when no type fits', async () => {
    const struct = target(
      new arrow.Field('st', new arrow.Struct([new arrow.Field('x', new arrow.Int32())])),
      10,
    );
    const error = await expectCode(() => validateIndexRequest(req('BTREE'), struct), INVALID);
    expect(error.message).toContain('no index type fits');
  });

  it('rejects an unknown type, naming the known ones', async () => {
    const error = await expectCode(() => validateIndexRequest(req('HASH'), ints), INVALID);
    expect(error.message).toContain('"HASH"');
    expect(error.message).toContain('IVF_PQ');
    expect(error.message).toContain('FTS');
  });

  it.each([
    ['IVF_SQ', vec128],
    ['NGRAM', text],
    ['ZONEMAP', ints],
    ['IVF_HNSW_FLAT', vec128],
    ['zone_map', ints],
  ])('refuses the unsupported type %s with Unsupported', async (type, t) => {
    const error = await expectCode(() => validateIndexRequest(req(type), t), UNSUPPORTED);
    expect(error.message).toContain('not available');
  });

  it('accepts FTS on a string column with its parameters', () => {
    const v = validateIndexRequest(
      req('fts', {
        with_position: false,
        base_tokenizer: 'ngram',
        language: 'French',
        max_token_length: 0,
        custom_stop_words: ['le', 'la'],
        ngram_min_length: 2,
        ngram_max_length: 4,
      }),
      text,
    );
    expect(v.spec.type).toBe('FTS');
    expect(v.params).toMatchObject({
      max_token_length: 0,
      base_tokenizer: 'ngram',
      with_position: false,
    });
    expect(v.name).toBe('text_idx');
  });

  it('accepts FTS on a list of strings', () => {
    expect(validateIndexRequest(req('INVERTED'), tags).spec.type).toBe('FTS');
  });

  it('accepts LABEL_LIST on List<Utf8> and rejects it on Utf8', async () => {
    expect(validateIndexRequest(req('LABEL_LIST'), tags).spec.type).toBe('LABEL_LIST');
    await expectCode(() => validateIndexRequest(req('LABEL_LIST'), text), INVALID);
  });

  it('accepts FM on a string column, with no parameters, and refuses it elsewhere', async () => {
    const v = validateIndexRequest(req('fm', { name: 'text_fm' }), text);
    expect(v).toMatchObject({ name: 'text_fm', replace: true, params: {} });
    expect(v.spec.type).toBe('FM');
    expect(v.spec.kind).toBe('scalar');
    // contains() takes strings only, so binary (which LanceDB would index) is not offered.
    for (const other of [ints, tags, target(new arrow.Field('bin', new arrow.Binary()))]) {
      const error = await expectCode(() => validateIndexRequest(req('FM'), other), INVALID);
      expect(error.message).toContain('Index type FM needs a string column');
    }
    const extra = await expectCode(
      () => validateIndexRequest(req('FM', { with_position: true }), text),
      INVALID,
    );
    expect(extra.message).toBe(
      'Parameter with_position does not apply to FM; it takes no parameters',
    );
  });

  it('says when to choose FM: contains() on rare fragments, not words, not LIKE', () => {
    const help = findIndexSpec('FM')!.help;
    expect(help).toContain("contains(col, '…')");
    expect(help).toMatch(/rare fragments/);
    expect(help).toMatch(/occurs often in the column is slower through it than a scan/);
    expect(help).toMatch(/For words and phrases .* Full-text/);
    expect(help).toContain("LIKE '%…%' does not use it");
  });

  it('accepts BITMAP and BTREE on integers', () => {
    expect(validateIndexRequest(req('BITMAP'), ints).spec.type).toBe('BITMAP');
    expect(validateIndexRequest(req('btree'), ints).spec.type).toBe('BTREE');
  });

  it('rejects BITMAP on a float column', async () => {
    await expectCode(
      () => validateIndexRequest(req('BITMAP'), target(new arrow.Field('f', new arrow.Float32()))),
      INVALID,
    );
  });
});

describe('validateIndexRequest: parameters', () => {
  it('rejects an unknown distance', async () => {
    const error = await expectCode(
      () => validateIndexRequest(req('IVF_PQ', { distance_type: 'manhattan' }), vec128),
      INVALID,
    );
    expect(error.message).toContain('l2, cosine, dot');
  });

  it('rejects hamming on a float vector, for IVF_PQ and IVF_FLAT alike', async () => {
    await expectCode(
      () => validateIndexRequest(req('IVF_PQ', { distance_type: 'hamming' }), vec128),
      INVALID,
    );
    const error = await expectCode(
      () => validateIndexRequest(req('IVF_FLAT', { distance_type: 'hamming' }), vec128),
      INVALID,
    );
    expect(error.message).toContain('uint8');
  });

  it('accepts IVF_FLAT with hamming on FixedSizeList<Uint8>', () => {
    const v = validateIndexRequest(req('IVF_FLAT', { distance_type: 'HAMMING' }), bits);
    expect(v.spec.type).toBe('IVF_FLAT');
    expect(v.params.distance_type).toBe('hamming');
  });

  it('insists on hamming for binary vectors', async () => {
    const error = await expectCode(() => validateIndexRequest(req('IVF_FLAT'), bits), INVALID);
    expect(error.message).toContain('hamming');
    await expectCode(
      () => validateIndexRequest(req('IVF_FLAT', { distance_type: 'l2' }), bits),
      INVALID,
    );
  });

  it('refuses num_partitions together with target_partition_size', async () => {
    const error = await expectCode(
      () =>
        validateIndexRequest(
          req('IVF_PQ', { num_partitions: 10, target_partition_size: 100 }),
          vec128,
        ),
      INVALID,
    );
    expect(error.message).toContain('not both');
    expect(
      validateIndexRequest(req('IVF_PQ', { target_partition_size: 100 }), vec128).params,
    ).toEqual({ target_partition_size: 100 });
  });

  it('bounds num_partitions by the row count', async () => {
    const error = await expectCode(
      () => validateIndexRequest(req('IVF_PQ', { num_partitions: 101 }), vec4),
      INVALID,
    );
    expect(error.message).toContain('at most 100');
    expect(validateIndexRequest(req('IVF_PQ', { num_partitions: 100 }), vec4).params).toEqual({
      num_partitions: 100,
    });
    // Without a known row count there is nothing to compare against.
    expect(
      validateIndexRequest(req('IVF_PQ', { num_partitions: 5000 }), target(floatVector(4))).params,
    ).toEqual({ num_partitions: 5000 });
  });

  it('refuses a vector index on an empty table', async () => {
    await expectCode(() => validateIndexRequest(req('IVF_PQ'), target(floatVector(4), 0)), INVALID);
    await expectCode(
      () =>
        validateIndexRequest(
          req('IVF_FLAT', { distance_type: 'hamming' }),
          target(floatVector(8, new arrow.Uint8()), 0),
        ),
      INVALID,
    );
    // Scalar indexes can be built on an empty table.
    expect(
      validateIndexRequest(req('BTREE'), target(new arrow.Field('n', new arrow.Int32()), 0)).spec
        .type,
    ).toBe('BTREE');
  });

  it.each([
    ['num_sub_vectors', 'BTREE', ints, { num_sub_vectors: 4 }],
    ['m', 'IVF_PQ', vec128, { m: 16 }],
    ['ef_construction', 'IVF_PQ', vec128, { ef_construction: 100 }],
    ['num_sub_vectors', 'IVF_FLAT', vec128, { num_sub_vectors: 8 }],
    ['with_position', 'BITMAP', ints, { with_position: true }],
    ['distance_type', 'FTS', text, { distance_type: 'l2' }],
  ] as const)('rejects %s for %s', async (param, type, t, extra) => {
    const error = await expectCode(() => validateIndexRequest(req(type, extra), t), INVALID);
    expect(error.message).toContain(`Parameter ${param} does not apply to ${type}`);
  });

  it('says that a type takes no parameters', async () => {
    const error = await expectCode(
      () => validateIndexRequest(req('BTREE', { num_sub_vectors: 4 }), ints),
      INVALID,
    );
    expect(error.message).toContain('takes no parameters');
  });

  it('rejects fields that are not part of the request at all', async () => {
    await expectCode(
      () => validateIndexRequest({ ...req('BTREE'), bogus: 1 } as unknown as IndexRequest, ints),
      INVALID,
    );
  });

  it('ignores absent (undefined) parameters', () => {
    expect(validateIndexRequest(req('BTREE', { num_sub_vectors: undefined }), ints).params).toEqual(
      {},
    );
  });

  it('checks max_token_length: -1 is refused, 0 is kept', async () => {
    const error = await expectCode(
      () => validateIndexRequest(req('FTS', { max_token_length: -1 }), text),
      INVALID,
    );
    expect(error.message).toContain('at least 0');
    expect(validateIndexRequest(req('FTS', { max_token_length: 0 }), text).params).toEqual({
      max_token_length: 0,
    });
  });

  it.each([
    ['num_partitions', 1.5, 'IVF_PQ'],
    ['num_partitions', 0, 'IVF_PQ'],
    ['num_partitions', 2_000_000, 'IVF_PQ'],
    ['sample_rate', 1, 'IVF_PQ'],
    ['max_iterations', Number.NaN, 'IVF_PQ'],
    ['num_bits', 5, 'IVF_PQ'],
    ['num_bits', 9, 'IVF_RQ'],
    ['num_bits', 0, 'IVF_RQ'],
    ['m', 1, 'IVF_HNSW_SQ'],
  ] as const)('rejects %s = %s for %s', async (param, value, type) => {
    await expectCode(() => validateIndexRequest(req(type, { [param]: value }), vec128), INVALID);
  });

  it('accepts in-range numeric parameters', () => {
    expect(validateIndexRequest(req('IVF_PQ', { num_bits: 4 }), vec128).params).toEqual({
      num_bits: 4,
    });
    expect(validateIndexRequest(req('IVF_RQ', { num_bits: 8 }), vec128).params).toEqual({
      num_bits: 8,
    });
    expect(
      validateIndexRequest(req('IVF_HNSW_SQ', { m: 32, ef_construction: 200 }), vec128).params,
    ).toEqual({ m: 32, ef_construction: 200 });
  });

  it.each([
    [{ base_tokenizer: 'klingon' }],
    [{ base_tokenizer: '' }],
    [{ language: 'E' }],
    [{ language: 'English1' }],
    [{ with_position: 'yes' as unknown as boolean }],
    [{ custom_stop_words: ['a', 1 as unknown as string] }],
    [{ ngram_min_length: 5, ngram_max_length: 3 }],
  ])('rejects the FTS parameters %j', async (extra) => {
    await expectCode(() => validateIndexRequest(req('FTS', extra), text), INVALID);
  });

  it('accepts the structured tokenizers', () => {
    for (const base_tokenizer of [
      'simple',
      'whitespace',
      'raw',
      'icu/split',
      'jieba/default',
      'lindera/ipadic',
    ]) {
      expect(validateIndexRequest(req('FTS', { base_tokenizer }), text).params.base_tokenizer).toBe(
        base_tokenizer,
      );
    }
  });
});

describe('index names', () => {
  it('derives the default name from the column segments', () => {
    expect(defaultIndexName(['s', 'x'])).toBe('s_x_idx');
    expect(defaultIndexName(['vector'])).toBe('vector_idx');
    expect(defaultIndexName(['a.b'])).toBe('a.b_idx');
    expect(defaultIndexName(['we`ird col'])).toBe('we_ird_col_idx');
    const nested = target(new arrow.Field('x', new arrow.Float32()), 10, ['s', 'x']);
    expect(validateIndexRequest(req('BTREE'), nested).name).toBe('s_x_idx');
  });

  it.each(['', 'a b', '..', 'x/y', 'é'])('rejects the explicit name %j', async (name) => {
    const error = await expectCode(
      () => validateIndexRequest(req('BTREE', { name }), ints),
      INVALID,
    );
    expect(error.message).toContain('Invalid index name');
  });
});

describe('IndexRequestSchema', () => {
  it('accepts a minimal request and rejects unknown fields', () => {
    expect(IndexRequestSchema.safeParse({ column: 'v', index_type: 'IVF_PQ' }).success).toBe(true);
    expect(IndexRequestSchema.safeParse({ column: 'v', index_type: 'IVF_PQ', x: 1 }).success).toBe(
      false,
    );
    expect(IndexRequestSchema.safeParse({ column: '', index_type: 'IVF_PQ' }).success).toBe(false);
  });
});

describe('suggestions', () => {
  it('suggestSubVectors aims at 16 dimensions per sub-vector', () => {
    expect(suggestSubVectors(128)).toBe(8);
    expect(suggestSubVectors(1536)).toBe(96);
    expect(suggestSubVectors(8)).toBe(1);
    expect(suggestSubVectors(12)).toBe(3);
    expect(suggestSubVectors(7)).toBe(7);
  });

  it('suggestSubVectors always divides the dimension (dims 1..4096)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4096 }), (dim) => {
        const sub = suggestSubVectors(dim);
        expect(Number.isInteger(sub)).toBe(true);
        expect(sub).toBeGreaterThanOrEqual(1);
        expect(sub).toBeLessThanOrEqual(dim);
        expect(dim % sub).toBe(0);
        // And the validator accepts its own suggestion.
        expect(() =>
          validateIndexRequest(
            req('IVF_PQ', { num_sub_vectors: sub }),
            target(floatVector(dim), 10),
          ),
        ).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('suggestPartitions is about sqrt(rows) and within [1, rows]', () => {
    expect(suggestPartitions(1)).toBe(1);
    expect(suggestPartitions(10_000)).toBe(100);
    expect(suggestPartitions(2)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (rows) => {
        const p = suggestPartitions(rows);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(1);
        expect(p).toBeLessThanOrEqual(rows);
      }),
      { numRuns: 1000 },
    );
  });

  it('suggestPartitions never suggests zero, even for an empty table', () => {
    expect(suggestPartitions(0)).toBe(1);
  });
});
