/**
 * Expressions that ended or swelled the server, each sent as the attack was, to a real `serve`
 * process with an auth file: a reader's count_rows with `id + id + … > 0` (700 terms: SIGSEGV in
 * LanceDB), long AND / OR chains (SIGSEGV at ~32,000 terms), `length(repeat('x', 150000000))`
 * (+570 MB), and the same expressions through query, explain_plan, update, delete and
 * add_columns. Each is refused with 400, code 13, naming the limit and the place; the process
 * stays up, answers the next request, and its RSS does not swell. A script's OR chain of keys
 * within the gate's IN-list limit is answered, as the IN list it becomes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { MB, mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { reportFigures } from '../support/reliability-scale';
import { describeWithS3, s3Env, s3Root } from '../support/s3-store';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const READER_KEY = 'reader-key-hostile-expressions';
const WRITER_KEY = 'writer-key-hostile-expressions';
const ROWS = 2_000;

let root: string;
let authDir: string;
let server: ServerProcess;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-hostile-'));
  authDir = mkdtempSync(join(tmpdir(), 'cs-hostile-auth-'));
  const catalog = await connect(root);
  await catalog.createNamespace(['ns']);
  const ids = Array.from({ length: ROWS }, (_, i) => i);
  await catalog.createTable(
    't',
    arrow.tableFromArrays({
      id: Int32Array.from(ids),
      s: ids.map((i) => `row ${i}`),
    }),
    ['ns'],
  );
  await catalog.close();
  writeFileSync(
    join(authDir, 'auth.json'),
    JSON.stringify({
      principals: [
        { name: 'reader', api_keys: [READER_KEY], role: 'reader' },
        { name: 'writer', api_keys: [WRITER_KEY], role: 'writer', namespaces: [['ns']] },
      ],
    }),
  );
  // One worker: the RSS measured below is the one process that evaluates the expressions.
  server = await startServerProcess([
    '--root',
    root,
    '--auth',
    join(authDir, 'auth.json'),
    '--workers',
    '1',
  ]);
});

afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
  rmSync(authDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, key = READER_KEY) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An Arrow reply: its status is what matters here.
  }
  return { status: response.status, body: json };
}

async function expectRefused(path: string, body: unknown, key: string, limit: RegExp) {
  const reply = await post(path, body, key);
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.code).toBe(13);
  expect(String(reply.body.error ?? reply.body.detail)).toMatch(limit);
  expect(String(reply.body.error ?? reply.body.detail)).toMatch(/at character \d+/);
}

async function expectServing(): Promise<void> {
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
  const count = await post('/v1/table/ns$t/count_rows', {});
  expect(count.status).toBe(200);
  expect(count.body).toBe(ROWS);
}

const sum = (terms: number) => `${Array.from({ length: terms }, () => 'id').join(' + ')} > 0`;
const chain = (terms: number, op: string, compare: string) =>
  Array.from({ length: terms }, (_, i) => `id ${compare} ${i}`).join(` ${op} `);
const REPEAT = "length(repeat('x', 150000000)) > 0";

describe('hostile expressions against serve', () => {
  const figures: Record<string, number | string> = {};

  it("refuses a reader's count_rows of 700 added terms (SIGSEGV in LanceDB) and keeps serving", async () => {
    await expectRefused(
      '/v1/table/ns$t/count_rows',
      { predicate: sum(700) },
      READER_KEY,
      /32 levels/,
    );
    await expectServing();
  });

  it('refuses AND and OR chains of 40,000 terms, which crash LanceDB at ~32,000', async () => {
    await expectRefused(
      '/v1/table/ns$t/count_rows',
      { predicate: chain(40_000, 'AND', '<>') },
      READER_KEY,
      /1024 allowed in one chain/,
    );
    // An OR chain of equalities becomes one IN list: 40,000 values are over its limit.
    await expectRefused(
      '/v1/table/ns$t/count_rows',
      { predicate: chain(40_000, 'OR', '=') },
      READER_KEY,
      /IN list of 40000 values/,
    );
    await expectServing();
  });

  it("answers a script's OR chain of 10,000 keys, as the IN list it becomes", async () => {
    const reply = await post('/v1/table/ns$t/count_rows', { predicate: chain(10_000, 'OR', '=') });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(ROWS);
  });

  it('refuses the allocating predicate without growing the process', async () => {
    const pid = server.child.pid!;
    const before = resetPeak(pid);
    await expectRefused('/v1/table/ns$t/count_rows', { predicate: REPEAT }, READER_KEY, /bytes/);
    await expectRefused(
      '/v1/table/ns$t/count_rows',
      { predicate: 'length(repeat(s, 100000)) > 0' },
      READER_KEY,
      /times the size of a column/,
    );
    const growth = peakRssBytes(pid) - before;
    figures.repeatAttackRssGrowthMB = mb(growth);
    expect(growth).toBeLessThan(64 * MB);
    await expectServing();
  });

  it('refuses the same expressions in query, explain_plan, update, delete and add_columns', async () => {
    for (const expression of [sum(700), REPEAT]) {
      await expectRefused(
        '/v1/table/ns$t/query',
        { k: 10, filter: expression },
        READER_KEY,
        /refused/,
      );
      await expectRefused(
        '/v1/table/ns$t/explain_plan',
        { query: { k: 10, filter: expression } },
        READER_KEY,
        /refused/,
      );
      await expectRefused(
        '/v1/table/ns$t/update',
        { updates: [['s', "'x'"]], predicate: expression },
        WRITER_KEY,
        /refused/,
      );
      await expectRefused(
        '/v1/table/ns$t/update',
        { updates: [['id', sum(700).replace(' > 0', '')]] },
        WRITER_KEY,
        /new value of id was refused/,
      );
      await expectRefused(
        '/v1/table/ns$t/delete',
        { predicate: expression },
        WRITER_KEY,
        /refused/,
      );
      await expectRefused(
        '/v1/table/ns$t/add_columns',
        { new_columns: [{ name: 'bad', expression: expression }] },
        WRITER_KEY,
        /expression of the new column bad was refused/,
      );
    }
    await expectServing();
    // Nothing was changed by any of them.
    const describe = await post('/v1/table/ns$t/describe', {});
    expect(describe.status).toBe(200);
    expect(JSON.stringify(describe.body)).not.toContain('"bad"');
  });

  it('leaves nothing in the log but the access lines', () => {
    expect(server.output()).not.toMatch(/SIGSEGV|panicked|RUST_BACKTRACE/);
    reportFigures('hostile-expressions', figures);
  });
});

describeWithS3('hostile expressions against serve on s3://', () => {
  let s3Server: ServerProcess;
  beforeAll(async () => {
    s3Server = await startServerProcess(
      ['--root', s3Root(`hostile-${Date.now()}`), '--workers', '1'],
      s3Env(),
    );
    const created = await fetch(`${s3Server.url}/v1/table/t/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.apache.arrow.stream' },
      body: arrow.tableToIPC(arrow.tableFromArrays({ id: Int32Array.from([1, 2, 3]) }), 'stream'),
    });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await s3Server?.kill('SIGTERM');
  });

  it('refuses each attack with 400 and keeps serving', async () => {
    for (const predicate of [sum(700), chain(40_000, 'AND', '<>'), REPEAT]) {
      const reply = await fetch(`${s3Server.url}/v1/table/t/count_rows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ predicate }),
      });
      expect(reply.status).toBe(400);
      expect(((await reply.json()) as { code: number }).code).toBe(13);
    }
    const count = await fetch(`${s3Server.url}/v1/table/t/count_rows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ predicate: 'id > 1' }),
    });
    expect(await count.json()).toBe(2);
    expect(s3Server.child.exitCode).toBeNull();
  });
});
