/**
 * The declarative table of index types. It drives request validation in the engine, the REST
 * server's create_index route and the app's create-index form: one table, three users.
 *
 * Parameter names are the contract's snake_case field names (CreateTableIndexRequest), so a
 * request body, a form and a spec entry all speak the same words.
 */
import { z } from 'zod';
import { errors } from './errors';
import { componentProblem } from './ids';
import type { JsonArrowField } from './json-arrow-types';

export type IndexKind = 'vector' | 'scalar' | 'fts';

export type ParamType =
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'number'; min?: number; max?: number; exclusiveMin?: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'string'; pattern?: RegExp; patternHelp?: string }
  | { kind: 'string-list' };

export interface ParamSpec {
  name: string;
  label: string;
  type: ParamType;
  /** What the engine uses when the parameter is absent; a string for computed defaults. */
  default: string | number | boolean | null;
  help: string;
}

export interface IndexSpec {
  type: string;
  aliases: readonly string[];
  kind: IndexKind;
  label: string;
  help: string;
  /** Present when the pinned LanceDB cannot build this type; the reason says why. */
  unsupported?: string;
  /** Which columns it indexes, in words, for errors and the form. */
  accepts: string;
  acceptsField: (field: JsonArrowField) => boolean;
  params: readonly ParamSpec[];
}

// ---- column type predicates -------------------------------------------------------------
// They read the JSON form of a field (contract type names) so that the engine and the
// renderer, which has no Arrow runtime for schemas, decide "which index fits" the same way.

const typeOf = (field: JsonArrowField) => field.type.type;
const childOf = (field: JsonArrowField) => field.type.fields?.[0];
const isFloatName = (t: string) => t === 'float16' || t === 'float32' || t === 'float64';
const isIntName = (t: string) => /^u?int(8|16|32|64)$/.test(t);
const isStringName = (t: string) => t === 'utf8' || t === 'large_utf8';
const isBinaryName = (t: string) =>
  t === 'binary' || t === 'large_binary' || t === 'fixed_size_binary';
const isTemporalName = (t: string) =>
  t === 'date32' || t === 'date64' || t === 'time32' || t === 'time64' || t === 'timestamp';
const isListName = (t: string) => t === 'list' || t === 'large_list';

export function vectorDimension(field: JsonArrowField): number | undefined {
  return typeOf(field) === 'fixed_size_list' ? field.type.length : undefined;
}

function isFloatVector(field: JsonArrowField): boolean {
  const child = childOf(field);
  return typeOf(field) === 'fixed_size_list' && child !== undefined && isFloatName(typeOf(child));
}

export function isBinaryVector(field: JsonArrowField): boolean {
  const child = childOf(field);
  return typeOf(field) === 'fixed_size_list' && child !== undefined && typeOf(child) === 'uint8';
}

function isScalarOrderable(field: JsonArrowField): boolean {
  const t = typeOf(field);
  return (
    isIntName(t) ||
    isFloatName(t) ||
    t.startsWith('decimal') ||
    isStringName(t) ||
    t === 'bool' ||
    isTemporalName(t) ||
    isBinaryName(t)
  );
}

function isBitmapCandidate(field: JsonArrowField): boolean {
  const t = typeOf(field);
  return (
    isIntName(t) ||
    isStringName(t) ||
    t === 'bool' ||
    t === 'binary' ||
    t === 'large_binary' ||
    t === 'date32' ||
    t === 'date64'
  );
}

function isScalarList(field: JsonArrowField): boolean {
  const child = childOf(field);
  if (!isListName(typeOf(field)) || child === undefined) return false;
  const c = typeOf(child);
  return isIntName(c) || isStringName(c) || c === 'bool';
}

function isTextColumn(field: JsonArrowField): boolean {
  if (isStringName(typeOf(field))) return true;
  const child = childOf(field);
  return isListName(typeOf(field)) && child !== undefined && isStringName(typeOf(child));
}

/** A column's type in words, for messages: `fixed_size_list<float32>[128]`. */
export function describeFieldType(field: JsonArrowField): string {
  const t = typeOf(field);
  const child = childOf(field);
  if (t === 'struct') return 'struct';
  const inner = child ? `<${describeFieldType(child)}>` : '';
  const size = field.type.length !== undefined ? `[${field.type.length}]` : '';
  return `${t}${inner}${size}`;
}

