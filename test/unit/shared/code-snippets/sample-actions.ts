/**
 * One of every action, with awkward values (quotes, `$`, backslashes, newlines) wherever the user
 * can type freely, and the connections snippets are made for.
 */
import type { CodeAction, SnippetConnection } from '../../../../src-shared/code-snippets/actions';

export const NASTY = `it's "$HOME" \`id\` \\n\n$(rm -rf /)`;

const target = { namespacePath: ['prod', 'eu'], table: 'docs' };
const root = { namespacePath: [], table: 'loose' };
const vector = [0.5, -1, 1e-7, 3];

export const SAMPLE_ACTIONS: Record<string, CodeAction> = {
  scan: {
    kind: 'search',
    target,
    query: {
      filter: `text = '${NASTY.replace(/'/g, "''")}'`,
      columns: ['id', 'meta.score'],
      limit: 20,
      offset: 40,
      orderBy: [{ column: 'id', ascending: false }],
    },
  },
  vector: {
    kind: 'search',
    target: root,
    query: {
      vector,
      vectorColumn: 'vector',
      limit: 7,
      distanceType: 'cosine',
      nprobes: 20,
      refineFactor: 5,
      ef: 64,
      bypassVectorIndex: true,
      prefilter: false,
      filter: 'id > 3',
      distanceRange: { lower: 0.1, upper: 0.9 },
      withRowId: true,
      version: 3,
    },
  },
  fts: {
    kind: 'search',
    target,
    query: { fullTextQuery: { query: NASTY, columns: ['text'] }, limit: 5 },
  },
  hybrid: {
    kind: 'search',
    target,
    query: {
      vector,
      fullTextQuery: { query: 'mountain river' },
      limit: 10,
      distanceRange: { upper: 2 },
    },
  },
  recall: {
    kind: 'recall-setting',
    target,
    query: { vector, vectorColumn: 'vector', limit: 10 },
    nprobes: 8,
    refineFactor: 2,
  },
  createTable: {
    kind: 'create-table',
    target,
    mode: 'exist_ok',
    schema: {
      fields: [
        { name: NASTY, nullable: false, type: { type: 'int64' } },
        { name: 'when', nullable: true, type: { type: 'timestamp:us:UTC' } },
        {
          name: 'v',
          nullable: true,
          type: {
            type: 'fixed_size_list',
            length: 4,
            fields: [{ name: 'item', nullable: true, type: { type: 'float16' } }],
          },
        },
      ],
      metadata: { [NASTY]: NASTY },
    },
  },
  importCsv: {
    kind: 'import',
    target,
    file: `/home/me/${NASTY}.csv`,
    format: 'csv',
    mode: 'create',
  },
  importTsv: { kind: 'import', target, file: '/data/a.tsv', format: 'tsv', mode: 'append' },
  importJson: {
    kind: 'import',
    target: root,
    file: '/data/a.json',
    format: 'json',
    mode: 'create',
  },
  importNdjson: {
    kind: 'import',
    target,
    file: '/data/a.ndjson',
    format: 'ndjson',
    mode: 'create',
  },
  importParquet: {
    kind: 'import',
    target,
    file: '/data/a.parquet',
    format: 'parquet',
    mode: 'append',
  },
  importArrow: {
    kind: 'import',
    target,
    file: `/data/${NASTY}.arrow`,
    format: 'arrow',
    mode: 'create',
  },
  ivfPq: {
    kind: 'create-index',
    target,
    request: {
      column: 'vector',
      index_type: 'ivf_pq',
      distance_type: 'cosine',
      target_partition_size: 4096,
      num_sub_vectors: 16,
      num_bits: 8,
      sample_rate: 256,
      max_iterations: 50,
      replace: false,
    },
  },
  hnsw: {
    kind: 'create-index',
    target,
    request: {
      column: 'vector',
      index_type: 'IVF_HNSW_SQ',
      m: 16,
      ef_construction: 200,
      num_partitions: 4,
    },
  },
  fullText: {
    kind: 'create-index',
    target,
    request: {
      column: 'text',
      index_type: 'FTS',
      name: 'text_fts',
      with_position: true,
      base_tokenizer: 'ngram',
      language: 'French',
      lower_case: false,
      stem: true,
      remove_stop_words: true,
      custom_stop_words: [NASTY],
      ascii_folding: true,
      ngram_min_length: 2,
      ngram_max_length: 4,
      prefix_only: false,
      max_token_length: 30,
      block_size: 256,
    },
  },
  btreeNested: {
    kind: 'create-index',
    target,
    request: { column: 'meta.score', index_type: 'BTREE' },
  },
  ivfSq: { kind: 'create-index', target, request: { column: 'vector', index_type: 'IVF_SQ' } },
  fm: { kind: 'create-index', target, request: { column: 'text', index_type: 'fm' } },
  createNamespace: {
    kind: 'create-namespace',
    namespacePath: ['prod', 'eu'],
    properties: { [NASTY]: NASTY },
  },
  createNamespaceExistOk: { kind: 'create-namespace', namespacePath: ['a'], mode: 'exist_ok' },
  createNamespaceOverwrite: {
    kind: 'create-namespace',
    namespacePath: ['a', 'b'],
    mode: 'overwrite',
  },
  dropTable: { kind: 'drop-table', target },
  dropNamespace: {
    kind: 'drop-namespace',
    namespacePath: ['prod'],
    options: { mode: 'skip', behavior: 'cascade' },
  },
  dropNamespacePlain: { kind: 'drop-namespace', namespacePath: ['prod', 'eu'] },
  rename: { kind: 'rename-table', target, newName: 'docs_v2', newNamespacePath: ['archive'] },
  renameInPlace: { kind: 'rename-table', target: root, newName: 'loose2' },
};

export const SAMPLE_CONNECTIONS: Record<string, SnippetConnection> = {
  folder: { kind: 'folder', uri: `/Users/me/${NASTY}/catalog` },
  objectStore: { kind: 'object-store', uri: 's3://bucket/prefix' },
  apiKey: { kind: 'remote', url: 'https://catalog.example.com/', authHeader: 'x-api-key' },
  bearer: { kind: 'remote', url: 'http://127.0.0.1:2333', authHeader: 'authorization' },
  custom: { kind: 'remote', url: 'http://h:1', authHeader: 'X-Custom-Auth' },
  open: { kind: 'remote', url: 'http://127.0.0.1:2333' },
};
