/**
 * Contract tests for reading rows: query (Arrow IPC file replies; the namespace and
 * LanceDB-remote dialects; scans; full-text search) and explain/analyze (a JSON string body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { decodeRows, expectError, pollUntil, textOf } from './contract-helpers';

const DIM = 16;
const ROWS = 200;
let server: RunningServer;
/** The stored vector of row 17, read back through the query route. */
let vector17: number[];

beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['data']);
  await server.catalog.createTable('read', sampleTable(ROWS, DIM), ['data']);
  const reply = await call(server, 'POST', '/v1/table/data$read/query', {
    vector: [],
    filter: 'id = 17',
    columns: ['vector'],
  });
  const column = decodeRows(reply.raw).getChild('vector')!;
  vector17 = Array.from(column.get(0)!.toArray() as Float32Array);
});
afterAll(async () => {
  await server.close();
});

/** A fresh table per mutating test, so tests do not depend on each other's order. */
let tableCounter = 0;
async function freshTable(rows = ROWS): Promise<string> {
  tableCounter += 1;
  const name = `w${tableCounter}`;
  await server.catalog.createTable(name, sampleTable(rows, DIM), ['data']);
  return `data$${name}`;
}

describe('POST /v1/table/{id}/query', () => {
  const query = (body: unknown, id = 'data$read') =>
    call(server, 'POST', `/v1/table/${id}/query`, body);

  const expectArrowFile = (reply: Awaited<ReturnType<typeof call>>) => {
    expect(reply.status, textOf(reply).slice(0, 300)).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/vnd.apache.arrow.file');
    // An Arrow IPC file starts and ends with the ARROW1 magic.
    expect(Buffer.from(reply.raw.subarray(0, 6)).toString('latin1')).toBe('ARROW1');
    return decodeRows(reply.raw);
  };
  const expectArrowStream = (reply: Awaited<ReturnType<typeof call>>) => {
    expect(reply.status, textOf(reply).slice(0, 300)).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/vnd.apache.arrow.stream');
    // A stream starts with its schema message's continuation marker.
    expect(Buffer.from(reply.raw.subarray(0, 4)).toString('hex')).toBe('ffffffff');
    return decodeRows(reply.raw);
  };

  it('answers an IPC stream to a client that accepts one, with the same rows as the file', async () => {
    const body = { vector: { single_vector: vector17 }, k: 5, columns: { column_names: ['id'] } };
    const file = expectArrowFile(await query(body));
    const stream = expectArrowStream(
      await call(server, 'POST', '/v1/table/data$read/query', body, {
        accept: 'application/vnd.apache.arrow.stream',
      }),
    );
    expect(stream.toArray().map((row) => JSON.stringify(row))).toEqual(
      file.toArray().map((row) => JSON.stringify(row)),
    );
  });

  it('the namespace dialect: vector.single_vector, k and columns.column_names', async () => {
    const rows = expectArrowFile(
      await query({
        vector: { single_vector: vector17 },
        k: 5,
        columns: { column_names: ['id', 'text'] },
      }),
    );
    expect(rows.numRows).toBe(5);
    const names = rows.schema.fields.map((f) => f.name);
    expect(names).toContain('id');
    expect(names).toContain('text');
    expect(names).not.toContain('vector');
    expect(rows.getChild('id')!.get(0)).toBe(17);
  });

  it('the LanceDB-remote dialect: a flat vector and an array of columns', async () => {
    // LanceDB's remote client reads a stream or a file by the Content-Type; it gets the stream.
    const rows = expectArrowStream(
      await call(server, 'POST', '/v1/table/data$read/query/', {
        vector: vector17,
        k: 3,
        columns: ['id'],
        prefilter: true,
        nprobes: 0,
        version: null,
      }),
    );
    expect(rows.numRows).toBe(3);
    expect(rows.getChild('id')!.get(0)).toBe(17);
    expect(rows.schema.fields.map((f) => f.name)).not.toContain('text');
  });

  it('both dialects agree on the nearest neighbours', async () => {
    const a = decodeRows(
      (
        await query({
          vector: { single_vector: vector17 },
          k: 8,
          columns: { column_names: ['id'] },
        })
      ).raw,
    );
    const b = decodeRows((await query({ vector: vector17, k: 8, columns: ['id'] })).raw);
    expect(Array.from(a.getChild('id')!.toArray())).toEqual(
      Array.from(b.getChild('id')!.toArray()),
    );
  });

  it('a filter-only scan with vector: [] answers the matching rows', async () => {
    const rows = expectArrowFile(
      await query({ vector: [], filter: 'id < 3', k: 100, columns: ['id', 'category'] }),
    );
    expect(Array.from(rows.getChild('id')!.toArray()).sort()).toEqual([0, 1, 2]);
    expect(rows.schema.fields.map((f) => f.name)).toEqual(['id', 'category']);
  });

  it('LanceDB’s huge k means no limit', async () => {
    const rows = expectArrowFile(
      await query({ vector: [], filter: 'id < 50', k: Number.MAX_SAFE_INTEGER, columns: ['id'] }),
    );
    expect(rows.numRows).toBe(50);
  });

  it('offset skips rows of a scan', async () => {
    const rows = expectArrowFile(
      await query({ vector: [], filter: 'id < 10', k: 100, offset: 4, columns: ['id'] }),
    );
    expect(rows.numRows).toBe(6);
  });

  it('nested column paths are projected', async () => {
    const rows = expectArrowFile(
      await query({ vector: [], filter: 'id = 3', columns: ['id', 'meta.score'] }),
    );
    expect(rows.numRows).toBe(1);
    expect(rows.schema.fields).toHaveLength(2);
    expect(rows.getChildAt(1)!.get(0)).toBeCloseTo(0.3);
  });

  it('an unknown column is 404 code 12', async () => {
    expectError(
      await query({ vector: [], k: 5, columns: ['nope'] }),
      404,
      12,
      '/v1/table/data$read/query',
    );
    expectError(
      await query({ vector: [], k: 5, columns: { column_names: ['meta.nope'] } }),
      404,
      12,
    );
    expectError(await query({ vector: [], k: 5, filter: 'nope = 1' }), 404, 12);
  });

  it('bad query bodies are 400 code 13', async () => {
    expectError(
      await query({ vector: vector17.slice(0, 5), k: 3, vector_column: 'vector' }),
      400,
      13,
    );
    expectError(await query({ vector: 'abc', k: 3 }), 400, 13);
    expectError(await query({ vector: [], k: -1 }), 400, 13);
    expectError(await query({ vector: vector17, k: 3, distance_type: 'manhattan' }), 400, 13);
    expectError(await query({ vector: [], filter: 'id <<>> 1' }), 400, 13);
  });

  it('a vector with anything but numbers in it is 400 code 13 naming the vector, in either dialect', async () => {
    const withText = [...vector17.slice(0, DIM - 1), 'x'];
    const withNull = [null, ...vector17.slice(1)];
    for (const body of [
      { vector: withText, k: 3 },
      { vector: withNull, k: 3 },
      { vector: { single_vector: withText }, k: 3 },
      { vector: [vector17, withText], k: 3 },
    ]) {
      const reply = await query(body);
      expectError(reply, 400, 13);
      expect(textOf(reply)).toContain('vector');
    }
  });

  it('a missing table is 404 code 4', async () => {
    expectError(await query({ vector: [], k: 1 }, 'data$absent'), 404, 4);
  });

  describe('full-text search', () => {
    let ftsId: string;
    beforeAll(async () => {
      ftsId = await freshTable(ROWS);
      const reply = await call(server, 'POST', `/v1/table/${ftsId}/create_index`, {
        column: 'text',
        index_type: 'FTS',
      });
      expect(reply.status).toBe(200);
      await pollUntil(
        'the FTS index build',
        () => call(server, 'POST', '/v1/jobs/describe', { job_id: reply.body.job_id }),
        (r) => r.body.job_state !== 'IN_PROGRESS',
      ).then((r) => expect(r.body.job_state).toBe('DONE'));
    });

    const mountainRows = ROWS / 10 + ROWS / 10; // "mountain" is word 4: first or second word

    it('the namespace dialect: full_text_query.string_query with columns', async () => {
      const rows = expectArrowFile(
        await query(
          {
            full_text_query: { string_query: { query: 'mountain', columns: ['text'] } },
            k: 100,
            columns: { column_names: ['id', 'text'] },
          },
          ftsId,
        ),
      );
      expect(rows.numRows).toBeGreaterThan(0);
      expect(rows.numRows).toBeLessThanOrEqual(mountainRows);
      for (const text of rows.getChild('text')!.toArray() as string[])
        expect(text).toContain('mountain');
    });

    it('the LanceDB-remote dialect: full_text_query {columns: [], query}', async () => {
      const rows = expectArrowFile(
        await query(
          {
            full_text_query: { columns: [], query: 'mountain' },
            vector: [],
            k: 100,
            columns: ['id', 'text'],
          },
          ftsId,
        ),
      );
      expect(rows.numRows).toBeGreaterThan(0);
      for (const text of rows.getChild('text')!.toArray() as string[])
        expect(text).toContain('mountain');
    });

    it('a term that never occurs matches nothing; a filter narrows the hits', async () => {
      const none = expectArrowFile(
        await query({ full_text_query: { string_query: { query: 'zeppelin' } }, k: 10 }, ftsId),
      );
      expect(none.numRows).toBe(0);
      const filtered = expectArrowFile(
        await query(
          {
            full_text_query: { string_query: { query: 'mountain' } },
            filter: 'id < 50',
            k: 100,
            columns: ['id'],
          },
          ftsId,
        ),
      );
      expect(filtered.numRows).toBeGreaterThan(0);
      for (const value of filtered.getChild('id')!.toArray() as Int32Array)
        expect(value).toBeLessThan(50);
    });

    it('an FTS query on an unknown column is 404 code 12; without a query string 400 code 13', async () => {
      expectError(
        await query(
          { full_text_query: { string_query: { query: 'x', columns: ['nope'] } }, k: 5 },
          ftsId,
        ),
        404,
        12,
      );
      expectError(
        await query({ full_text_query: { string_query: { columns: ['text'] } }, k: 5 }, ftsId),
        400,
        13,
      );
    });
  });
});

