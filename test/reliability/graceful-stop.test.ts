/**
 * SIGTERM under load loses no acknowledged write (issue 37, item 5), on a folder and on `s3://`
 * (Ceph's gateway): clients append rows and create namespaces through `serve --workers 2` (and
 * the single process, `--workers 1`, on a folder) as fast as they can; the service is stopped in
 * the middle. Every request gets an answer or a refused connection, never a cut one; the service
 * exits 0; and, read afterwards with plain LanceDB and the engine, every row and namespace whose
 * request was answered 200 is there, once. An index build running at the stop ends as
 * interrupted (to be run again), which the next replica reports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { INTERRUPTED_MESSAGE } from '../../src-main/catalog/jobs/job-store';
import { vectorTable } from '../bench/vector-data';
import { arrow } from '../../src-main/catalog/arrow';
import { within } from '../support/held-requests';
import { waitReadiness, waitReady } from '../support/readiness';
import { reportFigures, scaled } from '../support/reliability-scale';
import { s3Env, s3Root, s3StorageOptions, s3Unavailable } from '../support/s3-store';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const CLIENTS = 4;
const LOAD_MS = scaled(2_000, 6_000);
const folders: string[] = [];
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const rows = (client: number, from: number, count: number) =>
  arrow.tableToIPC(
    arrow.tableFromArrays({
      id: Int32Array.from({ length: count }, (_, i) => client * 1_000_000 + from + i),
    }),
    'stream',
  );

const ARROW = { 'content-type': 'application/vnd.apache.arrow.stream' };
const JSON_TYPE = { 'content-type': 'application/json' };

interface Place {
  name: string;
  root: () => string;
  env: () => Record<string, string>;
  storage: () => Record<string, string> | undefined;
}

const PLACES: Place[] = [
  {
    name: 'a folder',
    root: () => {
      const folder = mkdtempSync(join(tmpdir(), 'cs-graceful-'));
      folders.push(folder);
      return folder;
    },
    env: () => ({}),
    storage: () => undefined,
  },
  {
    name: 's3://',
    root: () => s3Root(`graceful-${randomBytes(3).toString('hex')}`),
    env: () => s3Env(),
    storage: () => s3StorageOptions(),
  },
];

/**
 * Workers behind the primary on both places; the single process (`--workers 1`, whose stop is
 * Fastify's close made gentle) on a folder, the stop being the same code on either place.
 */
const CASES = [
  { place: PLACES[0]!, workers: 2 },
  { place: PLACES[1]!, workers: 2 },
  { place: PLACES[0]!, workers: 1 },
];

describe.each(CASES)(
  'SIGTERM under load on $place.name, --workers $workers',
  ({ place, workers }) => {
    const skip = place.name === 's3://' ? s3Unavailable() : undefined;
    it.skipIf(skip !== undefined)(
      'answers or refuses every request, exits 0, and keeps every acknowledged write',
      async () => {
        const root = place.root();
        server = await startServerProcess(
          ['--root', root, '--workers', String(workers), '--stop-timeout-s', '20'],
          place.env(),
        );
        await waitReady(server.url);
        const { url } = server;
        for (let c = 0; c < CLIENTS; c++) {
          const made = await fetch(`${url}/v1/table/t${c}/create`, {
            method: 'POST',
            headers: ARROW,
            body: rows(c, 0, 1),
          });
          expect(made.status).toBe(200);
        }
        const acked = new Set<number>(Array.from({ length: CLIENTS }, (_, c) => c * 1_000_000));
        const ackedNamespaces = new Set<string>();
        const tally = { ok: 0, refused: 0, unavailable: 0, cut: 0, other: 0 };
        let running = true;
        const client = async (c: number) => {
          for (let next = 1; running; next++) {
            const write =
              next % 4 === 0
                ? {
                    path: `/v1/namespace/n${c}_${next}/create`,
                    headers: JSON_TYPE,
                    body: '{}' as string | Uint8Array,
                  }
                : { path: `/v1/table/t${c}/insert`, headers: ARROW, body: rows(c, next * 10, 3) };
            let status: number;
            try {
              const reply = await fetch(`${url}${write.path}`, { method: 'POST', ...write });
              await reply.arrayBuffer();
              status = reply.status;
            } catch (error) {
              // Refused at connect: the service had stopped accepting. Anything else is a cut.
              const code = (error as { cause?: { code?: string } }).cause?.code;
              if (code === 'ECONNREFUSED') {
                tally.refused += 1;
                running = false;
                return;
              }
              tally.cut += 1;
              continue;
            }
            if (status === 200) {
              tally.ok += 1;
              if (next % 4 === 0) ackedNamespaces.add(`n${c}_${next}`);
              else for (let i = 0; i < 3; i++) acked.add(c * 1_000_000 + next * 10 + i);
            } else if (status === 503) tally.unavailable += 1;
            else tally.other += 1;
          }
        };
        const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
        await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
        const stoppedAt = performance.now();
        server.child.kill('SIGTERM');
        // Not ready at once, before anything is refused.
        await waitReadiness(url, 503, 2_000).catch(() => undefined);
        expect(await within(server.exited, 40_000)).toBe(0);
        const stopMs = performance.now() - stoppedAt;
        running = false;
        await Promise.all(clients);
        reportFigures('graceful-stop', {
          place: place.name,
          workers,
          ...tally,
          acknowledgedRows: acked.size,
          acknowledgedNamespaces: ackedNamespaces.size,
          stopMs: Math.round(stopMs),
        });
        expect(tally.cut).toBe(0);
        expect(tally.other).toBe(0);
        expect(tally.ok).toBeGreaterThan(0);

        // Read back without the service: every acknowledged row, once; every acknowledged namespace.
        const storage = place.storage();
        const db = await lancedb.connect(root, storage ? { storageOptions: storage } : {});
        const found: number[] = [];
        for (let c = 0; c < CLIENTS; c++) {
          const table = await db.openTable(`t${c}`);
          for (const row of await table.query().select(['id']).toArray())
            found.push((row as { id: number }).id);
          table.close();
        }
        db.close();
        const present = new Set(found);
        expect(found.length).toBe(present.size);
        expect([...acked].filter((id) => !present.has(id))).toEqual([]);
        const catalog = await connect(root, storage ? { storageOptions: storage } : {});
        try {
          const listed = new Set((await catalog.listNamespaces([])).namespaces);
          expect([...ackedNamespaces].filter((name) => !listed.has(name))).toEqual([]);
        } finally {
          await catalog.close();
        }
      },
      120_000,
    );
  },
);