// ---- shared parameter specs -----------------------------------------------------------------

const distance = (values: readonly string[]): ParamSpec => ({
  name: 'distance_type',
  label: 'Distance',
  type: { kind: 'enum', values },
  default: 'l2',
  help: 'How vectors are compared. Use the metric the embedding model was trained for: cosine for most text embeddings, l2 for raw features, dot for normalised vectors.',
});

const numPartitions: ParamSpec = {
  name: 'num_partitions',
  label: 'Partitions',
  type: { kind: 'integer', min: 1, max: 1_000_000 },
  default: 'sqrt(rows)',
  help: 'Number of IVF clusters. More partitions make each search probe fewer rows. A good start is the square root of the row count; it must not exceed the row count.',
};

const targetPartitionSize: ParamSpec = {
  name: 'target_partition_size',
  label: 'Rows per partition',
  type: { kind: 'integer', min: 1, max: 100_000_000 },
  default: null,
  help: 'Alternative to Partitions: the number of rows each IVF cluster should hold. The partition count becomes rows ÷ this value. Give one or the other, not both.',
};

const sampleRate: ParamSpec = {
  name: 'sample_rate',
  label: 'Sample rate',
  type: { kind: 'integer', min: 2, max: 65_536 },
  default: 256,
  help: 'Rows sampled per partition when training k-means. Higher trains on more data, slower.',
};

const maxIterations: ParamSpec = {
  name: 'max_iterations',
  label: 'k-means iterations',
  type: { kind: 'integer', min: 1, max: 1000 },
  default: 50,
  help: 'Upper bound on k-means iterations while training partitions and codebooks.',
};

const numSubVectors: ParamSpec = {
  name: 'num_sub_vectors',
  label: 'Sub-vectors',
  type: { kind: 'integer', min: 1, max: 65_536 },
  default: 'dimension ÷ 16 (or ÷ 8)',
  help: 'Product quantization splits each vector into this many pieces. It must divide the vector dimension. More sub-vectors: more accurate, larger index.',
};

const pqBits: ParamSpec = {
  name: 'num_bits',
  label: 'Bits per code',
  type: { kind: 'enum', values: ['4', '8'] },
  default: 8,
  help: 'Bits per PQ code. 8 is more accurate; 4 halves the index size.',
};

const rqBits: ParamSpec = {
  name: 'num_bits',
  label: 'Bits per dimension',
  type: { kind: 'integer', min: 1, max: 8 },
  default: 1,
  help: 'RaBitQ bits per dimension. 1 is the smallest index; more bits raise recall.',
};

const hnswM: ParamSpec = {
  name: 'm',
  label: 'HNSW edges (m)',
  type: { kind: 'integer', min: 2, max: 512 },
  default: 20,
  help: 'Neighbours each HNSW node keeps. Higher gives better recall and a larger, slower-to-build graph.',
};

const hnswEf: ParamSpec = {
  name: 'ef_construction',
  label: 'ef construction',
  type: { kind: 'integer', min: 1, max: 10_000 },
  default: 300,
  help: 'Candidates considered while building the HNSW graph. Higher gives a better graph and a slower build.',
};

