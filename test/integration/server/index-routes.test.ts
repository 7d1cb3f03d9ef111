/**
 * Contract tests for the index routes: the create_index matrix (every supported type, answered
 * before its build ends, then polled to completion through index/list and index/{name}/stats),
 * the refusals with their codes, LanceDB's remote field names, create_scalar_index, index drop,
 * and the jobs routes (describe, list, cancel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../../src-main/server/server-options';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError, pollUntil } from './contract-helpers';

const DIM = 16;
const ROWS = 512;
let server: RunningServer;
/**
 * The order in which the server sent responses and finished jobs. Both are recorded in-process
 * and synchronously (the access log runs in Fastify's onResponse hook, job events as the job
 * registry changes state), so the order is the server's, not the client's.
 */
const timeline: string[] = [];

beforeAll(async () => {
  server = await startCatalogServer();
  server.catalog.onJobEvent((event) => {
    if (event.type === 'jobs:finished') timeline.push(`finished ${event.job.id}`);
  });
  const push = server.log.push.bind(server.log);
  server.log.push = (...entries: AccessLogEntry[]) => {
    for (const e of entries) timeline.push(`response ${e.method} ${e.path} ${e.status}`);
    return push(...entries);
  };
  await server.catalog.createNamespace(['idx']);
});
afterAll(async () => {
  await server.close();
});

interface IndexEntry {
  index_name: string;
  index_uuid: string;
  columns: string[];
  status: string;
  index_type: string;
  num_indexed_rows: number;
  num_unindexed_rows: number;
  distance_type?: string;
}

const listIndexes = async (id: string): Promise<IndexEntry[]> => {
  const reply = await call(server, 'POST', `/v1/table/${id}/index/list`, {});
  expect(reply.status).toBe(200);
  return reply.body.indexes as IndexEntry[];
};
const indexStats = (id: string, name: string) =>
  call(server, 'POST', `/v1/table/${id}/index/${encodeURIComponent(name)}/stats`, {});

/** Polls index/list, then index/{name}/stats, until the index covers every row. */
async function waitForIndex(
  id: string,
  name: string,
): Promise<{ entry: IndexEntry; stats: Record<string, unknown> }> {
  const entries = await pollUntil(
    `index ${name} on ${id} listed as built`,
    () => listIndexes(id),
    (list) => list.some((i) => i.index_name === name && i.num_unindexed_rows === 0),
  );
  const stats = await pollUntil(
    `index ${name} on ${id} stats`,
    () => indexStats(id, name),
    (r) => r.status === 200 && r.body.num_unindexed_rows === 0,
  );
  return { entry: entries.find((i) => i.index_name === name)!, stats: stats.body };
}

let tableCounter = 0;
async function freshTable(rows = ROWS): Promise<string> {
  tableCounter += 1;
  const name = `t${tableCounter}`;
  await server.catalog.createTable(name, sampleTable(rows, DIM), ['idx']);
  return `idx$${name}`;
}