describe('SIGTERM during an index build', () => {
  it('ends the build as interrupted, as the next replica on the root reports it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cs-graceful-build-'));
    folders.push(root);
    const seeded = await connect(root);
    await seeded.createTable('big', vectorTable(40_000, 128, 5));
    await seeded.close();
    server = await startServerProcess(['--root', root, '--workers', '1']);
    const { url } = server;
    const post = async (path: string, body: object) => {
      const reply = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
      return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
    };
    const made = await post('/v1/table/big/create_index', {
      column: 'vector',
      index_type: 'IVF_PQ',
      name: 'v',
    });
    expect(made.status).toBe(200);
    const jobId = made.body['job_id'] as string;
    const until = Date.now() + 20_000;
    let state = '';
    while (state !== 'running' && Date.now() < until) {
      state = (await post('/v1/jobs/describe', { job_id: jobId })).body['state'] as string;
      if (state !== 'running') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe('running');
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 30_000)).toBe(0);

    server = await startServerProcess(['--root', root, '--workers', '1']);
    const described = await fetch(`${server.url}/v1/jobs/describe`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ job_id: jobId }),
    });
    expect(described.status).toBe(200);
    expect(await described.json()).toMatchObject({
      job_state: 'FAILED',
      failure: { message: INTERRUPTED_MESSAGE },
    });
  }, 120_000);
});

/**
 * The race the load test above finds only now and then, made certain: a request sent on a
 * keep-alive connection that was idle when the stop began. Node's `server.close()` closes such a
 * connection at once, cutting a request already on its way; the stop keeps it open a moment,
 * answers the request, and says `Connection: close`.
 */
describe.each([{ workers: 2 }, { workers: 1 }])(
  'SIGTERM with an idle keep-alive connection, --workers $workers',
  ({ workers }) => {
    it('answers a request sent on it just after the stop began, and then closes it', async () => {
      const root = mkdtempSync(join(tmpdir(), 'cs-graceful-idle-'));
      folders.push(root);
      server = await startServerProcess(['--root', root, '--workers', String(workers)]);
      await waitReady(server.url);
      const connection = await rawConnection(server.url);
      const first = await connection.ask('GET /v1/namespace/%24/list HTTP/1.1');
      expect(first.status).toBe(200);
      expect(first.headers['connection']).not.toBe('close');

      const stopping = server;
      stopping.child.kill('SIGTERM');
      // The stop has begun (the process says so, then closes its server at once: no --drain-s).
      // 100 ms on, Node's own close would have closed the idle connection; the linger is 500 ms.
      await until(() => stopping.output().includes('SIGTERM: stopping'), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await connection.ask('GET /v1/namespace/%24/list HTTP/1.1');
      expect(second.status).toBe(200);
      expect(second.headers['connection']).toBe('close');
      expect(await connection.closed).toBe(true);
      expect(await within(server.exited, 30_000)).toBe(0);
    }, 60_000);
  },
);

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/** One TCP connection to `url`, kept alive, on which requests are written by hand. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connectSocket({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = '';
  let waiting: { resolve(text: string): void; reject(error: Error): void } | undefined;
  const fail = (error: Error) => {
    const asked = waiting;
    waiting = undefined;
    asked?.reject(error);
  };
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    const answer = completeAnswer(buffered);
    if (answer === undefined || !waiting) return;
    buffered = buffered.slice(answer.length);
    const asked = waiting;
    waiting = undefined;
    asked.resolve(answer);
  });
  // A reset or a close before the answer fails the request asked, as an assertion would.
  socket.on('error', fail);
  const closed = new Promise<boolean>((resolve) =>
    socket.once('close', () => {
      fail(new Error('the connection closed before an answer'));
      resolve(true);
    }),
  );
  return {
    closed,
    /** Writes `requestLine` with an empty JSON body (catalog clients send one with a GET too). */
    ask(requestLine: string): Promise<RawAnswer> {
      if (socket.destroyed) {
        return Promise.reject(new Error('the connection was closed before the request'));
      }
      const answered = new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject };
      });
      socket.write(
        `${requestLine}\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 2\r\n\r\n{}',
      );
      return answered.then(parseHead);
    },
  };
}

/** The first whole answer in `text` (its head and its Content-Length of body), if it is there. */
function completeAnswer(text: string): string | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const length = Number(parseHead(text.slice(0, end)).headers['content-length'] ?? 0);
  const whole = end + 4 + length;
  return text.length >= whole ? text.slice(0, whole) : undefined;
}

function parseHead(answer: string): RawAnswer {
  const [statusLine, ...lines] = answer.split('\r\n\r\n')[0]!.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers };
}
