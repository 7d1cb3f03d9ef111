/**
 * Crash containment in `serve --workers 2`: a worker that dies (here of SIGSEGV, through the
 * test-only crash route, as LanceDB's native code can die; and of kill -9) costs only the requests
 * it had in flight. Those get 503 with Retry-After and the error body when no answer had begun,
 * or a cut connection when one had; never a hang and never a bare reset in place of an answer.
 * The other worker's requests succeed, and the primary starts the dead worker again.
 *
 * Real `serve` processes on 127.0.0.1, a real catalog folder, real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent as HttpAgent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { vectorTable } from '../bench/vector-data';
import { pidsHoldingConnection, workerPids } from '../support/child-pids';
import { stalledStream, trickledRequest, within, type Outcome } from '../support/held-requests';
import { reportFigures, scaled } from '../support/reliability-scale';
import { waitReady } from '../support/readiness';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/** About 31 MB of answer: more than every buffer between a worker and a client that stopped reading. */
const ROWS = 60_000;
const DIM = 128;
const HUNG_MS = 20_000;
const JSON_TYPE = { 'content-type': 'application/json' };
const STREAM = { accept: 'application/vnd.apache.arrow.stream' };

let dir: string;
let crashing: ServerProcess;
let plain: ServerProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-worker-crash-'));
  const catalog = await connect(dir);
  await catalog.createTable('big', vectorTable(ROWS, DIM, 5));
  await catalog.close();
  crashing = await startServerProcess(['--root', dir, '--workers', '2'], {
    CATALOG_STUDIO_TEST_CRASH: '1',
  });
  // The listening line comes with the first worker ready; the crash must land beside requests
  // on the other worker, so both must be up, as /readyz says once they are.
  await waitReady(crashing.url);
}, 120_000);

