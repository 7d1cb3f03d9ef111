/**
 * Deterministic sample tables for tests and benchmarks: scalar, text, list, nested struct,
 * binary and vector columns, built directly as Arrow.
 */
import type { FixedSizeList, Schema, Table } from 'apache-arrow';
import { arrow } from '../../src-main/catalog/arrow';

const WORDS = [
  'lance',
  'vector',
  'catalog',
  'river',
  'mountain',
  'quick',
  'brown',
  'fox',
  'data',
  'index',
];

/** A small seeded generator, so that every run sees the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function vectorType(dim: number): FixedSizeList {
  return new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true));
}

export function sampleSchema(dim: number): Schema {
  return new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('text', new arrow.Utf8(), true),
    new arrow.Field('category', new arrow.Utf8(), true),
    new arrow.Field('tags', new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)), true),
    new arrow.Field(
      'meta',
      new arrow.Struct([
        new arrow.Field('score', new arrow.Float64(), true),
        new arrow.Field('a.b', new arrow.Utf8(), true),
      ]),
      true,
    ),
    new arrow.Field('image', new arrow.Binary(), true),
    new arrow.Field('vector', vectorType(dim), true),
  ]);
}

export function sampleTable(
  rows: number,
  dim = 16,
  options: { seed?: number; idOffset?: number } = {},
): Table {
  const random = seededRandom(options.seed ?? 7);
  const offset = options.idOffset ?? 0;
  const ids = Array.from({ length: rows }, (_, i) => i + offset);
  const schema = sampleSchema(dim);
  const type = (name: string) => schema.fields.find((f) => f.name === name)!.type;
  return new arrow.Table(schema, {
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    text: arrow.vectorFromArray(
      ids.map((i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} item ${i}`),
      new arrow.Utf8(),
    ),
    category: arrow.vectorFromArray(
      ids.map((i) => `c${i % 5}`),
      new arrow.Utf8(),
    ),
    tags: arrow.vectorFromArray(
      ids.map((i) => [`t${i % 3}`, `t${i % 4}`]),
      type('tags'),
    ),
    meta: arrow.vectorFromArray(
      ids.map((i) => ({ score: i / 10, 'a.b': `m${i % 2}` })),
      type('meta'),
    ),
    image: arrow.vectorFromArray(
      ids.map((i) => new Uint8Array([i % 256, 1, 2])),
      new arrow.Binary(),
    ),
    vector: arrow.vectorFromArray(
      ids.map(() => Array.from({ length: dim }, () => random())),
      type('vector'),
    ),
  } as never);
}