const ftsParams: readonly ParamSpec[] = [
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

const NOT_IN_BINDING = 'not available in the pinned @lancedb/lancedb 0.39.0 Node binding';

export const INDEX_SPECS: readonly IndexSpec[] = [
  {
    type: 'IVF_PQ',
    aliases: ['VECTOR', 'IVFPQ'],
    kind: 'vector',
    label: 'IVF-PQ',
    help: 'Partitions vectors with k-means and compresses them with product quantization. The usual choice for large vector columns.',
    accepts: 'a float vector column (fixed-size list of float16/32/64)',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      numSubVectors,
      pqBits,
      sampleRate,
      maxIterations,
    ],
  },
  {
    type: 'IVF_FLAT',
    aliases: ['IVFFLAT'],
    kind: 'vector',
    label: 'IVF-Flat',
    help: 'Partitions vectors without compressing them: exact distances inside each probed partition. Also the index for binary vectors with hamming distance.',
    accepts: 'a float vector column, or a uint8 vector column with hamming distance',
    acceptsField: (field) => isFloatVector(field) || isBinaryVector(field),
    params: [
      distance(['l2', 'cosine', 'dot', 'hamming']),
      numPartitions,
      targetPartitionSize,
      sampleRate,
      maxIterations,
    ],
  },
  {
    type: 'IVF_SQ',
    aliases: ['IVFSQ'],
    kind: 'vector',
    label: 'IVF-SQ',
    help: 'Partitions vectors and stores them with scalar quantization.',
    unsupported: NOT_IN_BINDING,
    accepts: 'a float vector column',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      sampleRate,
      maxIterations,
    ],
  },
  {
    type: 'IVF_RQ',
    aliases: ['IVFRQ'],
    kind: 'vector',
    label: 'IVF-RaBitQ',
    help: 'Partitions vectors and compresses them with RaBitQ: very small indexes with good recall at high dimensions.',
    accepts: 'a float vector column',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      rqBits,
      sampleRate,
      maxIterations,
    ],
  },
  {
    type: 'IVF_HNSW_FLAT',
    aliases: [],
    kind: 'vector',
    label: 'IVF-HNSW-Flat',
    help: 'An HNSW graph inside each IVF partition, over uncompressed vectors.',
    unsupported: NOT_IN_BINDING,
    accepts: 'a float vector column',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      sampleRate,
      maxIterations,
      hnswM,
      hnswEf,
    ],
  },
  {
    type: 'IVF_HNSW_SQ',
    aliases: ['HNSW_SQ'],
    kind: 'vector',
    label: 'IVF-HNSW-SQ',
    help: 'An HNSW graph inside each IVF partition, over scalar-quantized vectors. Fast, high-recall search at the cost of a slower build.',
    accepts: 'a float vector column',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      sampleRate,
      maxIterations,
      hnswM,
      hnswEf,
    ],
  },
  {
    type: 'IVF_HNSW_PQ',
    aliases: ['HNSW_PQ'],
    kind: 'vector',
    label: 'IVF-HNSW-PQ',
    help: 'An HNSW graph inside each IVF partition, over product-quantized vectors.',
    accepts: 'a float vector column',
    acceptsField: isFloatVector,
    params: [
      distance(['l2', 'cosine', 'dot']),
      numPartitions,
      targetPartitionSize,
      numSubVectors,
      sampleRate,
      maxIterations,
      hnswM,
      hnswEf,
    ],
  },
  {
    type: 'BTREE',
    aliases: ['SCALAR'],
    kind: 'scalar',
    label: 'B-tree',
    help: 'Sorted index for equality and range filters on columns with many distinct values (ids, timestamps, prices).',
    accepts: 'a number, string, boolean, date, time, timestamp or binary column',
    acceptsField: isScalarOrderable,
    params: [],
  },
  {
    type: 'BITMAP',
    aliases: [],
    kind: 'scalar',
    label: 'Bitmap',
    help: 'One bitmap per distinct value: fast equality and IN filters on columns with few distinct values (categories, flags).',
    accepts: 'an integer, string, boolean, binary or date column',
    acceptsField: isBitmapCandidate,
    params: [],
  },
  {
    type: 'LABEL_LIST',
    aliases: ['LABELLIST'],
    kind: 'scalar',
    label: 'Label list',
    help: 'For list columns: speeds up array_has_any / array_has_all filters on tags and labels.',
    accepts: 'a list of integers, strings or booleans',
    acceptsField: isScalarList,
    params: [],
  },
  {
    type: 'NGRAM',
    aliases: [],
    kind: 'scalar',
    label: 'N-gram',
    help: 'Trigram index that speeds up contains() / LIKE filters on strings.',
    unsupported: NOT_IN_BINDING,
    accepts: 'a string column',
    acceptsField: (field) => isStringName(typeOf(field)),
    params: [],
  },
  {
    type: 'ZONEMAP',
    aliases: ['ZONE_MAP'],
    kind: 'scalar',
    label: 'Zone map',
    help: 'Min/max per zone of rows: a tiny index that skips zones during range filters on sorted data.',
    unsupported: NOT_IN_BINDING,
    accepts: 'a number, string, date or timestamp column',
    acceptsField: isScalarOrderable,
    params: [],
  },
  {
    type: 'FTS',
    aliases: ['INVERTED'],
    kind: 'fts',
    label: 'Full-text (BM25)',
    help: 'Inverted index for keyword and phrase search ranked by BM25.',
    accepts: 'a string column (or a list of strings)',
    acceptsField: isTextColumn,
    params: ftsParams,
  },
];

