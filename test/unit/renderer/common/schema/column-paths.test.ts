import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../../src-main/catalog/arrow';
import { listFieldPaths } from '../../../../../src-main/catalog/schema-fields';
import { toJsonArrowSchema } from '../../../../../src-main/catalog/json-arrow-schema';
import {
  flattenColumns,
  vectorColumns,
} from '../../../../../src-renderer/common/schema/column-paths';
import { sampleSchema } from '../../../../support/sample-data';

describe('column paths for the create-index form', () => {
  it('lists nested struct children under canonical paths, parents first', () => {
    const columns = flattenColumns(toJsonArrowSchema(sampleSchema(8)));
    expect(columns.map((c) => [c.path, c.depth])).toEqual([
      ['id', 0],
      ['text', 0],
      ['category', 0],
      ['tags', 0],
      ['meta', 0],
      ['meta.score', 1],
      ['meta.`a.b`', 1],
      ['image', 0],
      ['vector', 0],
    ]);
    expect(columns.find((c) => c.path === 'meta.`a.b`')?.segments).toEqual(['meta', 'a.b']);
    expect(columns.find((c) => c.path === 'vector')?.field.type.length).toBe(8);
  });

  it('agrees with the engine on every path, however odd the names', () => {
    const schema = new arrow.Schema([
      new arrow.Field(
        'weird name`s',
        new arrow.Struct([
          new arrow.Field('x.y', new arrow.Int32(), true),
          new arrow.Field(
            'inner',
            new arrow.Struct([new arrow.Field('ünï', new arrow.Utf8(), true)]),
            true,
          ),
        ]),
        true,
      ),
      new arrow.Field('plain_1', new arrow.Int64(), true),
    ]);
    const engine = listFieldPaths(schema).map((p) => p.canonicalPath);
    expect(flattenColumns(toJsonArrowSchema(schema)).map((c) => c.path)).toEqual(engine);
  });
});

describe('vector columns for the Search tab and the recall check', () => {
  it('lists fixed-size lists at any depth with their dimension, binary ones marked', () => {
    const schema = new arrow.Schema([
      new arrow.Field('id', new arrow.Int64(), true),
      new arrow.Field(
        'emb',
        new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32(), true)),
        true,
      ),
      new arrow.Field(
        'meta',
        new arrow.Struct([
          new arrow.Field(
            'bits',
            new arrow.FixedSizeList(16, new arrow.Field('item', new arrow.Uint8(), true)),
            true,
          ),
        ]),
        true,
      ),
      new arrow.Field(
        'tags',
        new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)),
        true,
      ),
    ]);
    expect(vectorColumns(toJsonArrowSchema(schema).fields)).toEqual([
      { path: 'emb', dimension: 4, binary: false },
      { path: 'meta.bits', dimension: 16, binary: true },
    ]);
  });
});
