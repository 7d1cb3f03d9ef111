/**
 * A search with a projection leaves the server's log quiet. LanceDB adds the score column
 * (`_distance` for a vector search, `_score` for a full-text one) to a projection that leaves it
 * out, and prints a deprecation warning to stderr each time: 220 lines in one short benchmark.
 * The engine names the score column itself (query-builder.ts), so `serve`, as a real process
 * whose whole output is kept, prints none, and the answers keep the columns they had.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { connect } from '../../src-main/catalog';
import { call } from '../support/catalog-server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { sampleTable } from '../support/sample-data';

const DIM = 8;
let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-quiet-log-'));
  const engine = await connect(dir);
  try {
    const table = await engine.createTable('docs', sampleTable(200, DIM));
    const done = await engine.waitForJob(
      (await table.createIndex({ column: 'text', index_type: 'FTS' })).id,
    );
    expect(done.state).toBe('succeeded');
  } finally {
    await engine.close();
  }
  server = await startServerProcess(['--root', dir]);
});
afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

const vector = Array.from({ length: DIM }, (_, i) => i / DIM);

/** The columns and row count of a query's Arrow answer. */
async function searched(body: object): Promise<{ columns: string[]; rows: number }> {
  const reply = await call(server, 'POST', '/v1/table/docs/query', body);
  expect(reply.status, Buffer.from(reply.raw).toString('utf8')).toBe(200);
  const table = arrow.tableFromIPC(reply.raw);
  return { columns: table.schema.fields.map((f) => f.name), rows: table.numRows };
}

it('prints no deprecation warning for searches with a projection; answers keep their columns', async () => {
  const searches: Array<[object, string[]]> = [
    [{ vector, k: 5, columns: ['id'] }, ['id', '_distance']],
    [{ vector, k: 5, columns: ['id', 'text'], filter: 'id >= 0' }, ['id', 'text', '_distance']],
    [
      { full_text_query: { string_query: { query: 'lance' } }, k: 5, columns: ['id'] },
      ['id', '_score'],
    ],
    [
      { vector, full_text_query: { string_query: { query: 'river' } }, k: 5, columns: ['id'] },
      ['id', '_distance', '_score', '_relevance_score'],
    ],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [body, columns] of searches) {
      const answer = await searched(body);
      expect(answer.columns).toEqual(columns);
      expect(answer.rows).toBeGreaterThan(0);
    }
  }
  // LanceDB writes its warning from Rust straight to the process's stderr; give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const log = server.output();
  expect(log).not.toMatch(/Deprecation warning|disable_scoring_autoprojection|did not include `_/);
  expect(log).not.toMatch(/\bWARN\b/);
});