const SPEC_BY_NAME = new Map<string, IndexSpec>();
for (const spec of INDEX_SPECS) {
  SPEC_BY_NAME.set(spec.type, spec);
  for (const alias of spec.aliases) SPEC_BY_NAME.set(alias, spec);
}

export function findIndexSpec(indexType: string): IndexSpec | undefined {
  return SPEC_BY_NAME.get(indexType.trim().toUpperCase());
}

/** Types a column can take, for the form's type picker and for error messages. */
export function indexTypesForField(field: JsonArrowField): IndexSpec[] {
  return INDEX_SPECS.filter((spec) => spec.acceptsField(field));
}

// ---- the request contract -------------------------------------------------------------------

/** Every field a create-index request may carry (CreateTableIndexRequest, plus LanceDB extras). */
export const IndexRequestSchema = z
  .object({
    column: z.string().min(1),
    index_type: z.string().min(1),
    name: z.string().optional(),
    branch: z.string().optional(),
    replace: z.boolean().optional(),
    distance_type: z.string().optional(),
    num_partitions: z.number().optional(),
    target_partition_size: z.number().optional(),
    num_sub_vectors: z.number().optional(),
    num_bits: z.number().optional(),
    sample_rate: z.number().optional(),
    max_iterations: z.number().optional(),
    m: z.number().optional(),
    ef_construction: z.number().optional(),
    with_position: z.boolean().optional(),
    base_tokenizer: z.string().optional(),
    language: z.string().optional(),
    max_token_length: z.number().optional(),
    lower_case: z.boolean().optional(),
    stem: z.boolean().optional(),
    remove_stop_words: z.boolean().optional(),
    custom_stop_words: z.array(z.string()).optional(),
    ascii_folding: z.boolean().optional(),
    ngram_min_length: z.number().optional(),
    ngram_max_length: z.number().optional(),
    prefix_only: z.boolean().optional(),
    block_size: z.number().optional(),
  })
  .strict();

export type IndexRequest = z.infer<typeof IndexRequestSchema>;

type ParamValue = string | number | boolean | string[];

/** A request after validation: the canonical type, the resolved name, and typed parameters. */
export interface ValidatedIndexRequest {
  spec: IndexSpec;
  name: string;
  replace: boolean;
  params: Record<string, ParamValue>;
}

const GENERAL_FIELDS = new Set(['column', 'index_type', 'name', 'branch', 'replace']);

function checkParamValue(param: ParamSpec, value: unknown): ParamValue {
  const bad = (why: string) =>
    errors.InvalidInput(`Parameter ${param.name} ${why} (got ${JSON.stringify(value)})`);
  const t = param.type;
  switch (t.kind) {
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw bad('must be a whole number');
      if (t.min !== undefined && value < t.min) throw bad(`must be at least ${t.min}`);
      if (t.max !== undefined && value > t.max) throw bad(`must be at most ${t.max}`);
      return value;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('must be a number');
      if (t.min !== undefined && (t.exclusiveMin ? value <= t.min : value < t.min)) {
        throw bad(`must be ${t.exclusiveMin ? 'greater than' : 'at least'} ${t.min}`);
      }
      if (t.max !== undefined && value > t.max) throw bad(`must be at most ${t.max}`);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('must be true or false');
      return value;
    case 'enum': {
      const text =
        typeof value === 'number'
          ? String(value)
          : typeof value === 'string'
            ? value.toLowerCase()
            : undefined;
      if (text === undefined || !t.values.includes(text))
        throw bad(`must be one of ${t.values.join(', ')}`);
      return typeof value === 'number' ? value : text;
    }
    case 'string':
      if (typeof value !== 'string' || value.length === 0) throw bad('must be a non-empty string');
      if (t.pattern && !t.pattern.test(value))
        throw bad(`must be ${t.patternHelp ?? 'well formed'}`);
      return value;
    case 'string-list':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw bad('must be a list of strings');
      }
      return value as string[];
  }
}

export interface IndexTarget {
  /** The resolved column in its JSON form, with its canonical path. */
  field: JsonArrowField;
  canonicalPath: string;
  segments: readonly string[];
  /** Rows in the table now, when known: bounds partitions and drives suggestions. */
  rowCount?: number;
}
export function defaultIndexName(segments: readonly string[]): string {
  // Kept under the 255-character name limit however long the column path is.
  return `${segments
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 240)}_idx`;
}

