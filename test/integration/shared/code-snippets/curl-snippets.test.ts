/**
 * The curl snippets, run through bash against a real server on a real catalog, and compared with
 * what the engine does for the same action. The server requires an API key, which the snippets
 * read from $CATALOG_API_KEY.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The engine's apache-arrow (CommonJS), the one sampleTable builds with.
import { arrow } from '../../../../src-main/catalog/arrow';
import { toJsonArrowSchema } from '../../../../src-main/catalog/json-arrow-schema';
import type { QueryRequest } from '../../../../src-shared/catalog-api';
import type { CodeAction, SnippetConnection } from '../../../../src-shared/code-snippets/actions';
import { codeFor, DEFAULT_SERVE_URL } from '../../../../src-shared/code-snippets/snippets';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { sampleTable } from '../../../support/sample-data';
import { runBash, scratchDir } from './run-snippet';
import { DIM, sampleCatalog, SCHEMA } from './sample-catalog';

const KEY = "curl-key-with-'quote'-and-$dollar";
let root: string;
let server: RunningServer;
let remote: SnippetConnection;
let work: ReturnType<typeof scratchDir>;

beforeAll(async () => {
  root = await sampleCatalog();
  server = await startCatalogServer({
    root,
    auth: { principals: [{ name: 'admin', api_keys: [KEY], role: 'admin' }] },
  });
  remote = { kind: 'remote', url: `${server.url}/`, authHeader: 'x-api-key' };
  work = scratchDir();
});
afterAll(async () => {
  await server.close();
  work.remove();
  rmSync(root, { recursive: true, force: true });
});

const target = { namespacePath: ['prod'], table: 'docs' };
const probe = Array.from({ length: DIM }, (_, i) => ((i * 7) % 5) / 5);

async function curl(action: CodeAction, connection = remote): Promise<string> {
  const code = codeFor(action, connection).curl;
  expect(code).not.toContain(KEY);
  return runBash(code, work.dir, { CATALOG_API_KEY: KEY });
}

async function searchBoth(query: QueryRequest): Promise<[number[], number[]]> {
  await curl({ kind: 'search', target, query });
  const answer = arrow.tableFromIPC(readFileSync(join(work.dir, 'results.arrow')));
  const table = await server.catalog.openTable('docs', ['prod']);
  const expected = (await table.query(query)).getChild('id')!.toArray();
  return [[...answer.getChild('id')!.toArray()].map(Number), [...expected].map(Number)];
}

describe('curl snippets against the server', () => {
  it('a filtered scan with a quote in the filter', async () => {
    const [got, expected] = await searchBoth({
      filter: "category = 'c1' AND text NOT LIKE '%''%'",
      columns: ['id', 'category'],
      limit: 9,
      offset: 1,
    });
    expect(expected).toHaveLength(9);
    expect(got).toEqual(expected);
  });

  it('a vector search with its parameters', async () => {
    const [got, expected] = await searchBoth({
      vector: probe,
      vectorColumn: 'vector',
      distanceType: 'l2',
      limit: 5,
      nprobes: 2,
      refineFactor: 3,
      prefilter: false,
      filter: 'id >= 20',
      columns: ['id'],
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('a full-text search', async () => {
    const [got, expected] = await searchBoth({
      fullTextQuery: { query: 'river', columns: ['text'] },
      limit: 6,
      columns: ['id', 'text'],
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('creates a namespace, an empty table from the JSON schema, and an index', async () => {
    const properties = { owner: 'o\'brien $USER "x"' };
    await curl({ kind: 'create-namespace', namespacePath: ['stage'], properties });
    expect((await server.catalog.describeNamespace(['stage'])).properties).toEqual(properties);

    await curl({
      kind: 'create-table',
      target: { namespacePath: ['stage'], table: 'empty' },
      schema: SCHEMA,
    });
    const described = await (await server.catalog.openTable('empty', ['stage'])).describe();
    expect(toJsonArrowSchema(described.schema)).toEqual(SCHEMA);
    expect(described.rowCount).toBe(0);

    const answer = await curl({
      kind: 'create-index',
      target,
      request: { column: 'category', index_type: 'bitmap', name: 'category_bitmap' },
    });
    const { job_id } = JSON.parse(answer) as { job_id: string };
    expect((await server.catalog.waitForJob(job_id)).state).toBe('succeeded');
    const indexes = await (await server.catalog.openTable('docs', ['prod'])).listIndices();
    expect(indexes.find((i) => i.name === 'category_bitmap')).toMatchObject({
      indexType: 'BITMAP',
      columns: ['category'],
    });
  });

  it('imports an Arrow IPC file, appends to it, renames it into another namespace, drops', async () => {
    const file = join(work.dir, "rows it's.arrow");
    writeFileSync(file, arrow.tableToIPC(sampleTable(12, DIM), 'stream'));
    const imported = { namespacePath: ['stage'], table: 'imported' };
    await curl({ kind: 'import', target: imported, file, format: 'arrow', mode: 'create' });
    await curl({ kind: 'import', target: imported, file, format: 'arrow', mode: 'append' });
    expect(await (await server.catalog.openTable('imported', ['stage'])).countRows()).toBe(24);

    await curl({
      kind: 'rename-table',
      target: imported,
      newName: 'renamed',
      newNamespacePath: ['prod'],
    });
    expect((await server.catalog.listTables(['prod'])).tables).toContain('renamed');
    expect((await server.catalog.listTables(['stage'])).tables).not.toContain('imported');

    await curl({ kind: 'drop-table', target: { namespacePath: ['prod'], table: 'renamed' } });
    expect((await server.catalog.listTables(['prod'])).tables).not.toContain('renamed');

    await curl({
      kind: 'drop-namespace',
      namespacePath: ['stage'],
      options: { behavior: 'cascade' },
    });
    expect(await server.catalog.namespaceExists(['stage'])).toBe(false);
  });

  it('for a folder, targets `catalog-studio serve` on the default URL', async () => {
    const folder: SnippetConnection = { kind: 'folder', uri: root };
    const code = codeFor(
      { kind: 'search', target, query: { filter: 'id < 3', columns: ['id'] } },
      folder,
    ).curl;
    expect(code).toContain(`${DEFAULT_SERVE_URL}/v1/table/prod%24docs/query`);
    expect(code).toMatch(/^# Start the server on this catalog first: catalog-studio serve --root /);
    const open = await startCatalogServer({ root });
    try {
      await runBash(code.replaceAll(DEFAULT_SERVE_URL, open.url), work.dir);
      const answer = arrow.tableFromIPC(readFileSync(join(work.dir, 'results.arrow')));
      expect([...answer.getChild('id')!.toArray()].map(Number)).toEqual([0, 1, 2]);
    } finally {
      await open.close();
    }
  });
});