describe('POST /v1/table/{id}/create_index: every supported type', () => {
  it.each([
    { type: 'IVF_PQ', column: 'vector', listed: ['vector'] },
    { type: 'IVF_FLAT', column: 'vector', listed: ['vector'] },
    { type: 'IVF_RQ', column: 'vector', listed: ['vector'] },
    { type: 'IVF_HNSW_SQ', column: 'vector', listed: ['vector'] },
    { type: 'IVF_HNSW_PQ', column: 'vector', listed: ['vector'] },
    { type: 'BTREE', column: 'id', listed: ['id'] },
    { type: 'BITMAP', column: 'category', listed: ['category'] },
    { type: 'LABEL_LIST', column: 'tags', listed: ['tags'] },
    { type: 'FM', column: 'text', listed: ['text'] },
    { type: 'FTS', column: 'text', listed: ['text'] },
    { type: 'BTREE', column: 'meta.score', listed: ['meta.score'] },
    { type: 'BITMAP', column: 'meta.`a.b`', listed: ['meta.`a.b`'] },
  ])(
    '$type on $column: answered before the build ends, then built',
    async ({ type, column, listed }) => {
      const id = await freshTable();
      const name = `${type.toLowerCase()}_${column.replace(/[^a-z]/g, '')}`;
      const path = `/v1/table/${id}/create_index`;
      const mark = timeline.length;
      const reply = await call(server, 'POST', path, { column, index_type: type, name });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(typeof reply.body.transaction_id).toBe('string');
      expect(reply.body.transaction_id.length).toBeGreaterThan(0);
      expect(typeof reply.body.job_id).toBe('string');
      expect(reply.body.job_id.length).toBeGreaterThan(0);
      expect(reply.body.index_name).toBe(name);

      // The reply left the server before the job finished.
      const events = timeline.slice(mark);
      const answered = events.indexOf(`response POST ${path} 200`);
      const finished = events.indexOf(`finished ${reply.body.job_id}`);
      expect(answered, events.join('\n')).toBeGreaterThanOrEqual(0);
      expect(finished === -1 || finished > answered, events.join('\n')).toBe(true);

      const { entry, stats } = await waitForIndex(id, name);
      expect(entry.index_type).toBe(type);
      expect(entry.columns).toEqual(listed);
      expect(entry.status).toBe('SUCCEEDED');
      expect(entry.num_indexed_rows).toBe(ROWS);
      expect(typeof entry.index_uuid).toBe('string');
      expect(stats.index_type).toBe(type);
      expect(stats.num_indexed_rows).toBe(ROWS);
      expect(stats.num_unindexed_rows).toBe(0);
      if (column === 'vector') expect(stats.distance_type).toBe('l2');

      const job = await call(server, 'POST', '/v1/jobs/describe', { job_id: reply.body.job_id });
      expect(job.status).toBe(200);
      expect(job.body.job_state).toBe('DONE');
    },
  );

  it('while a build runs, index/list and stats report it as not yet covering the rows', async () => {
    const id = await freshTable(4000);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index`, {
      column: 'vector',
      index_type: 'IVF_PQ',
      name: 'watched',
    });
    expect(reply.status).toBe(200);
    // Every observation until the end is either "building, nothing indexed" or "built".
    const seen = new Set<string>();
    await pollUntil(
      'the watched build',
      async () => {
        const stats = await indexStats(id, 'watched');
        expect(stats.status).toBe(200);
        seen.add(
          `${stats.body.status}:${stats.body.num_indexed_rows}:${stats.body.num_unindexed_rows}`,
        );
        return stats.body;
      },
      (body) => body.num_unindexed_rows === 0,
      { intervalMs: 5 },
    );
    for (const state of seen) expect(['BUILDING:0:4000', 'SUCCEEDED:4000:0']).toContain(state);
    expect(seen.has('SUCCEEDED:4000:0')).toBe(true);
  });

  it('the default index name comes from the column path', async () => {
    const id = await freshTable(50);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index`, {
      column: 'meta.score',
      index_type: 'btree',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.index_name).toBe('meta_score_idx');
    const { entry } = await waitForIndex(id, 'meta_score_idx');
    expect(entry.index_type).toBe('BTREE');
  });

  it('GET index/{name}/stats answers like POST', async () => {
    const id = await freshTable(50);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index`, {
      column: 'id',
      index_type: 'BTREE',
    });
    await waitForIndex(id, reply.body.index_name);
    const viaGet = await call(
      server,
      'GET',
      `/v1/table/${id}/index/${reply.body.index_name}/stats`,
    );
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toMatchObject({
      index_type: 'BTREE',
      num_indexed_rows: 50,
      num_unindexed_rows: 0,
    });
  });
});

describe('create_index refusals', () => {
  let id: string;
  let jobsBefore: number;
  beforeAll(async () => {
    id = await freshTable(ROWS);
    jobsBefore = (await call(server, 'POST', '/v1/jobs/list', {})).body.jobs.length;
  });
  const create = (body: unknown, tableId = id) =>
    call(server, 'POST', `/v1/table/${tableId}/create_index`, body);

  it('a missing column field is 400 code 13 with the spec’s bad-request body', async () => {
    const body = expectError(
      await create({ index_type: 'BTREE' }),
      400,
      13,
      `/v1/table/${id}/create_index`,
    );
    expect(body.type).toBe('/errors/bad-request');
    expect(body.title).toBe('Malformed request');
    expectError(await create({ column: '', index_type: 'BTREE' }), 400, 13);
    expectError(await create({ column: 'id' }), 400, 13);
  });

  it('an unknown column is 404 code 12 with the spec’s not-found body', async () => {
    const body = expectError(await create({ column: 'nope', index_type: 'BTREE' }), 404, 12);
    expect(body.type).toBe('/errors/not-found-error');
    expect(body.title).toBe('Not found Error');
    expectError(await create({ column: 'meta.nope', index_type: 'BTREE' }), 404, 12);
    // A bare leaf name addresses top-level fields only.
    expectError(await create({ column: 'score', index_type: 'BTREE' }), 404, 12);
  });

  it.each(['`x', 'meta.', '.id', 'meta..score', 'a`b'])(
    'the malformed path %s is 400 code 13',
    async (column) => {
      expectError(await create({ column, index_type: 'BTREE' }), 400, 13);
    },
  );

  it('a vector index on a text column is 400 code 13', async () => {
    expectError(await create({ column: 'text', index_type: 'IVF_PQ' }), 400, 13);
    expectError(await create({ column: 'id', index_type: 'IVF_FLAT' }), 400, 13);
  });

  it('a scalar index on an unsuitable column is 400 code 13', async () => {
    expectError(await create({ column: 'vector', index_type: 'BTREE' }), 400, 13);
    expectError(await create({ column: 'id', index_type: 'LABEL_LIST' }), 400, 13);
    expectError(await create({ column: 'tags', index_type: 'FM' }), 400, 13);
    expectError(await create({ column: 'text', index_type: 'FM', with_position: true }), 400, 13);
    expectError(await create({ column: 'id', index_type: 'FTS' }), 400, 13);
  });

  it('num_sub_vectors that does not divide the dimension is 400 code 13', async () => {
    const body = expectError(
      await create({ column: 'vector', index_type: 'IVF_PQ', num_sub_vectors: 5 }),
      400,
      13,
    );
    expect(body.detail).toContain('num_sub_vectors');
  });

  it('other out-of-range vector parameters are 400 code 13', async () => {
    expectError(
      await create({ column: 'vector', index_type: 'IVF_PQ', num_partitions: ROWS + 1 }),
      400,
      13,
    );
    expectError(
      await create({ column: 'vector', index_type: 'IVF_PQ', num_partitions: 0 }),
      400,
      13,
    );
    expectError(await create({ column: 'vector', index_type: 'IVF_PQ', num_bits: 5 }), 400, 13);
    expectError(
      await create({ column: 'vector', index_type: 'IVF_PQ', distance_type: 'hamming' }),
      400,
      13,
    );
    expectError(
      await create({ column: 'vector', index_type: 'IVF_PQ', distance_type: 'manhattan' }),
      400,
      13,
    );
    expectError(
      await create({
        column: 'vector',
        index_type: 'IVF_PQ',
        num_partitions: 2,
        target_partition_size: 10,
      }),
      400,
      13,
    );
    expectError(await create({ column: 'id', index_type: 'BTREE', num_sub_vectors: 2 }), 400, 13);
  });

  it('an unknown index_type is 400 code 13', async () => {
    const body = expectError(await create({ column: 'id', index_type: 'FANCY' }), 400, 13);
    expect(body.detail).toContain('FANCY');
  });

  it('IVF_SQ, which the binding cannot build, is 406 code 0', async () => {
    expectError(
      await create({ column: 'vector', index_type: 'IVF_SQ' }),
      406,
      0,
      `/v1/table/${id}/create_index`,
    );
  });

  it('an unknown table is 404 code 4; an unknown namespace 404 code 1', async () => {
    expectError(
      await create({ column: 'id', index_type: 'BTREE' }, 'idx$missing'),
      404,
      4,
      '/v1/table/idx$missing/create_index',
    );
    expectError(await create({ column: 'id', index_type: 'BTREE' }, 'nons$missing'), 404, 1);
  });

  it('max_token_length -1 is 400 code 13', async () => {
    expectError(await create({ column: 'text', index_type: 'FTS', max_token_length: -1 }), 400, 13);
    expectError(
      await create({ column: 'text', index_type: 'FTS', base_tokenizer: 'klingon' }),
      400,
      13,
    );
    expectError(
      await create({ column: 'text', index_type: 'FTS', ngram_min_length: 5, ngram_max_length: 2 }),
      400,
      13,
    );
  });

  it('non-default values of the fixed LanceDB FTS extras are 406 code 0', async () => {
    expectError(await create({ column: 'text', index_type: 'FTS', index_operators: true }), 406, 0);
  });

  it('a body id that does not match the path is 400 code 13', async () => {
    expectError(await create({ id: ['idx', 'other'], column: 'id', index_type: 'BTREE' }), 400, 13);
  });

  it('an existing index with replace: false is 409 code 7', async () => {
    const own = await freshTable(50);
    const first = await create({ column: 'id', index_type: 'BTREE', name: 'once' }, own);
    expect(first.status).toBe(200);
    await waitForIndex(own, 'once');
    expectError(
      await create({ column: 'id', index_type: 'BTREE', name: 'once', replace: false }, own),
      409,
      7,
    );
  });

  it('no refused request started a job', async () => {
    const jobs = (await call(server, 'POST', '/v1/jobs/list', {})).body.jobs as { table: string }[];
    // Only the replace:false test above started one (on its own table).
    expect(jobs.length).toBe(jobsBefore + 1);
    expect(jobs.filter((j) => j.table === id)).toEqual([]);
    expect(await listIndexes(id)).toEqual([]);
  });
});

describe('LanceDB remote field names', () => {
  it('metric_type (any case) is the distance type; the trailing-slash route works', async () => {
    const id = await freshTable();
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index/`, {
      column: 'vector',
      index_type: 'IVF_PQ',
      name: 'remote_pq',
      metric_type: 'Cosine',
      num_partitions: 2,
      num_sub_vectors: 4,
      sample_rate: 256,
      max_iterations: 50,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(typeof reply.body.job_id).toBe('string');
    const { entry, stats } = await waitForIndex(id, 'remote_pq');
    expect(entry.index_type).toBe('IVF_PQ');
    expect(stats.distance_type).toBe('cosine');
  });

  it('the FTS body LanceDB sends (ngram lengths, lowercase, fixed extras) is accepted and built', async () => {
    const id = await freshTable();
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index/`, {
      column: 'text',
      index_type: 'FTS',
      name: 'remote_fts',
      with_position: false,
      base_tokenizer: 'ngram',
      language: 'English',
      max_token_length: 40,
      lowercase: true,
      stem: false,
      remove_stop_words: false,
      ascii_folding: true,
      min_ngram_length: 2,
      max_ngram_length: 4,
      prefix_only: false,
      index_operators: false,
      lance_tokenizer: null,
      preserve_original: false,
      split_identifiers: false,
      split_on_numerics: false,
      block_size: 128,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { entry } = await waitForIndex(id, 'remote_fts');
    expect(entry.index_type).toBe('FTS');
    expect(entry.num_indexed_rows).toBe(ROWS);
  });

  it('min_ngram_length above max_ngram_length is refused like the contract names (400 code 13)', async () => {
    const id = await freshTable(20);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/create_index/`, {
        column: 'text',
        index_type: 'FTS',
        base_tokenizer: 'ngram',
        min_ngram_length: 6,
        max_ngram_length: 3,
      }),
      400,
      13,
    );
  });
});

