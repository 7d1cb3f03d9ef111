import { describe, expect, it } from 'vitest';
import { codeFor } from '../../../../src-shared/code-snippets/snippets';
import { queryTableRequest } from '../../../../src-shared/code-snippets/curl-query-body';
import { shellQuote } from '../../../../src-shared/code-snippets/literals';
import { NASTY, SAMPLE_ACTIONS, SAMPLE_CONNECTIONS } from './sample-actions';

const { folder, apiKey, bearer, custom } = SAMPLE_CONNECTIONS;

describe('codeFor', () => {
  it('gives all three forms for every action and connection', () => {
    for (const action of Object.values(SAMPLE_ACTIONS)) {
      for (const connection of Object.values(SAMPLE_CONNECTIONS)) {
        const code = codeFor(action, connection);
        expect(code.typescript).toContain("import * as lancedb from '@lancedb/lancedb';");
        expect(code.python).toContain('import lancedb');
        expect(code.curl).toContain('curl --fail-with-body');
      }
    }
  });

  it('never holds a secret: credentials come from the environment', () => {
    const action = SAMPLE_ACTIONS.vector!;
    const key = codeFor(action, apiKey!);
    expect(key.typescript).toContain(
      `headers: { "x-api-key": (process.env.CATALOG_API_KEY ?? '') }`,
    );
    expect(key.python).toContain(`"header.x-api-key": os.environ["CATALOG_API_KEY"]`);
    expect(key.curl).toContain(`-H "x-api-key: $CATALOG_API_KEY"`);
    const token = codeFor(action, bearer!);
    expect(token.typescript).toContain(
      `"Authorization": "Bearer " + (process.env.CATALOG_TOKEN ?? '')`,
    );
    expect(token.python).toContain(
      `"header.Authorization": "Bearer " + os.environ["CATALOG_TOKEN"]`,
    );
    expect(token.curl).toContain(`-H "Authorization: Bearer $CATALOG_TOKEN"`);
    expect(codeFor(action, custom!).curl).toContain(`-H "X-Custom-Auth: $CATALOG_X_CUSTOM_AUTH"`);
  });

  it('addresses nested tables by the $-joined, URL-encoded id', () => {
    const code = codeFor(SAMPLE_ACTIONS.fts!, apiKey!);
    expect(code.curl).toContain("'https://catalog.example.com/v1/table/prod%24eu%24docs/query'");
    expect(code.typescript).toContain('db.openTable("docs", ["prod","eu"])');
    expect(code.python).toContain('db.open_table("docs", namespace_path=["prod", "eu"])');
    expect(codeFor(SAMPLE_ACTIONS.dropNamespace!, apiKey!).curl).toContain(
      '/v1/namespace/prod/drop',
    );
  });

  it('quotes what the user typed for each language', () => {
    const code = codeFor(SAMPLE_ACTIONS.fts!, apiKey!);
    expect(code.typescript).toContain(
      `.fullTextSearch(${JSON.stringify(NASTY)}, { columns: ["text"] })`,
    );
    expect(code.python).toContain(
      `.search(${JSON.stringify(NASTY)}, query_type="fts", fts_columns=["text"])`,
    );
    const body = JSON.stringify(
      queryTableRequest(SAMPLE_ACTIONS.fts!.kind === 'search' ? SAMPLE_ACTIONS.fts!.query : {}),
    );
    expect(code.curl).toContain(`--data-raw ${shellQuote(body)}`);
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });

  it('writes Python booleans and nulls as Python', () => {
    const vector = codeFor(SAMPLE_ACTIONS.vector!, folder!).python;
    expect(vector).toContain('.where("id > 3", prefilter=False)');
    expect(vector).toContain('.with_row_id(True)');
    expect(codeFor(SAMPLE_ACTIONS.hybrid!, folder!).python).toContain(
      '.distance_range(lower_bound=None, upper_bound=2)',
    );
    expect(codeFor(SAMPLE_ACTIONS.scan!, folder!).python).toContain(
      'ColumnOrdering(column_name="id", ascending=False, nulls_first=False)',
    );
  });

  it('carries every search parameter', () => {
    const code = codeFor(SAMPLE_ACTIONS.vector!, apiKey!);
    for (const call of [
      '.nearestTo([0.5,-1,1e-7,3])',
      '.column("vector")',
      '.distanceType("cosine")',
      '.distanceRange(0.1, 0.9)',
      '.nprobes(20)',
      '.refineFactor(5)',
      '.ef(64)',
      '.bypassVectorIndex()',
      '.postfilter()',
      '.limit(7)',
      '.withRowId()',
    ])
      expect(code.typescript).toContain(call);
    expect(code.typescript).toContain('db.openTable("loose", [], {"version":3})');
    expect(
      queryTableRequest(
        SAMPLE_ACTIONS.vector!.kind === 'search' ? SAMPLE_ACTIONS.vector!.query : {},
      ),
    ).toEqual({
      vector: { single_vector: [0.5, -1, 1e-7, 3] },
      vector_column: 'vector',
      k: 7,
      filter: 'id > 3',
      distance_type: 'cosine',
      lower_bound: 0.1,
      upper_bound: 0.9,
      nprobes: 20,
      refine_factor: 5,
      ef: 64,
      prefilter: false,
      bypass_vector_index: true,
      with_row_id: true,
      version: 3,
    });
  });

  it('makes a hybrid search reranked with RRF', () => {
    const code = codeFor(SAMPLE_ACTIONS.hybrid!, folder!);
    expect(code.typescript).toContain('.rerank(await lancedb.rerankers.RRFReranker.create())');
    expect(code.python).toContain('from lancedb.rerankers import RRFReranker');
    expect(code.python).toContain('.search(query_type="hybrid")');
    expect(code.python).toContain('.rerank(RRFReranker())');
    expect(code.curl).toContain('"full_text_query":{"string_query":{"query":"mountain river"}}');
    expect(code.curl).toContain('"single_vector"');
  });

  it('maps an index request as the engine does', () => {
    const pq = codeFor(SAMPLE_ACTIONS.ivfPq!, folder!);
    expect(pq.typescript).toContain(
      'lancedb.Index.ivfPq({ distanceType: "cosine", numPartitions: Math.max(1, Math.ceil((await table.countRows()) / 4096)), maxIterations: 50, sampleRate: 256, numSubVectors: 16, numBits: 8 })',
    );
    expect(pq.typescript).toContain('replace: false');
    expect(pq.python).toContain(
      'IvfPq(distance_type="cosine", target_partition_size=4096, num_sub_vectors=16, num_bits=8, sample_rate=256, max_iterations=50)',
    );
    expect(pq.curl).toContain('"replace":false,"name":"vector_idx"');
    const fts = codeFor(SAMPLE_ACTIONS.fullText!, folder!).typescript;
    expect(fts).toContain('lowercase: false');
    expect(fts).toContain('blockSize: 256');
    expect(codeFor(SAMPLE_ACTIONS.btreeNested!, folder!).typescript).toContain(
      'name: "meta_score_idx"',
    );
    const sq = codeFor(SAMPLE_ACTIONS.ivfSq!, folder!);
    expect(sq.typescript).toContain('throw new Error');
    expect(sq.python).toContain('from lancedb.index import IvfSq');
    const fm = codeFor(SAMPLE_ACTIONS.fm!, folder!);
    expect(fm.typescript).toContain('config: lancedb.Index.fm()');
    expect(fm.typescript).toContain('name: "text_idx"');
    expect(fm.curl).toContain('"index_type":"fm"');
  });

  it('carries out namespace modes LanceDB leaves to the catalog on a folder, passes them to a remote', () => {
    const local = codeFor(SAMPLE_ACTIONS.dropNamespace!, folder!).typescript;
    expect(local).toContain('async function dropCascade');
    expect(local).toContain(
      'if ((await db.listNamespaces([])).namespaces.includes("prod")) await dropCascade(["prod"]);',
    );
    expect(codeFor(SAMPLE_ACTIONS.dropNamespace!, apiKey!).typescript).toContain(
      'await db.dropNamespace(["prod"], {"mode":"skip","behavior":"cascade"});',
    );
    expect(codeFor(SAMPLE_ACTIONS.createNamespaceExistOk!, folder!).python).toContain(
      'if not db.namespace_exists(["a"]):',
    );
  });

  it('renames on a folder through catalog-studio serve, and always names the new path in Python', () => {
    const code = codeFor(SAMPLE_ACTIONS.renameInPlace!, folder!);
    expect(code.typescript).toContain(
      'connectNamespace(\'rest\', { uri: "http://127.0.0.1:2333" })',
    );
    expect(code.typescript).toContain(
      `catalog-studio serve --root ${shellQuote(folder!.kind === 'remote' ? '' : folder!.uri)}`,
    );
    expect(code.python).toContain(
      'server.rename_table("loose", "loose2", cur_namespace_path=[], new_namespace_path=[])',
    );
    expect(codeFor(SAMPLE_ACTIONS.rename!, apiKey!).curl).toContain(
      `'{"new_table_name":"docs_v2","new_namespace_id":["archive"]}'`,
    );
  });

  it('keeps a newline in a path out of comments', () => {
    // The path's newline would otherwise start a line of code inside the comment.
    for (const form of Object.values(codeFor(SAMPLE_ACTIONS.rename!, folder!))) {
      expect(form).not.toMatch(/^\$\(rm -rf/m);
    }
    expect(codeFor(SAMPLE_ACTIONS.scan!, folder!).curl.split('\n')[0]).toContain(
      "$'/Users/me/it\\'s",
    );
  });
});
