/**
 * Turns a validated index request into LanceDB's Index configuration. Only the parameters the
 * request carries are passed; LanceDB's own defaults (listed in the spec table) apply otherwise.
 */
import { Index } from '@lancedb/lancedb';
import type { ValidatedIndexRequest } from '../../../../src-shared/index-request';
import { errors } from '../../../../src-shared/vocabulary/errors';

type VectorDistance = 'l2' | 'cosine' | 'dot';

function partitions(params: ValidatedIndexRequest['params'], rowCount: number): number | undefined {
  if (params.num_partitions !== undefined) return params.num_partitions as number;
  const target = params.target_partition_size as number | undefined;
  // LanceDB's Node binding has no target_partition_size; it means rows ÷ size, so derive it.
  return target === undefined ? undefined : Math.max(1, Math.ceil(rowCount / target));
}

export function toLanceIndex(request: ValidatedIndexRequest, rowCount: number): Index {
  const p = request.params;
  const distanceType = p.distance_type as VectorDistance | undefined;
  const common = {
    distanceType,
    numPartitions: partitions(p, rowCount),
    maxIterations: p.max_iterations as number | undefined,
    sampleRate: p.sample_rate as number | undefined,
  };
  switch (request.spec.type) {
    case 'IVF_PQ':
      return Index.ivfPq({
        ...common,
        numSubVectors: p.num_sub_vectors as number | undefined,
        numBits: p.num_bits === undefined ? undefined : Number(p.num_bits),
      });
    case 'IVF_FLAT':
      return Index.ivfFlat({
        ...common,
        distanceType: p.distance_type as VectorDistance | 'hamming' | undefined,
      });
    case 'IVF_RQ':
      return Index.ivfRq({ ...common, numBits: p.num_bits as number | undefined });
    case 'IVF_HNSW_SQ':
      return Index.hnswSq({
        ...common,
        m: p.m as number | undefined,
        efConstruction: p.ef_construction as number | undefined,
      });
    case 'IVF_HNSW_PQ':
      return Index.hnswPq({
        ...common,
        numSubVectors: p.num_sub_vectors as number | undefined,
        m: p.m as number | undefined,
        efConstruction: p.ef_construction as number | undefined,
      });
    case 'BTREE':
      return Index.btree();
    case 'BITMAP':
      return Index.bitmap();
    case 'LABEL_LIST':
      return Index.labelList();
    case 'FM':
      return Index.fm();
    case 'FTS':
      return Index.fts({
        withPosition: p.with_position as boolean | undefined,
        baseTokenizer: p.base_tokenizer as never,
        language: p.language as string | undefined,
        maxTokenLength: p.max_token_length as number | undefined,
        lowercase: p.lower_case as boolean | undefined,
        stem: p.stem as boolean | undefined,
        removeStopWords: p.remove_stop_words as boolean | undefined,
        customStopWords: p.custom_stop_words as string[] | undefined,
        asciiFolding: p.ascii_folding as boolean | undefined,
        ngramMinLength: p.ngram_min_length as number | undefined,
        ngramMaxLength: p.ngram_max_length as number | undefined,
        prefixOnly: p.prefix_only as boolean | undefined,
        blockSize: p.block_size === undefined ? undefined : (Number(p.block_size) as 128 | 256),
      });
    default:
      throw errors.Unsupported(`Index type ${request.spec.type} cannot be built here`);
  }
}

/** LanceDB reports types as IvfPq, BTree, FTS…; the catalog speaks the contract's names. */
const CANONICAL_TYPE: Record<string, string> = {
  ivfpq: 'IVF_PQ',
  ivf_pq: 'IVF_PQ',
  ivfflat: 'IVF_FLAT',
  ivf_flat: 'IVF_FLAT',
  ivfsq: 'IVF_SQ',
  ivf_sq: 'IVF_SQ',
  ivfrq: 'IVF_RQ',
  ivf_rq: 'IVF_RQ',
  ivfhnswsq: 'IVF_HNSW_SQ',
  ivf_hnsw_sq: 'IVF_HNSW_SQ',
  ivfhnswpq: 'IVF_HNSW_PQ',
  ivf_hnsw_pq: 'IVF_HNSW_PQ',
  ivfhnswflat: 'IVF_HNSW_FLAT',
  ivf_hnsw_flat: 'IVF_HNSW_FLAT',
  btree: 'BTREE',
  bitmap: 'BITMAP',
  labellist: 'LABEL_LIST',
  label_list: 'LABEL_LIST',
  fts: 'FTS',
  inverted: 'FTS',
  ngram: 'NGRAM',
  zonemap: 'ZONEMAP',
  fm: 'FM',
};

export function canonicalIndexType(lanceType: string): string {
  return CANONICAL_TYPE[lanceType.toLowerCase()] ?? lanceType.toUpperCase();
}
