/**
 * An index request as LanceDB Node's `Index.*({...})` configuration, parameter for parameter as
 * src-main/catalog/dir/table/index-config.ts maps them, so the snippet builds what the app builds.
 */
import type { IndexRequest } from '../index-request';
import { tsValue } from './literals';

/** Code written as it is, rather than as a literal of a value. */
class Code {
  constructor(readonly text: string) {}
}

type Options = Array<[string, unknown]>;

function optionsLiteral(options: Options): string {
  const given = options.filter(([, v]) => v !== undefined);
  if (given.length === 0) return '';
  const literal = (v: unknown) => (v instanceof Code ? v.text : tsValue(v));
  return `{ ${given.map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;
}

/** LanceDB's Node binding has no target_partition_size: it means rows ÷ size, as the app derives it. */
function partitions(r: IndexRequest): unknown {
  if (r.num_partitions !== undefined) return r.num_partitions;
  if (r.target_partition_size === undefined) return undefined;
  return new Code(`Math.max(1, Math.ceil((await table.countRows()) / ${r.target_partition_size}))`);
}

/** The `Index.…(…)` expression, or undefined for a type the Node binding cannot build. */
export function typescriptIndexConfig(type: string, r: IndexRequest): string | undefined {
  const common: Options = [
    ['distanceType', r.distance_type],
    ['numPartitions', partitions(r)],
    ['maxIterations', r.max_iterations],
    ['sampleRate', r.sample_rate],
  ];
  const call = (name: string, options: Options) =>
    `lancedb.Index.${name}(${optionsLiteral(options)})`;
  switch (type) {
    case 'IVF_PQ':
      return call('ivfPq', [
        ...common,
        ['numSubVectors', r.num_sub_vectors],
        ['numBits', r.num_bits],
      ]);
    case 'IVF_FLAT':
      return call('ivfFlat', common);
    case 'IVF_RQ':
      return call('ivfRq', [...common, ['numBits', r.num_bits]]);
    case 'IVF_HNSW_SQ':
      return call('hnswSq', [...common, ['m', r.m], ['efConstruction', r.ef_construction]]);
    case 'IVF_HNSW_PQ':
      return call('hnswPq', [
        ...common,
        ['numSubVectors', r.num_sub_vectors],
        ['m', r.m],
        ['efConstruction', r.ef_construction],
      ]);
    case 'BTREE':
      return 'lancedb.Index.btree()';
    case 'BITMAP':
      return 'lancedb.Index.bitmap()';
    case 'LABEL_LIST':
      return 'lancedb.Index.labelList()';
    case 'FM':
      return 'lancedb.Index.fm()';
    case 'FTS':
      return call('fts', [
        ['withPosition', r.with_position],
        ['baseTokenizer', r.base_tokenizer],
        ['language', r.language],
        ['maxTokenLength', r.max_token_length],
        ['lowercase', r.lower_case],
        ['stem', r.stem],
        ['removeStopWords', r.remove_stop_words],
        ['customStopWords', r.custom_stop_words],
        ['asciiFolding', r.ascii_folding],
        ['ngramMinLength', r.ngram_min_length],
        ['ngramMaxLength', r.ngram_max_length],
        ['prefixOnly', r.prefix_only],
        ['blockSize', r.block_size],
      ]);
    default:
      return undefined;
  }
}
