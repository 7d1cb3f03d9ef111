/**
 * The TypeScript snippets, run with tsx against a real catalog folder and compared with what the
 * engine does for the same action.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { toJsonArrowSchema } from '../../../../src-main/catalog/json-arrow-schema';
import type { QueryRequest } from '../../../../src-shared/catalog-api';
import { codeFor, DEFAULT_SERVE_URL } from '../../../../src-shared/code-snippets/snippets';
import type { CodeAction, SnippetConnection } from '../../../../src-shared/code-snippets/actions';
import { startCatalogServer } from '../../../support/catalog-server';
import { sampleTable } from '../../../support/sample-data';
import { runTypescript } from './run-snippet';
import { DIM, sampleCatalog, SCHEMA } from './sample-catalog';

let root: string;
let folder: SnippetConnection;

beforeAll(async () => {
  root = await sampleCatalog();
  folder = { kind: 'folder', uri: root };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const target = { namespacePath: ['prod'], table: 'docs' };
const probe = Array.from({ length: DIM }, (_, i) => (i % 3) / 3);

async function engineIds(query: QueryRequest): Promise<number[]> {
  const engine = await connect(root);
  try {
    const table = await engine.openTable('docs', ['prod']);
    return [...(await table.query(query)).getChild('id')!.toArray()].map(Number);
  } finally {
    await engine.close();
  }
}

async function snippetIds(query: QueryRequest, connection = folder, env = {}): Promise<number[]> {
  const code = codeFor({ kind: 'search', target, query }, connection).typescript;
  return (await runTypescript(code, 'rows.map((r) => Number(r.id))', env)) as number[];
}

describe('TypeScript snippets run against a folder', () => {
  it('a filtered scan returns the rows the engine returns', async () => {
    const query: QueryRequest = {
      filter: "category = 'c2' AND text NOT LIKE '%''%'",
      columns: ['id', 'text'],
      limit: 7,
      offset: 2,
    };
    const expected = await engineIds(query);
    expect(expected).toHaveLength(7);
    expect(await snippetIds(query)).toEqual(expected);
  });

  it('a vector search (column, k, distance, nprobes, refine, bypass, postfilter) matches', async () => {
    const query: QueryRequest = {
      vector: probe,
      vectorColumn: 'vector',
      limit: 6,
      distanceType: 'cosine',
      nprobes: 4,
      refineFactor: 2,
      bypassVectorIndex: true,
      prefilter: false,
      filter: 'id < 250',
      columns: ['id'],
    };
    const expected = await engineIds(query);
    expect(expected.length).toBeGreaterThan(0);
    expect(await snippetIds(query)).toEqual(expected);
  });

  it('a full-text search matches', async () => {
    const query: QueryRequest = {
      fullTextQuery: { query: 'mountain', columns: ['text'] },
      limit: 8,
      columns: ['id', 'text'],
    };
    const expected = await engineIds(query);
    expect(expected.length).toBeGreaterThan(0);
    expect(await snippetIds(query)).toEqual(expected);
  });

  it('a recall setting is the vector search at its nprobes and refine factor', async () => {
    const action: CodeAction = {
      kind: 'recall-setting',
      target,
      query: { vector: probe, vectorColumn: 'vector', limit: 5, columns: ['id'] },
      nprobes: 3,
      refineFactor: 4,
    };
    const code = codeFor(action, folder).typescript;
    expect(code).toContain('.nprobes(3)');
    expect(code).toContain('.refineFactor(4)');
    const ids = await runTypescript(code, 'rows.map((r) => Number(r.id))');
    expect(ids).toEqual(
      await engineIds({ vector: probe, vectorColumn: 'vector', limit: 5, columns: ['id'] }),
    );
  });

  it('a distance range keeps only rows within [lower, upper)', async () => {
    const query = {
      vector: probe,
      limit: 50,
      columns: ['id'],
      distanceRange: { lower: 0.5, upper: 1.5 },
    };
    const code = codeFor({ kind: 'search', target, query }, folder).typescript;
    expect(code).toContain('.distanceRange(0.5, 1.5)');
    const distances = (await runTypescript(code, 'rows.map((r) => r._distance)')) as number[];
    expect(distances.length).toBeGreaterThan(0);
    for (const d of distances) {
      expect(d).toBeGreaterThanOrEqual(0.5);
      expect(d).toBeLessThan(1.5);
    }
  });

  it('a hybrid search (vector + full text, RRF) runs and returns at most k rows', async () => {
    const query = {
      vector: probe,
      fullTextQuery: { query: 'mountain', columns: ['text'] },
      limit: 5,
    };
    const code = codeFor({ kind: 'search', target, query }, folder).typescript;
    const ids = (await runTypescript(code, 'rows.map((r) => Number(r.id))')) as number[];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(5);
  });

  it('creates a namespace with properties, an empty table and an index', async () => {
    const properties = { note: 'it\'s "$HOME" `x`\n' };
    await runTypescript(
      codeFor({ kind: 'create-namespace', namespacePath: ['prod', 'eu'], properties }, folder)
        .typescript,
    );
    await runTypescript(
      codeFor(
        {
          kind: 'create-namespace',
          namespacePath: ['prod', 'eu'],
          properties: { other: 'x' },
          mode: 'exist_ok',
        },
        folder,
      ).typescript,
    );
    await runTypescript(
      codeFor(
        {
          kind: 'create-table',
          target: { namespacePath: ['prod', 'eu'], table: 'fresh' },
          schema: SCHEMA,
        },
        folder,
      ).typescript,
    );
    await runTypescript(
      codeFor(
        {
          kind: 'create-index',
          target,
          request: {
            column: 'vector',
            index_type: 'IVF_PQ',
            distance_type: 'cosine',
            num_partitions: 2,
            num_sub_vectors: 4,
          },
        },
        folder,
      ).typescript,
    );
    const engine = await connect(root);
    try {
      expect((await engine.describeNamespace(['prod', 'eu'])).properties).toEqual(properties);
      const fresh = await (await engine.openTable('fresh', ['prod', 'eu'])).describe();
      expect(toJsonArrowSchema(fresh.schema)).toEqual(SCHEMA);
      expect(fresh.rowCount).toBe(0);
      const indexes = await (await engine.openTable('docs', ['prod'])).listIndices();
      expect(indexes.find((i) => i.name === 'vector_idx')).toMatchObject({
        indexType: 'IVF_PQ',
        columns: ['vector'],
        distanceType: 'cosine',
        status: 'ready',
      });
    } finally {
      await engine.close();
    }
  });

  it('renames (moving namespaces) through a server, then drops a table and a namespace', async () => {
    const engine = await connect(root);
    await engine.createNamespace(['tmp']);
    await engine.createNamespace(['tmp', 'inner']);
    await engine.createTable('moving', sampleTable(3, DIM), ['tmp']);
    await engine.createTable('gone', sampleTable(2, DIM), ['tmp', 'inner']);
    await engine.close();

    const rename = codeFor(
      {
        kind: 'rename-table',
        target: { namespacePath: ['tmp'], table: 'moving' },
        newName: 'moved',
        newNamespacePath: ['prod'],
      },
      folder,
    ).typescript;
    expect(rename).toContain(`catalog-studio serve --root '${root.replace(/'/g, `'\\''`)}'`);
    const server = await startCatalogServer({ root });
    try {
      await runTypescript(rename.replace(DEFAULT_SERVE_URL, server.url));
      expect((await server.catalog.listTables(['prod'])).tables).toContain('moved');
      expect((await server.catalog.listTables(['tmp'])).tables).not.toContain('moving');
    } finally {
      await server.close();
    }

    await runTypescript(
      codeFor({ kind: 'drop-table', target: { namespacePath: ['prod'], table: 'moved' } }, folder)
        .typescript,
    );
    await runTypescript(
      codeFor(
        { kind: 'drop-namespace', namespacePath: ['tmp'], options: { behavior: 'cascade' } },
        folder,
      ).typescript,
    );
    await runTypescript(
      codeFor(
        { kind: 'drop-namespace', namespacePath: ['never'], options: { mode: 'skip' } },
        folder,
      ).typescript,
    );
    const after = await connect(root);
    try {
      expect((await after.listTables(['prod'])).tables).not.toContain('moved');
      expect((await after.listNamespaces([])).namespaces).not.toContain('tmp');
    } finally {
      await after.close();
    }
  });
});

describe('TypeScript snippets run against a remote', () => {
  it('a vector search through the REST namespace client, key from the environment', async () => {
    const server = await startCatalogServer({
      root,
      auth: { principals: [{ name: 'reader', api_keys: ['snippet-key'], role: 'reader' }] },
    });
    try {
      const remote: SnippetConnection = {
        kind: 'remote',
        url: server.url,
        authHeader: 'x-api-key',
      };
      const query: QueryRequest = { vector: probe, limit: 4, columns: ['id'], filter: 'id > 10' };
      const code = codeFor({ kind: 'search', target, query }, remote).typescript;
      expect(code).not.toContain('snippet-key');
      const ids = await runTypescript(code, 'rows.map((r) => Number(r.id))', {
        CATALOG_API_KEY: 'snippet-key',
      });
      const table = await server.catalog.openTable('docs', ['prod']);
      expect(ids).toEqual([...(await table.query(query)).getChild('id')!.toArray()].map(Number));
    } finally {
      await server.close();
    }
  });
});
