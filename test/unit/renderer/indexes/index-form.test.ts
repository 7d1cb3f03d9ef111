import { describe, expect, it } from 'vitest';
import { findIndexSpec } from '../../../../src-shared/vocabulary/index-types/spec-table';
import { flattenColumns } from '../../../../src-renderer/common/schema/column-paths';
import {
  buildIndexRequest,
  checkIndexForm,
  factsFor,
  initialParamValues,
} from '../../../../src-renderer/indexes/index-form';

const SCHEMA = {
  fields: [
    { name: 'id', nullable: true, type: { type: 'int32' } },
    { name: 'name', nullable: true, type: { type: 'utf8' } },
    {
      name: 'embedding',
      nullable: true,
      type: {
        type: 'fixed_size_list',
        length: 32,
        fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
      },
    },
  ],
};
const columns = flattenColumns(SCHEMA);
const column = (path: string) => columns.find((c) => c.path === path)!;

describe('index form state', () => {
  it('seeds IVF_PQ with suggestions for this table and the defaults of the spec', () => {
    const spec = findIndexSpec('IVF_PQ')!;
    const params = initialParamValues(spec, factsFor(column('embedding'), 2500));
    expect(params).toEqual({
      distance_type: 'l2',
      num_partitions: '50',
      target_partition_size: '',
      num_sub_vectors: '2',
      num_bits: '8',
      sample_rate: '256',
      max_iterations: '50',
    });
    // Defaults stay out of the request; suggestions and changes go in, with their types.
    const state = { column: column('embedding'), spec, name: 'embedding_idx', params };
    expect(buildIndexRequest(state).request).toEqual({
      column: 'embedding',
      index_type: 'IVF_PQ',
      name: 'embedding_idx',
      num_partitions: 50,
      num_sub_vectors: 2,
    });
    const changed = { ...params, distance_type: 'cosine', num_bits: '4' };
    expect(buildIndexRequest({ ...state, params: changed }).request).toMatchObject({
      distance_type: 'cosine',
      num_bits: 4,
    });
    expect(checkIndexForm({ ...state, params: changed }, 2500).problem).toBeUndefined();
  });

  it('reports the engine’s own reasons for wrong values', () => {
    const spec = findIndexSpec('IVF_PQ')!;
    const base = initialParamValues(spec, factsFor(column('embedding'), 2500));
    const state = { column: column('embedding'), spec, name: 'e_idx', params: base };
    const problem = (params: Record<string, string | boolean>, rows = 2500) =>
      checkIndexForm({ ...state, params: { ...base, ...params } }, rows).problem;
    expect(problem({ num_sub_vectors: '5' })).toBe(
      'num_sub_vectors 5 does not divide the vector dimension 32; try 2',
    );
    expect(problem({ num_partitions: '0' })).toBe(
      'Parameter num_partitions must be at least 1 (got 0)',
    );
    expect(problem({ num_partitions: '1.5' })).toBe(
      'Parameter num_partitions must be a whole number (got 1.5)',
    );
    expect(problem({ num_partitions: 'many' })).toBe('Partitions must be a number, not many');
    expect(problem({ target_partition_size: '100' })).toBe(
      'Give num_partitions or target_partition_size, not both',
    );
    expect(problem({ num_partitions: '3000' })).toMatch(/exceeds the 2500 rows/);
    expect(problem({}, 0)).toMatch(/the table has no rows yet/);
    expect(checkIndexForm({ ...state, name: '' }, 2500).problem).toBe('The index needs a name');
    expect(checkIndexForm({ ...state, name: 'a/b' }, 2500).problem).toMatch(/Invalid index name/);
  });

  it('builds FTS and BTREE requests, lists and booleans included', () => {
    const fts = findIndexSpec('FTS')!;
    const params = initialParamValues(fts, factsFor(column('name'), 10));
    expect(params.with_position).toBe(true);
    expect(params.base_tokenizer).toBe('simple');
    const state = {
      column: column('name'),
      spec: fts,
      name: 'name_idx',
      params: { ...params, stem: false, custom_stop_words: ' a, the ,, of ' },
    };
    expect(checkIndexForm(state, 10)).toEqual({
      request: {
        column: 'name',
        index_type: 'FTS',
        name: 'name_idx',
        stem: false,
        custom_stop_words: ['a', 'the', 'of'],
      },
    });
    expect(
      checkIndexForm({ ...state, params: { ...state.params, base_tokenizer: 'bogus' } }, 10)
        .problem,
    ).toMatch(/Parameter base_tokenizer must be simple, whitespace/);
    const btree = findIndexSpec('BTREE')!;
    expect(
      checkIndexForm(
        {
          column: column('id'),
          spec: btree,
          name: 'id_idx',
          params: initialParamValues(btree, factsFor(column('id'), 10)),
        },
        10,
      ),
    ).toEqual({ request: { column: 'id', index_type: 'BTREE', name: 'id_idx' } });
    expect(
      checkIndexForm(
        { column: column('name'), spec: findIndexSpec('IVF_PQ')!, name: 'x', params: {} },
        10,
      ).problem,
    ).toMatch(
      /IVF_PQ needs a float vector column .*, but column name is utf8; this column can take BTREE/,
    );
  });
});
