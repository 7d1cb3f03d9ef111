/**
 * Errors that are the caller's are answered as the caller's: a request whose own expression fails
 * on the rows (1/0, a cast of a value that does not convert, an integer overflow, a regex that does
 * not compile) is a 400 InvalidInput, and deleting a branch other branches were made from is a 409
 * InvalidTableState; none of them a 500. After each, the server still answers and the table is
 * unchanged. Through the real server on loopback, over real LanceDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { ERROR_CODES } from '../../src-shared/vocabulary/errors';
import { call, startCatalogServer, type RunningServer } from '../support/catalog-server';
import { reportFigures } from '../support/reliability-scale';

let server: RunningServer;
const T = '/v1/table/ns$t';

beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['ns']);
  await server.catalog.createTable(
    't',
    new arrow.Table({
      id: arrow.vectorFromArray([1, 2, 3], new arrow.Int32()),
      s: arrow.vectorFromArray(['a', 'b', 'c'], new arrow.Utf8()),
      big: arrow.vectorFromArray([1n, 2n, -(2n ** 63n)], new arrow.Int64()),
    }),
    ['ns'],
  );
});
afterAll(async () => {
  await server.close();
});

const count = async () => (await call(server, 'POST', `${T}/count_rows`, {})).body as number;

/** The request, the status and code it must get, and a word its message must carry. */
const CASES: ReadonlyArray<[string, string, object, number, number, RegExp]> = [
  ['update, value 1/0', 'update', { updates: [['id', 'id / 0']] }, 400, 13, /divide by zero/i],
  [
    'update, predicate 1/0',
    'update',
    { updates: [['id', '1']], predicate: 'id / 0 > 1' },
    400,
    13,
    /divide by zero/i,
  ],
  ['delete, id / 0 > 1', 'delete', { predicate: 'id / 0 > 1' }, 400, 13, /divide by zero/i],
  ['count_rows, id / 0 > 1', 'count_rows', { predicate: 'id / 0 > 1' }, 400, 13, /divide/i],
  ['count_rows, id % 0', 'count_rows', { predicate: 'id % 0 = 1' }, 400, 13, /divide/i],
  ['query, filter id / 0 > 1', 'query', { filter: 'id / 0 > 1', k: 10 }, 400, 13, /divide/i],
  [
    'count_rows, CAST(s AS INT)',
    'count_rows',
    { predicate: 'CAST(s AS INT) > 1' },
    400,
    13,
    /cast/i,
  ],
  [
    "count_rows, CAST('x' AS INT)",
    'count_rows',
    { predicate: "CAST('x' AS INT) > 1" },
    400,
    13,
    /cast/i,
  ],
  ['query, CAST(s AS INT)', 'query', { filter: 'CAST(s AS INT) > 1', k: 10 }, 400, 13, /cast/i],
  ['count_rows, abs overflow', 'count_rows', { predicate: 'abs(big) > 0' }, 400, 13, /overflow/i],
  [
    'count_rows, bad regex',
    'count_rows',
    { predicate: "regexp_match(s, '(')" },
    400,
    13,
    /regular expression/i,
  ],
  [
    'count_rows, bad arrow_cast type',
    'count_rows',
    { predicate: "arrow_cast(s, 'Nope') = 1" },
    400,
    13,
    /Nope/,
  ],
  [
    // The value does not fit the column: the column's type refuses it (20), still the caller's.
    'update, value CAST(s AS INT)',
    'update',
    { updates: [['id', 'CAST(s AS INT)']] },
    400,
    20,
    /cast/i,
  ],
];

it.each(CASES)('%s', async (_label, route, body, status, code, words) => {
  const before = await count();
  const reply = await call(server, 'POST', `${T}/${route}`, body);
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
  expect(reply.body.detail).toMatch(words);
  expect(reply.body.detail).not.toMatch(/\.rs:\d+|Caused by/);
  // The server goes on answering, and nothing was changed.
  expect(await count()).toBe(before);
  const query = await call(server, 'POST', `${T}/query`, { filter: 'id > 0', k: 10 });
  expect(query.status).toBe(200);
});

it('refuses to delete a branch another branch was made from with 409 InvalidTableState', async () => {
  const create = (body: object) => call(server, 'POST', `${T}/branches/create`, body);
  expect((await create({ name: 'parent' })).status).toBe(200);
  expect((await create({ name: 'child', from_branch: 'parent' })).status).toBe(200);

  const refused = await call(server, 'POST', `${T}/branches/delete`, { name: 'parent' });
  expect({ status: refused.status, code: refused.body?.code }).toEqual({
    status: 409,
    code: ERROR_CODES.InvalidTableState,
  });
  expect(refused.body.detail).toMatch(/parent/);
  expect(refused.body.detail).toMatch(/child/);

  // Both branches are still there; once the child is gone the parent can go.
  const listed = await call(server, 'POST', `${T}/branches/list`, {});
  expect(Object.keys(listed.body.branches).sort()).toEqual(['child', 'parent']);
  expect((await call(server, 'POST', `${T}/branches/delete`, { name: 'child' })).status).toBe(200);
  expect((await call(server, 'POST', `${T}/branches/delete`, { name: 'parent' })).status).toBe(200);
  reportFigures('caller-errors', { cases: CASES.length + 1, answered500: 0 });
});