/**
 * Checks a request against the spec table and the target column, before any work starts.
 * Every refusal is InvalidInput with a message that says what to change.
 */
export function validateIndexRequest(
  request: IndexRequest,
  target: IndexTarget,
): ValidatedIndexRequest {
  const spec = findIndexSpec(request.index_type);
  if (!spec) {
    throw errors.InvalidInput(
      `Unknown index type ${JSON.stringify(request.index_type)}; known types are ${INDEX_SPECS.map((s) => s.type).join(', ')}`,
    );
  }
  if (spec.unsupported) {
    throw errors.Unsupported(`Index type ${spec.type} is ${spec.unsupported}`);
  }
  if (!spec.acceptsField(target.field)) {
    const fits = indexTypesForField(target.field)
      .filter((s) => !s.unsupported)
      .map((s) => s.type);
    throw errors.InvalidInput(
      `Index type ${spec.type} needs ${spec.accepts}, but column ${target.canonicalPath} is ${describeFieldType(target.field)}` +
        (fits.length > 0
          ? `; this column can take ${fits.join(', ')}`
          : '; no index type fits this column'),
    );
  }

  const params: Record<string, ParamValue> = {};
  const known = new Map(spec.params.map((p) => [p.name, p]));
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || GENERAL_FIELDS.has(key)) continue;
    const param = known.get(key);
    if (!param) {
      throw errors.InvalidInput(
        `Parameter ${key} does not apply to ${spec.type}` +
          (spec.params.length > 0
            ? `; it takes ${spec.params.map((p) => p.name).join(', ')}`
            : '; it takes no parameters'),
      );
    }
    params[key] = checkParamValue(param, value);
  }

  if (params.num_partitions !== undefined && params.target_partition_size !== undefined) {
    throw errors.InvalidInput('Give num_partitions or target_partition_size, not both');
  }
  const dimension = vectorDimension(target.field);
  if (params.num_sub_vectors !== undefined && dimension !== undefined) {
    const sub = params.num_sub_vectors as number;
    if (dimension % sub !== 0) {
      throw errors.InvalidInput(
        `num_sub_vectors ${sub} does not divide the vector dimension ${dimension}; try ${suggestSubVectors(dimension)}`,
      );
    }
  }
  if (params.distance_type === 'hamming' && !isBinaryVector(target.field)) {
    throw errors.InvalidInput('hamming distance needs a uint8 vector column');
  }
  if (
    spec.kind === 'vector' &&
    isBinaryVector(target.field) &&
    params.distance_type !== 'hamming'
  ) {
    throw errors.InvalidInput(
      `Column ${target.canonicalPath} holds binary vectors; use distance_type hamming`,
    );
  }
  if (
    params.ngram_min_length !== undefined &&
    params.ngram_max_length !== undefined &&
    (params.ngram_min_length as number) > (params.ngram_max_length as number)
  ) {
    throw errors.InvalidInput('ngram_min_length must not exceed ngram_max_length');
  }
  const rows = target.rowCount;
  if (spec.kind === 'vector' && rows !== undefined) {
    if (rows === 0) {
      throw errors.InvalidInput(
        `A ${spec.type} index is trained on the data; the table has no rows yet`,
      );
    }
    if (params.num_partitions !== undefined && (params.num_partitions as number) > rows) {
      throw errors.InvalidInput(
        `num_partitions ${String(params.num_partitions)} exceeds the ${rows} rows in the table; use at most ${rows}`,
      );
    }
  }

  const name = request.name ?? defaultIndexName(target.segments);
  const nameProblem = componentProblem(name);
  if (nameProblem)
    throw errors.InvalidInput(`Invalid index name ${JSON.stringify(name)}: it ${nameProblem}`);

  return { spec, name, replace: request.replace ?? true, params };
}

// ---- suggestions for forms ------------------------------------------------------------------

/** A sub-vector count that divides the dimension, aiming at 16 dimensions per sub-vector. */
export function suggestSubVectors(dimension: number): number {
  for (const per of [16, 8, 4, 2, 1]) {
    if (dimension % per === 0 && dimension / per >= 1) return dimension / per;
  }
  return 1;
}

export function suggestPartitions(rows: number): number {
  return Math.max(1, Math.min(rows, Math.round(Math.sqrt(rows))));
}
