/**
 * `serve --workers 2` keeps what one process did, now through the primary: LanceDB's remote
 * client on two `--database`s, the browser guard against the primary's address, credentials and
 * refusals from headers alone (the rest of a refused body is not read), a body that stalls cut
 * with 408, a graceful stop that finishes the request in flight, workers that end with a primary
 * killed by SIGKILL, and a worker that can no longer start ending the service with the reason
 * instead of a restart loop.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../../support/sample-data';
import { workerPids } from '../../support/child-pids';
import { trickledRequest, within } from '../../support/held-requests';
import { requestHead } from '../../support/raw-http';
import { waitReady } from '../../support/readiness';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const KEY = 'workers-admin-key';
let dir: string;
let open: ServerProcess;
let secured: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-serve-workers-'));
  const auth = join(dir, 'auth.json');
  const hash = createHash('sha256').update(KEY).digest('hex');
  writeFileSync(
    auth,
    JSON.stringify({ principals: [{ name: 'ops', api_keys: [`sha256:${hash}`], role: 'admin' }] }),
  );
  [open, secured] = await Promise.all([
    startServerProcess([
      '--workers',
      '2',
      '--database',
      `main=${join(dir, 'main')}`,
      '--database',
      `second=${join(dir, 'second')}`,
      '--idle-timeout-s',
      '1',
    ]),
    startServerProcess(['--workers', '2', '--root', join(dir, 'secured'), '--auth', auth]),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([open?.kill(), secured?.kill()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A GET through node:http, which (unlike fetch) lets a test send any Host and Origin. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('serve --workers 2', () => {
  it('serves LanceDB’s remote client on two databases', async () => {
    const main = await lancedb.connect('db://main', { apiKey: 'k', hostOverride: open.url });
    const second = await lancedb.connect('db://second', { apiKey: 'k', hostOverride: open.url });
    const table = await main.createTable('docs', sampleTable(300, 8));
    await second.createTable('other', sampleTable(5, 8));
    await table.add(sampleTable(20, 8, { idOffset: 10_000 }));
    // Through the primary, on a keep-alive connection, as LanceDB’s client keeps it.
    for (let i = 0; i < 4; i++) expect(await table.countRows()).toBe(320);
    expect(await main.tableNames()).toEqual(['docs']);
    expect(await second.tableNames()).toEqual(['other']);
    const rows = await table.query().where('id >= 10000').select(['id']).toArray();
    expect(rows.map((row) => row.id as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => 10_000 + i),
    );
  }, 60_000);

  it('guards against browsers with the primary’s address, not the worker’s', async () => {
    const { host, port } = new URL(open.url);
    const list = `${open.url}/v1/namespace/$/list`;
    const db = { 'x-lancedb-database': 'main' };
    expect((await get(list, { ...db, host })).status).toBe(200);
    expect((await get(list, { ...db, host: `localhost:${port}` })).status).toBe(200);
    const rebound = await get(list, { ...db, host: `attacker.example:${port}` });
    expect(rebound).toMatchObject({ status: 403, body: { code: 15 } });
    const foreign = await get(list, { ...db, host, origin: 'http://attacker.example' });
    expect(foreign).toMatchObject({ status: 403, body: { code: 15 } });
  });

  it('refuses from headers, without reading the rest of a refused body', async () => {
    const whoami = `${secured.url}/v1/whoami`;
    const host = new URL(secured.url).host;
    expect(await get(whoami, { host })).toMatchObject({ status: 401, body: { code: 16 } });
    expect(await get(whoami, { host, 'x-api-key': KEY })).toMatchObject({
      status: 200,
      body: { name: 'ops', role: 'admin' },
    });

    // 200 MB announced without credentials: answered 401 as soon as the head is in, the
    // connection closed after the answer, long before the body could have been sent.
    const { port } = new URL(secured.url);
    const socket = connectSocket({ host: '127.0.0.1', port: Number(port) });
    socket.on('error', () => undefined);
    let received = '';
    let sent = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      requestHead('POST', '/v1/table/t/insert', {
        host,
        'content-type': 'application/vnd.apache.arrow.stream',
        'content-length': 200 * 1024 * 1024,
      }),
    );
    const chunk = Buffer.alloc(64 * 1024);
    const pump = () => {
      while (!socket.destroyed && sent < 200 * 1024 * 1024 && socket.write(chunk))
        sent += chunk.length;
      if (!socket.destroyed) socket.once('drain', pump);
    };
    pump();
    expect(await within(closed, 15_000)).not.toBe('hung');
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toMatch(/"code":16/);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  }, 30_000);

  it('cuts a body that stalls with 408, whether it stalls before its first byte or after', async () => {
    const headers = { 'x-lancedb-database': 'main' };
    const path = '/v1/table/docs/count_rows';
    const halfSent = trickledRequest(open.url, path, '{"id":["docs"]}', headers);
    // Announced, and not a byte of it sent: the worker must still see the head to time it.
    const { port } = new URL(open.url);
    const silent = connectSocket({ host: '127.0.0.1', port: Number(port) });
    silent.on('error', () => undefined);
    let silentAnswer = '';
    silent.on('data', (chunk: Buffer) => (silentAnswer += chunk.toString('latin1')));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    silent.write(
      requestHead('POST', path, {
        host: new URL(open.url).host,
        'content-type': 'application/json',
        'x-lancedb-database': 'main',
        'content-length': 20,
      }),
    );
    const outcome = await within(halfSent.outcome, 10_000);
    expect(outcome).toMatchObject({ kind: 'answered', status: 408 });
    expect(await within(silentClosed, 10_000)).not.toBe('hung');
    expect(silentAnswer).toMatch(/^HTTP\/1\.1 408 /);
    expect(silentAnswer).toMatch(/"type":"\/errors\/request-timeout"/);
  }, 30_000);
});

describe('stopping serve --workers 2', () => {
  it('finishes the request in flight on SIGTERM, then stops its workers and exits 0', async () => {
    const server = await startServerProcess(['--workers', '2', '--root', join(dir, 'stopping')]);
    const workers = workerPids(server.child.pid!);
    expect(workers).toHaveLength(2);
    const held = trickledRequest(server.url, '/v1/namespace/held/create', '{"properties":{}}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No longer accepting, while the held request is still in flight.
    await expect(fetch(`${server.url}/v1/whoami`)).rejects.toThrow();
    held.finish();
    expect(await within(held.outcome, 10_000)).toMatchObject({ kind: 'answered', status: 200 });
    expect(await within(server.exited, 20_000)).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(server.output()).toMatch(/SIGTERM: stopping; finishing requests in flight/);
  }, 60_000);

  it('ends its workers, and removes the folder of their records, when the primary is killed with SIGKILL', async () => {
    const server = await startServerProcess(['--workers', '2', '--root', join(dir, 'killed')]);
    const workers = workerPids(server.child.pid!);
    expect(workers).toHaveLength(2);
    // Where the primary put the workers' connection records: in the role it gave each worker.
    const environ = readFileSync(`/proc/${workers[0]}/environ`, 'utf8').split('\0');
    const role = environ.find((entry) => entry.startsWith('CATALOG_STUDIO_SERVE_WORKER='))!;
    const folder = dirname(
      (JSON.parse(role.slice(role.indexOf('=') + 1)) as { stateFile: string }).stateFile,
    );
    expect(existsSync(folder)).toBe(true);
    expect(await server.kill('SIGKILL')).toBe('SIGKILL');
    const alive = () => workers.filter((pid) => existsSync(`/proc/${pid}`));
    const until = Date.now() + 5_000;
    while (alive().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(alive()).toEqual([]);
    expect(existsSync(folder)).toBe(false);
  }, 60_000);

  it('stops with the reason when a dead worker can no longer start, rather than looping', async () => {
    const parent = join(dir, 'vanishing');
    const server = await startServerProcess(['--workers', '2', '--root', join(parent, 'catalog')]);
    // The listening line comes with the first worker ready; the second may still be starting.
    // Once both are (as a load balancer waits for), the victim is a worker that was up.
    await waitReady(server.url);
    // The catalog's place becomes a file: no worker started now can open it.
    rmSync(parent, { recursive: true, force: true });
    writeFileSync(parent, 'not a folder');
    const victim = workerPids(server.child.pid!)[0]!;
    process.kill(victim, 'SIGKILL');
    const started = Date.now();
    expect(await within(server.exited, 30_000)).toBe(1);
    const output = server.output();
    expect(output).toMatch(new RegExp(`worker \\d \\(pid ${victim}\\) was killed by SIGKILL`));
    expect(output).toMatch(/failed to start 4 times in a row, so the service stops/);
    // Backed off between attempts, yet gave up within seconds.
    expect(output).toMatch(/restarting it in 0\.25 s/);
    expect(Date.now() - started).toBeLessThan(30_000);
    rmSync(parent, { force: true });
    mkdirSync(parent);
  }, 60_000);
});
