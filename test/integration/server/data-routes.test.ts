/**
 * Contract tests for the table data routes: count_rows (bare integer, GET and POST), insert
 * (append, overwrite, schema errors), merge_insert, update (both field spellings), delete, query
 * (Arrow IPC file replies; the namespace and LanceDB-remote dialects; scans; full-text search)
 * and explain/analyze (a JSON string body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { decodeRows, expectError, ipc, pollUntil, textOf } from './contract-helpers';

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
const count = async (id: string, body: unknown = {}) =>
  (await call(server, 'POST', `/v1/table/${id}/count_rows`, body)).body as number;

describe('/v1/table/{id}/count_rows', () => {
  it('POST answers a bare JSON integer', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/count_rows', {});
    expect(reply.status).toBe(200);
    expect(textOf(reply)).toBe(String(ROWS));
    expect(reply.body).toBe(ROWS);
  });

  it('GET without a body (the lance REST client) answers the same', async () => {
    const reply = await call(server, 'GET', '/v1/table/data$read/count_rows');
    expect(reply.status).toBe(200);
    expect(textOf(reply)).toBe(String(ROWS));
  });

  it('counts rows matching a predicate, from the body or the query string', async () => {
    expect(await count('data$read', { predicate: 'id < 10' })).toBe(10);
    const viaQuery = await call(
      server,
      'GET',
      `/v1/table/data$read/count_rows?predicate=${encodeURIComponent("category = 'c1'")}`,
    );
    expect(viaQuery.body).toBe(ROWS / 5);
  });

  it('the LanceDB-remote trailing-slash form with version null answers a bare number', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/count_rows/', {
      predicate: 'id >= 150',
      version: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(50);
  });

  it('counts an older version when asked; a missing version is 404 code 11', async () => {
    const id = await freshTable(30);
    await call(
      server,
      'POST',
      `/v1/table/${id}/insert`,
      ipc(sampleTable(5, DIM, { idOffset: 30 })),
    );
    expect(await count(id)).toBe(35);
    expect(await count(id, { version: 1 })).toBe(30);
    expectError(await call(server, 'POST', `/v1/table/${id}/count_rows`, { version: 9 }), 404, 11);
  });

  it('a predicate that does not parse is 400 code 13', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 'id <<>> 3' }),
      400,
      13,
      '/v1/table/data$read/count_rows',
    );
  });

  it('a predicate naming an unknown column is 404 code 12', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 'nope > 3' }),
      404,
      12,
    );
  });

  it('a missing table is 404 code 4; a wrongly typed body field is 400 code 13', async () => {
    expectError(await call(server, 'POST', '/v1/table/data$missing/count_rows', {}), 404, 4);
    expectError(await call(server, 'GET', '/v1/table/data$missing/count_rows'), 404, 4);
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 5 }),
      400,
      13,
    );
  });
});

describe('POST /v1/table/{id}/insert', () => {
  it('appends by default and answers num_inserted_rows and the new version', async () => {
    const id = await freshTable(50);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert`,
      ipc(sampleTable(20, DIM, { idOffset: 50 })),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ num_inserted_rows: 20, version: 2 });
    expect(await count(id)).toBe(70);
  });

  it('?mode=append appends; the trailing-slash form works too', async () => {
    const id = await freshTable(10);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert?mode=append`,
      ipc(sampleTable(5, DIM)),
    );
    expect(reply.status).toBe(200);
    const slash = await call(server, 'POST', `/v1/table/${id}/insert/`, ipc(sampleTable(5, DIM)));
    expect(slash.status).toBe(200);
    expect(slash.body.version).toBe(3);
    expect(await count(id)).toBe(20);
  });

  it.each(['overwrite', 'Overwrite'])('?mode=%s replaces every row', async (mode) => {
    const id = await freshTable(40);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert?mode=${mode}`,
      ipc(sampleTable(7, DIM)),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_inserted_rows).toBe(7);
    expect(await count(id)).toBe(7);
  });

  it('refuses an unknown mode with 400 code 13 and writes nothing', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert?mode=upsert`, ipc(sampleTable(3, DIM))),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });

  it('refuses rows whose vectors have the wrong dimension with 400 code 20', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, ipc(sampleTable(3, 8))),
      400,
      20,
      `/v1/table/${id}/insert`,
    );
    expect(await count(id)).toBe(10);
  });

  it('refuses rows with a column the table does not have with 400 code 20', async () => {
    const id = await freshTable(10);
    const other = new arrow.Table({
      x: arrow.vectorFromArray([1.5, 2.5], new arrow.Float64()),
    } as never);
    expectError(await call(server, 'POST', `/v1/table/${id}/insert`, ipc(other)), 400, 20);
    expect(await count(id)).toBe(10);
  });

  it('refuses rows whose column types do not match with 400 code 20', async () => {
    const id = await freshTable(10);
    const wrongType = new arrow.Table({
      id: arrow.vectorFromArray(['a', 'b'], new arrow.Utf8()),
    } as never);
    expectError(await call(server, 'POST', `/v1/table/${id}/insert`, ipc(wrongType)), 400, 20);
    expect(await count(id)).toBe(10);
  });

  it('refuses corrupt and JSON bodies with 400 code 13', async () => {
    const id = await freshTable(10);
    const bytes = ipc(sampleTable(20, DIM));
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, bytes.slice(0, bytes.length - 64)),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, { rows: [{ id: 1 }] }),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });

  it('answers 404 code 4 for a missing table', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/insert', ipc(sampleTable(2, DIM))),
      404,
      4,
    );
  });
});

describe('POST /v1/table/{id}/merge_insert', () => {
  const FLAGS = 'when_matched_update_all=true&when_not_matched_insert_all=true';

  it('updates matched rows and inserts the rest', async () => {
    const id = await freshTable(ROWS);
    // ids 195..204: five match existing rows, five are new.
    const source = ipc(sampleTable(10, DIM, { idOffset: 195, seed: 99 }));
    const reply = await call(server, 'POST', `/v1/table/${id}/merge_insert?on=id&${FLAGS}`, source);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      num_inserted_rows: 5,
      num_updated_rows: 5,
      num_deleted_rows: 0,
      version: 2,
    });
    expect(await count(id)).toBe(ROWS + 5);
  });

  it('with only when_not_matched_insert_all, matched rows are left alone', async () => {
    const id = await freshTable(ROWS);
    const source = ipc(sampleTable(10, DIM, { idOffset: 195 }));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert/?on=id&when_not_matched_insert_all=true`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_inserted_rows).toBe(5);
    expect(reply.body.num_updated_rows).toBe(0);
  });

  it('when_not_matched_by_source_delete removes rows missing from the source', async () => {
    const id = await freshTable(20);
    const source = ipc(sampleTable(5, DIM));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert?on=id&when_matched_update_all=true&when_not_matched_by_source_delete=true`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(15);
    expect(await count(id)).toBe(5);
  });

  it('accepts a repeated on= for a composite key', async () => {
    const id = await freshTable(20);
    const source = ipc(sampleTable(4, DIM, { idOffset: 18 }));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert?on=id&on=category&${FLAGS}`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_updated_rows + reply.body.num_inserted_rows).toBe(4);
    expect(reply.body.num_inserted_rows).toBe(2);
  });

  it('without on= it is 400 code 13; an unknown key column is 404 code 12', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/merge_insert?${FLAGS}`, ipc(sampleTable(2, DIM))),
      400,
      13,
    );
    expectError(
      await call(
        server,
        'POST',
        `/v1/table/${id}/merge_insert?on=nope&${FLAGS}`,
        ipc(sampleTable(2, DIM)),
      ),
      404,
      12,
    );
    expectError(
      await call(
        server,
        'POST',
        `/v1/table/${id}/merge_insert?on=id&when_matched_update_all=maybe`,
        ipc(sampleTable(2, DIM)),
      ),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });
});

describe('POST /v1/table/{id}/update', () => {
  it('answers updated_rows (contract) and rows_updated (LanceDB remote) with the version', async () => {
    const id = await freshTable(ROWS);
    const reply = await call(server, 'POST', `/v1/table/${id}/update`, {
      updates: [['category', "'updated'"]],
      predicate: 'id < 5',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.updated_rows).toBe(5);
    expect(reply.body.rows_updated).toBe(5);
    expect(reply.body.version).toBe(2);
    expect(await count(id, { predicate: "category = 'updated'" })).toBe(5);
  });

  it('without a predicate updates every row; nested fields can be set', async () => {
    const id = await freshTable(12);
    const reply = await call(server, 'POST', `/v1/table/${id}/update/`, {
      updates: [['id', 'id + 1000']],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.rows_updated).toBe(12);
    expect(await count(id, { predicate: 'id >= 1000' })).toBe(12);
  });

  it('refuses empty updates and unparsable expressions with 400 code 13', async () => {
    const id = await freshTable(10);
    expectError(await call(server, 'POST', `/v1/table/${id}/update`, { updates: [] }), 400, 13);
    expectError(await call(server, 'POST', `/v1/table/${id}/update`, {}), 400, 13);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['id']] }),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['category', "'x' +* 2"]] }),
      400,
      13,
    );
  });

  it('refuses an unknown column with 404 code 12; a missing table is 404 code 4', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['nope', '1']] }),
      404,
      12,
    );
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/update', { updates: [['id', '1']] }),
      404,
      4,
    );
  });
});

describe('POST /v1/table/{id}/delete', () => {
  it('answers num_deleted_rows and the new version', async () => {
    const id = await freshTable(ROWS);
    const reply = await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: 'id >= 190' });
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(10);
    expect(reply.body.version).toBe(2);
    expect(await count(id)).toBe(ROWS - 10);
  });

  it('a predicate matching nothing deletes nothing', async () => {
    const id = await freshTable(10);
    const reply = await call(server, 'POST', `/v1/table/${id}/delete/`, {
      predicate: 'id > 10000',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(0);
    expect(await count(id)).toBe(10);
  });

  it('refuses a missing predicate (400 code 13) and an unknown column (404 code 12)', async () => {
    const id = await freshTable(10);
    expectError(await call(server, 'POST', `/v1/table/${id}/delete`, {}), 400, 13);
    expectError(await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: '' }), 400, 13);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: 'nope > 1' }),
      404,
      12,
    );
    expect(await count(id)).toBe(10);
  });
});

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
