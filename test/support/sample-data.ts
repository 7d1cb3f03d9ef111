/**
 * Deterministic sample tables for tests and benchmarks: scalar, text, list, nested struct,
 * binary and vector columns, built directly as Arrow.
 */
import {
  Binary,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  List,
  Schema,
  Struct,
  Table,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';

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
  return new FixedSizeList(dim, new Field('item', new Float32(), true));
}

export function sampleSchema(dim: number): Schema {
  return new Schema([
    new Field('id', new Int32(), false),
    new Field('text', new Utf8(), true),
    new Field('category', new Utf8(), true),
    new Field('tags', new List(new Field('item', new Utf8(), true)), true),
    new Field(
      'meta',
      new Struct([new Field('score', new Float64(), true), new Field('a.b', new Utf8(), true)]),
      true,
    ),
    new Field('image', new Binary(), true),
    new Field('vector', vectorType(dim), true),
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
  return new Table(schema, {
    id: vectorFromArray(ids, new Int32()),
    text: vectorFromArray(
      ids.map((i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} item ${i}`),
      new Utf8(),
    ),
    category: vectorFromArray(
      ids.map((i) => `c${i % 5}`),
      new Utf8(),
    ),
    tags: vectorFromArray(
      ids.map((i) => [`t${i % 3}`, `t${i % 4}`]),
      type('tags'),
    ),
    meta: vectorFromArray(
      ids.map((i) => ({ score: i / 10, 'a.b': `m${i % 2}` })),
      type('meta'),
    ),
    image: vectorFromArray(
      ids.map((i) => new Uint8Array([i % 256, 1, 2])),
      new Binary(),
    ),
    vector: vectorFromArray(
      ids.map(() => Array.from({ length: dim }, () => random())),
      type('vector'),
    ),
  } as never);
}