describe('POST /v1/table/{id}/create_scalar_index', () => {
  it('is an alias of create_index', async () => {
    const id = await freshTable(100);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_scalar_index`, {
      column: 'id',
      index_type: 'BTREE',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.index_name).toBe('id_idx');
    expect(typeof reply.body.transaction_id).toBe('string');
    const { entry } = await waitForIndex(id, 'id_idx');
    expect(entry.index_type).toBe('BTREE');
    expect(entry.num_indexed_rows).toBe(100);
  });

  it('builds FM, a scalar index, and index/list names it FM', async () => {
    const id = await freshTable(100);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_scalar_index`, {
      column: 'text',
      index_type: 'fm',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { entry, stats } = await waitForIndex(id, 'text_idx');
    expect(entry.index_type).toBe('FM');
    expect(stats.index_type).toBe('FM');
  });

  it('refuses the same things as create_index', async () => {
    const id = await freshTable(20);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/create_scalar_index`, {
        column: 'nope',
        index_type: 'BTREE',
      }),
      404,
      12,
    );
    expectError(
      await call(server, 'POST', `/v1/table/${id}/create_scalar_index`, { index_type: 'BTREE' }),
      400,
      13,
    );
  });
});

describe('index/list paging and index drop', () => {
  let id: string;
  beforeAll(async () => {
    id = await freshTable(100);
    for (const [column, index_type, name] of [
      ['id', 'BTREE', 'a_id'],
      ['category', 'BITMAP', 'b_category'],
      ['tags', 'LABEL_LIST', 'c_tags'],
    ] as const) {
      const reply = await call(server, 'POST', `/v1/table/${id}/create_index`, {
        column,
        index_type,
        name,
      });
      expect(reply.status).toBe(200);
      await waitForIndex(id, name);
    }
  });

  it('index/list pages with limit and page_token in the body', async () => {
    const first = await call(server, 'POST', `/v1/table/${id}/index/list`, { limit: 2 });
    expect(first.body.indexes.map((i: IndexEntry) => i.index_name)).toEqual(['a_id', 'b_category']);
    expect(typeof first.body.page_token).toBe('string');
    const second = await call(server, 'POST', `/v1/table/${id}/index/list`, {
      limit: 2,
      page_token: first.body.page_token,
    });
    expect(second.body.indexes.map((i: IndexEntry) => i.index_name)).toEqual(['c_tags']);
    expect(second.body.page_token ?? null).toBeNull();
  });

  it('index/list on a missing table is 404 code 4', async () => {
    expectError(await call(server, 'POST', '/v1/table/idx$missing/index/list', {}), 404, 4);
  });

  it('drop removes the index; stats is then 404 code 6', async () => {
    const reply = await call(server, 'POST', `/v1/table/${id}/index/b_category/drop`, {});
    expect(reply.status).toBe(200);
    expect((await listIndexes(id)).map((i) => i.index_name)).toEqual(['a_id', 'c_tags']);
    expectError(
      await indexStats(id, 'b_category'),
      404,
      6,
      `/v1/table/${id}/index/b_category/stats`,
    );
  });

  it('drop without a body and with a trailing slash works', async () => {
    const reply = await call(server, 'POST', `/v1/table/${id}/index/c_tags/drop/`);
    expect(reply.status).toBe(200);
    expectError(await call(server, 'GET', `/v1/table/${id}/index/c_tags/stats`), 404, 6);
  });

  it('dropping or describing an unknown index is 404 code 6', async () => {
    expectError(await call(server, 'POST', `/v1/table/${id}/index/never/drop`, {}), 404, 6);
    expectError(await indexStats(id, 'never'), 404, 6);
    expectError(await call(server, 'POST', '/v1/table/idx$missing/index/a_id/drop', {}), 404, 4);
  });
});

describe('jobs routes', () => {
  let jobId: string;
  beforeAll(async () => {
    const id = await freshTable(100);
    const reply = await call(server, 'POST', `/v1/table/${id}/create_index`, {
      column: 'id',
      index_type: 'BTREE',
      name: 'job_idx',
    });
    jobId = reply.body.job_id;
    await waitForIndex(id, 'job_idx');
  });

  it('POST /v1/jobs/describe answers job_state DONE after completion', async () => {
    const reply = await pollUntil(
      'the job to be reported done',
      () => call(server, 'POST', '/v1/jobs/describe', { job_id: jobId }),
      (r) => r.body.job_state !== 'IN_PROGRESS',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.job_id).toBe(jobId);
    expect(reply.body.job_state).toBe('DONE');
    expect(reply.body.job_type).toBe('create_index');
    expect(reply.body.table).toMatch(/^idx\$t\d+$/);
  });

  it('/v1/jobs/list (GET and POST) contains it', async () => {
    for (const method of ['GET', 'POST']) {
      const reply = await call(server, method, '/v1/jobs/list', method === 'POST' ? {} : undefined);
      expect(reply.status).toBe(200);
      const found = (reply.body.jobs as { job_id: string; job_state: string }[]).find(
        (j) => j.job_id === jobId,
      );
      expect(found?.job_state).toBe('DONE');
    }
  });

  it('cancelling a finished job changes nothing', async () => {
    const reply = await call(server, 'POST', '/v1/jobs/cancel', { job_id: jobId });
    expect(reply.status).toBe(200);
    expect(reply.body.job_state).toBe('DONE');
  });

  it('an unknown job is 404 code 10; a missing job_id is 400 code 13', async () => {
    expectError(
      await call(server, 'POST', '/v1/jobs/describe', { job_id: 'no-such-job' }),
      404,
      10,
      '/v1/jobs/describe',
    );
    expectError(await call(server, 'POST', '/v1/jobs/cancel', { job_id: 'no-such-job' }), 404, 10);
    expectError(await call(server, 'POST', '/v1/jobs/describe', {}), 400, 13);
  });
});

describe('jobs routes: cancel on a one-build-at-a-time server', () => {
  let single: RunningServer;
  beforeAll(async () => {
    single = await startCatalogServer({ jobConcurrency: 1 });
    await single.catalog.createTable('big', sampleTable(4000, DIM));
  });
  afterAll(async () => {
    await single.close();
  });

  it('cancels a queued build; the running one still completes', async () => {
    const first = await call(single, 'POST', '/v1/table/big/create_index', {
      column: 'vector',
      index_type: 'IVF_PQ',
      name: 'first',
    });
    const second = await call(single, 'POST', '/v1/table/big/create_index', {
      column: 'id',
      index_type: 'BTREE',
      name: 'second',
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const cancelled = await call(single, 'POST', '/v1/jobs/cancel', { job_id: second.body.job_id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.job_id).toBe(second.body.job_id);
    const final = await pollUntil(
      'the cancelled job to end',
      () => call(single, 'POST', '/v1/jobs/describe', { job_id: second.body.job_id }),
      (r) => r.body.job_state !== 'IN_PROGRESS',
    );
    expect(final.body.job_state).toBe('CANCELLED');
    const done = await pollUntil(
      'the first job to end',
      () => call(single, 'POST', '/v1/jobs/describe', { job_id: first.body.job_id }),
      (r) => r.body.job_state !== 'IN_PROGRESS',
    );
    expect(done.body.job_state).toBe('DONE');
    const names = (await call(single, 'POST', '/v1/table/big/index/list', {})).body.indexes.map(
      (i: IndexEntry) => i.index_name,
    );
    expect(names).toEqual(['first']);
  });
});

describe('index names and kinds, as the specification answers them', () => {
  it('a second index of one name is 409 code 7 unless replace is asked for', async () => {
    const id = await freshTable(64);
    const body = { column: 'category', index_type: 'BITMAP', name: 'cat_idx' };
    expect((await call(server, 'POST', `/v1/table/${id}/create_index`, body)).status).toBe(200);
    await waitForIndex(id, 'cat_idx');
    expectError(await call(server, 'POST', `/v1/table/${id}/create_index`, body), 409, 7);
    const replaced = await call(server, 'POST', `/v1/table/${id}/create_index`, {
      ...body,
      replace: true,
    });
    expect(replaced.status).toBe(200);
  });

  it('create_scalar_index refuses a vector index type with 400 code 13, before any lookup', async () => {
    for (const id of [await freshTable(16), 'idx$no_such_table']) {
      expectError(
        await call(server, 'POST', `/v1/table/${id}/create_scalar_index`, {
          column: 'vector',
          index_type: 'IVF_PQ',
        }),
        400,
        13,
      );
    }
  });
});