describe('explain_plan and analyze_plan', () => {
  it('explain_plan answers the plan as a JSON string', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/explain_plan', {
      query: { vector: { single_vector: vector17 }, k: 5 },
      verbose: false,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('application/json');
    const parsed: unknown = JSON.parse(textOf(reply));
    expect(typeof parsed).toBe('string');
    expect((parsed as string).length).toBeGreaterThan(0);
  });

  it('explain_plan of a filtered scan mentions the filter; the remote form works too', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/explain_plan/', {
      verbose: true,
      query: { vector: [], filter: 'id < 7', k: 5 },
    });
    expect(reply.status).toBe(200);
    const plan = JSON.parse(textOf(reply)) as unknown;
    expect(typeof plan).toBe('string');
    expect(plan as string).toMatch(/id < (Int32\()?7/);
  });

  it('analyze_plan runs the query and answers the metrics as a JSON string', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/analyze_plan', {
      vector: vector17,
      k: 5,
    });
    expect(reply.status).toBe(200);
    const analysis = JSON.parse(textOf(reply)) as unknown;
    expect(typeof analysis).toBe('string');
    expect(analysis as string).toMatch(/elapsed|metrics/);
  });

  it('errors carry the error body: missing table 404 code 4, unknown column 404 code 12', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/explain_plan', { query: {} }),
      404,
      4,
    );
    expectError(
      await call(server, 'POST', '/v1/table/data$read/explain_plan', {
        query: { columns: ['nope'] },
      }),
      404,
      12,
    );
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/analyze_plan', { vector: [] }),
      404,
      4,
    );
  });
});