afterAll(async () => {
  await Promise.all([crashing?.kill(), plain?.kill()]);
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `dispatcher`: a connection pool of the caller's; the process's shared one without it. */
async function countRows(url: string, dispatcher?: Dispatcher): Promise<Outcome> {
  try {
    const reply = await fetch(`${url}/v1/table/big/count_rows`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{}',
      ...(dispatcher ? { dispatcher } : {}),
    } as RequestInit);
    return {
      kind: 'answered',
      status: reply.status,
      headers: Object.fromEntries(reply.headers),
      body: Buffer.from(await reply.arrayBuffer()),
    };
  } catch (error) {
    return { kind: 'cut', error: String((error as Error).cause ?? error) };
  }
}

/** GET /v1/whoami on `agent`'s one connection: the status, and which connection it went on. */
function whoami(
  url: string,
  agent: HttpAgent,
): Promise<{ status: number; reused: boolean; localPort: number }> {
  return new Promise((resolve, reject) => {
    const request = get(`${url}/v1/whoami`, { agent }, (reply) => {
      reply.resume();
      reply.once('end', () =>
        resolve({
          status: reply.statusCode ?? 0,
          reused: request.reusedSocket,
          localPort: request.socket!.localPort!,
        }),
      );
    });
    request.once('error', reject);
  });
}

function crashRequest(url: string): Promise<Response> {
  return fetch(`${url}/v1/__test/crash`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
}

/** What the output says about worker deaths and restarts. */
function restartLines(server: ServerProcess): string[] {
  return server.output().match(/^serve: worker \d+ \(pid \d+\) .*; restarting it.*$/gm) ?? [];
}

async function waitFor(what: string, check: () => boolean, ms = HUNG_MS): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

/** The 503 the primary answers for a worker that died before answering. */
function expectWorkerLost(outcome: Outcome | 'hung'): void {
  expect(outcome).not.toBe('hung');
  const answered = outcome as Extract<Outcome, { kind: 'answered' }>;
  expect(answered.kind).toBe('answered');
  expect(answered.status).toBe(503);
  expect(answered.headers['retry-after']).toBe('1');
  expect(JSON.parse(answered.body.toString())).toMatchObject({
    type: '/errors/service-unavailable',
    status: 503,
    code: 17,
    detail: expect.stringMatching(/^Worker \d stopped before it answered/),
    error: expect.stringMatching(/^ServiceUnavailable: /),
  });
}

describe('serve --workers 2 with the test crash route', () => {
  it('answers a crashing request 503, keeps the other worker’s requests, and restarts the dead one', async () => {
    const { url } = crashing;
    const workersBefore = workerPids(crashing.child.pid!);
    expect(workersBefore).toHaveLength(2);

    // Four requests held in flight, sent one by one so that the primary, which picks the worker
    // with the fewest in flight (ties to the first), gives each worker one body still arriving
    // and one answer its client stopped reading.
    const count = JSON.stringify({ id: ['big'] });
    const trickles = [trickledRequest(url, '/v1/table/big/count_rows', count)];
    await pause(300);
    trickles.push(trickledRequest(url, '/v1/table/big/count_rows', count));
    await pause(300);
    const query = JSON.stringify({ k: ROWS, columns: ['id', 'vector'] });
    const streams = [stalledStream(url, '/v1/table/big/query', query, STREAM, 256 * 1024)];
    expect(await within(streams[0]!.started, HUNG_MS)).toEqual({ status: 200 });
    streams.push(stalledStream(url, '/v1/table/big/query', query, STREAM, 256 * 1024));
    expect(await within(streams[1]!.started, HUNG_MS)).toEqual({ status: 200 });

    // Ordinary requests at the same moment as the crash, then the crash itself.
    const ordinary = Array.from({ length: 8 }, () => countRows(url));
    const crash = await within(crashRequest(url), HUNG_MS);
    expect(crash).not.toBe('hung');
    const crashed = crash as Response;
    const crashedBody = (await crashed.json()) as { detail: string };
    expectWorkerLost({
      kind: 'answered',
      status: crashed.status,
      headers: Object.fromEntries(crashed.headers),
      body: Buffer.from(JSON.stringify(crashedBody)),
    });
    const dead = Number(/^Worker (\d)/.exec(crashedBody.detail)![1]);

    // The primary says which worker died, of what, and that it starts it again.
    await waitFor('the restart line', () => restartLines(crashing).length === 1);
    expect(restartLines(crashing)[0]).toMatch(
      new RegExp(`^serve: worker ${dead} \\(pid \\d+\\) was killed by SIGSEGV; restarting it$`),
    );

    // Every held request ends, none hangs: on the dead worker the body still arriving got 503
    // and the answer already begun was cut; on the other, both complete.
    for (const trickle of trickles) trickle.finish();
    for (const stream of streams) stream.resume();
    const trickled = await Promise.all(trickles.map((t) => within(t.outcome, HUNG_MS)));
    const streamed = await Promise.all(streams.map((s) => within(s.outcome, HUNG_MS)));
    expect(trickled).not.toContain('hung');
    expect(streamed).not.toContain('hung');
    const lostTrickles = trickled.filter(
      (o) => o !== 'hung' && o.kind === 'answered' && o.status === 503,
    );
    expect(lostTrickles).toHaveLength(1);
    expectWorkerLost(lostTrickles[0]!);
    const keptTrickle = trickled.find((o) => o !== lostTrickles[0]) as Outcome;
    expect(keptTrickle).toMatchObject({ kind: 'answered', status: 200 });
    expect(JSON.parse((keptTrickle as { body: Buffer }).body.toString())).toBe(ROWS);

    const cut = streamed.filter((o) => o !== 'hung' && o.kind === 'cut');
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({ kind: 'cut', status: 200 });
    const whole = streamed.find((o) => o !== cut[0]) as Extract<Outcome, { kind: 'answered' }>;
    expect(whole).toMatchObject({ kind: 'answered', status: 200 });
    expect(arrow.tableFromIPC(whole.body).numRows).toBe(ROWS);

    // The ordinary requests: each answered, 200 with the count or 503 if it was on the dead
    // worker at the crash; never cut, never hung.
    const ordinaryOutcomes = await Promise.all(ordinary.map((o) => within(o, HUNG_MS)));
    for (const outcome of ordinaryOutcomes) {
      expect(outcome).not.toBe('hung');
      if (outcome !== 'hung' && outcome.kind === 'answered' && outcome.status === 503)
        expectWorkerLost(outcome);
      else expect(outcome).toMatchObject({ kind: 'answered', status: 200 });
    }

    // Afterwards the service answers, from both workers: the restarted one is a new process.
    await waitFor('a new worker', () => {
      const now = workerPids(crashing.child.pid!);
      return now.length === 2 && now.some((pid) => !workersBefore.includes(pid));
    });
    const after = await Promise.all(Array.from({ length: 6 }, () => countRows(url)));
    for (const outcome of after) expect(outcome).toMatchObject({ kind: 'answered', status: 200 });
    // The access log names the worker that answered: once ready, the restarted one answers too.
    // A client's connection stays with the worker that took it, and new connections go to the
    // worker holding the fewest: so each round here opens connections of its own.
    const restartedAt = crashing.output().indexOf('restarting it');
    await waitFor('an answer from the restarted worker', () => {
      const fresh = new Agent();
      void Promise.all(Array.from({ length: 4 }, () => countRows(url, fresh))).then(() =>
        fresh.close(),
      );
      return crashing
        .output()
        .slice(restartedAt)
        .split('\n')
        .some((line) => line.includes('"status":200') && line.endsWith(`"w":${dead}}`));
    });
  }, 120_000);

  it('hands the idle connections of a killed worker to the live one, where their next requests are answered', async () => {
    const { url } = crashing;
    await waitReady(url);
    // Four keep-alive connections, opened one after another and kept: the primary hands each to
    // the worker holding the fewest, so both workers hold some.
    const agents = Array.from(
      { length: 4 },
      () => new HttpAgent({ keepAlive: true, maxSockets: 1 }),
    );
    const opened = [];
    for (const agent of agents) opened.push(await whoami(url, agent));
    for (const reply of opened) expect(reply.status).toBe(200);
    const serverPort = Number(new URL(url).port);
    const workers = workerPids(crashing.child.pid!);
    const holders = opened.map((reply) =>
      pidsHoldingConnection(workers, serverPort, reply.localPort),
    );
    for (const holder of holders) expect(holder).toHaveLength(1);
    const victim = holders[0]![0]!;
    const onVictim = holders.filter((holder) => holder[0] === victim).length;
    expect(onVictim).toBeGreaterThan(0);
    const restartsBefore = restartLines(crashing).length;

    process.kill(victim, 'SIGKILL');
    await waitFor('the restart', () => restartLines(crashing).length > restartsBefore);
    // Each connection answers again, the dead worker's included, on the same connection: none
    // was closed, none answered 503.
    const after = await Promise.all(agents.map((agent) => whoami(url, agent)));
    for (const [i, reply] of after.entries()) {
      expect(reply).toMatchObject({ status: 200, reused: true, localPort: opened[i]!.localPort });
    }
    const survivors = workerPids(crashing.child.pid!).filter((pid) => pid !== victim);
    for (const reply of after)
      expect(pidsHoldingConnection(survivors, serverPort, reply.localPort)).toHaveLength(1);
    for (const agent of agents) agent.destroy();
  }, 120_000);

  it('loses no request but those in flight when a worker is killed with kill -9 under load', async () => {
    const { url } = crashing;
    await waitReady(url);
    const seconds = scaled(3, 10);
    const clients = 6;
    const tally = { ok: 0, unavailable: 0, lost: 0 };
    const lost: string[] = [];
    const restartsBefore = restartLines(crashing).length;
    const until = Date.now() + seconds * 1000;
    const killAt = Date.now() + (seconds * 1000) / 3;
    let killed = 0;
    const killer = (async () => {
      while (Date.now() < killAt) await pause(20);
      const victim = workerPids(crashing.child.pid!)[0]!;
      process.kill(victim, 'SIGKILL');
      killed = victim;
    })();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < until) {
          const outcome = await countRows(url);
          if (outcome.kind === 'answered' && outcome.status === 200) tally.ok += 1;
          else if (outcome.kind === 'answered' && outcome.status === 503) tally.unavailable += 1;
          else {
            tally.lost += 1;
            lost.push(outcome.kind === 'cut' ? outcome.error : String(outcome.status));
          }
        }
      }),
    );
    await killer;
    reportFigures('worker-crash', {
      requests: tally.ok + tally.unavailable + tally.lost,
      ok: tally.ok,
      answered503: tally.unavailable,
      lost: tally.lost,
      seconds,
      clients,
    });
    expect(killed).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(tally.ok).toBeGreaterThan(0);
    await waitFor(
      'the restart after kill -9',
      () => restartLines(crashing).length > restartsBefore,
    );
    expect(restartLines(crashing).at(-1)).toMatch(
      new RegExp(`\\(pid ${killed}\\) was killed by SIGKILL; restarting it`),
    );
  }, 120_000);
});

describe('serve without CATALOG_STUDIO_TEST_CRASH', () => {
  it('has no crash route', async () => {
    plain = await startServerProcess(['--root', dir, '--workers', '2']);
    const workers = workerPids(plain.child.pid!);
    const reply = await crashRequest(plain.url);
    expect(reply.status).toBe(406);
    expect(await reply.json()).toMatchObject({
      code: 0,
      detail: 'No route for POST /v1/__test/crash',
    });
    expect((await countRows(plain.url)).kind).toBe('answered');
    expect(workerPids(plain.child.pid!)).toEqual(workers);
    expect(restartLines(plain)).toEqual([]);
  }, 60_000);
});
