/**
 * The declarative table of index types. It drives request validation in the engine, the REST
 * server's create_index route and the app's create-index form: one table, three users.
 */
import type { JsonArrowField } from '../json-arrow-types';
import {
  isBinaryVector,
  isBitmapCandidate,
  isFloatVector,
  isScalarList,
  isScalarOrderable,
  isStringName,
  isTextColumn,
  typeOf,
} from './column-kinds';
import {
  distance,
  ftsParams,
  hnswEf,
  hnswM,
  maxIterations,
  numPartitions,
  numSubVectors,
  pqBits,
  rqBits,
  sampleRate,
  targetPartitionSize,
} from './params';
import type { IndexSpec } from './spec-types';

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
    type: 'FM',
    aliases: [],
    kind: 'scalar',
    label: 'FM (substring)',
    help: "Speeds up contains(col, '…') filters: any substring of the raw text, case-sensitive, not split into words. Choose it to find rare fragments (codes, ids, hashes) in long strings; a fragment that occurs often in the column is slower through it than a scan. For words and phrases ranked by relevance choose Full-text. LIKE '%…%' does not use it.",
    accepts: 'a string column',
    acceptsField: (field) => isStringName(typeOf(field)),
    // LanceDB 0.39's Index.fm() takes no options.
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
