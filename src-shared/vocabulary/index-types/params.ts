/** Parameters that several index types share, each with its range, default and help. */
import type { ParamSpec } from './spec-types';

export const distance = (values: readonly string[]): ParamSpec => ({
  name: 'distance_type',
  label: 'Distance',
  type: { kind: 'enum', values },
  default: 'l2',
  help: 'How vectors are compared. Use the metric the embedding model was trained for: cosine for most text embeddings, l2 for raw features, dot for normalised vectors.',
});

export const numPartitions: ParamSpec = {
  name: 'num_partitions',
  label: 'Partitions',
  type: { kind: 'integer', min: 1, max: 1_000_000 },
  default: 'sqrt(rows)',
  help: 'Number of IVF clusters. More partitions make each search probe fewer rows. A good start is the square root of the row count; it must not exceed the row count.',
};

export const targetPartitionSize: ParamSpec = {
  name: 'target_partition_size',
  label: 'Rows per partition',
  type: { kind: 'integer', min: 1, max: 100_000_000 },
  default: null,
  help: 'Alternative to Partitions: the number of rows each IVF cluster should hold. The partition count becomes rows ÷ this value. Give one or the other, not both.',
};

export const sampleRate: ParamSpec = {
  name: 'sample_rate',
  label: 'Sample rate',
  type: { kind: 'integer', min: 2, max: 65_536 },
  default: 256,
  help: 'Rows sampled per partition when training k-means. Higher trains on more data, slower.',
};

export const maxIterations: ParamSpec = {
  name: 'max_iterations',
  label: 'k-means iterations',
  type: { kind: 'integer', min: 1, max: 1000 },
  default: 50,
  help: 'Upper bound on k-means iterations while training partitions and codebooks.',
};

export const numSubVectors: ParamSpec = {
  name: 'num_sub_vectors',
  label: 'Sub-vectors',
  type: { kind: 'integer', min: 1, max: 65_536 },
  default: 'dimension ÷ 16 (or ÷ 8)',
  help: 'Product quantization splits each vector into this many pieces. It must divide the vector dimension. More sub-vectors: more accurate, larger index.',
};

export const pqBits: ParamSpec = {
  name: 'num_bits',
  label: 'Bits per code',
  type: { kind: 'enum', values: ['4', '8'] },
  default: 8,
  help: 'Bits per PQ code. 8 is more accurate; 4 halves the index size.',
};

export const rqBits: ParamSpec = {
  name: 'num_bits',
  label: 'Bits per dimension',
  type: { kind: 'integer', min: 1, max: 8 },
  default: 1,
  help: 'RaBitQ bits per dimension. 1 is the smallest index; more bits raise recall.',
};

export const hnswM: ParamSpec = {
  name: 'm',
  label: 'HNSW edges (m)',
  type: { kind: 'integer', min: 2, max: 512 },
  default: 20,
  help: 'Neighbours each HNSW node keeps. Higher gives better recall and a larger, slower-to-build graph.',
};

export const hnswEf: ParamSpec = {
  name: 'ef_construction',
  label: 'ef construction',
  type: { kind: 'integer', min: 1, max: 10_000 },
  default: 300,
  help: 'Candidates considered while building the HNSW graph. Higher gives a better graph and a slower build.',
};

export const ftsParams: readonly ParamSpec[] = [
  {
    name: 'with_position',
    label: 'Store positions',
    type: { kind: 'boolean' },
    default: true,
    help: 'Keep token positions so phrase queries work. Off makes the index smaller and faster to build.',
  },
  {
    name: 'base_tokenizer',
    label: 'Tokenizer',
    type: {
      kind: 'string',
      pattern:
        /^(simple|whitespace|raw|ngram|icu|icu\/split|jieba\/[A-Za-z0-9_-]+|lindera\/[A-Za-z0-9_-]+)$/,
      patternHelp:
        'simple, whitespace, raw, ngram, icu, icu/split, jieba/<model> or lindera/<model>',
    },
    default: 'simple',
    help: 'simple splits on whitespace and punctuation; whitespace on whitespace only; raw indexes the whole value as one token; ngram indexes character n-grams.',
  },
  {
    name: 'language',
    label: 'Language',
    type: {
      kind: 'string',
      pattern: /^[A-Za-z]{2,32}$/,
      patternHelp: 'a language name such as English',
    },
    default: 'English',
    help: 'Language for stemming and stop words; used only when those are on.',
  },
  {
    name: 'max_token_length',
    label: 'Max token length',
    type: { kind: 'integer', min: 0, max: 1_000_000 },
    default: 40,
    help: 'Tokens longer than this are skipped. 0 keeps every token.',
  },
  {
    name: 'lower_case',
    label: 'Lower-case',
    type: { kind: 'boolean' },
    default: true,
    help: 'Lower-case tokens so matching ignores case.',
  },
  {
    name: 'stem',
    label: 'Stem',
    type: { kind: 'boolean' },
    default: true,
    help: 'Reduce words to their stem (running → run) in the chosen language.',
  },
  {
    name: 'remove_stop_words',
    label: 'Remove stop words',
    type: { kind: 'boolean' },
    default: true,
    help: 'Skip very common words (the, a, of) in the chosen language.',
  },
  {
    name: 'custom_stop_words',
    label: 'Custom stop words',
    type: { kind: 'string-list' },
    default: null,
    help: 'Replaces the built-in stop-word list for the language. Used only when stop words are removed.',
  },
  {
    name: 'ascii_folding',
    label: 'ASCII folding',
    type: { kind: 'boolean' },
    default: true,
    help: 'Fold accented characters to ASCII (café → cafe).',
  },
  {
    name: 'ngram_min_length',
    label: 'n-gram min',
    type: { kind: 'integer', min: 1, max: 64 },
    default: 3,
    help: 'Shortest n-gram, for the ngram tokenizer.',
  },
  {
    name: 'ngram_max_length',
    label: 'n-gram max',
    type: { kind: 'integer', min: 1, max: 64 },
    default: 3,
    help: 'Longest n-gram, for the ngram tokenizer. Must be at least the minimum.',
  },
  {
    name: 'block_size',
    label: 'Posting block size',
    type: { kind: 'enum', values: ['128', '256'] },
    default: 128,
    help: 'Documents per compressed posting block. 256 uses the experimental FTS v3 format.',
  },
  {
    name: 'prefix_only',
    label: 'Prefix n-grams only',
    type: { kind: 'boolean' },
    default: false,
    help: 'With the ngram tokenizer, index only n-grams at the start of each token.',
  },
];
