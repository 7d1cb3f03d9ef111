/**
 * The socket layer under attack, against `catalog-studio serve` as a process (RSS read from
 * /proc). Each test is the attack as a hostile client runs it:
 *
 * - 300 requests without credentials send full headers and stall their bodies. Before, they held
 *   all 256 in-flight slots (an authorised request got 503) and none was closed within 16 s. Now
 *   each is answered 401 from its headers and closed, and never takes a slot.
 * - Connections that send nothing, and "slowloris" clients that dribble header lines, are closed
 *   by the headers timeout while a normal request is still answered.
 * - An authenticated client that stalls its body is cut by the idle timeout (408).
 * - One address cannot hold more than its share of connections.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { rawClient, requestHead, type RawClient } from '../support/raw-http';
import { reportFigures, scaled } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const KEY = 'edge-socket-key-3f9a1c';
const ARROW = 'application/vnd.apache.arrow.stream';
const STALLED = 300;
const IDLE = scaled(1_000, 4_000);
/**
 * A starved server answers 503 or not at all (what these attacks did before); an answer within
 * this shows it is not. Not a speed claim: on two busy cores an answer took 1.2 s once.
 */
const ANSWERED_WITHIN_MS = 3_000;
/** The short timeouts of the second server, in seconds. */
const TIMEOUT_S = 2;

let dir: string;
let plain: ServerProcess;
let strict: ServerProcess;

const portOf = (server: ServerProcess) => Number(new URL(server.url).port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A loopback source address per hundred clients, so the per-client cap is not what saves us. */
const sourceFor = (i: number, first = 2) => `127.0.0.${first + Math.floor(i / 100)}`;

async function authorised(server: ServerProcess): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/namespace/$/list`, {
    headers: { 'x-api-key': KEY },
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - started) };
}

/** The status line each client was answered, without waiting on those never answered. */
function answers(clients: RawClient[]): Promise<Array<string | undefined>> {
  return Promise.all(
    clients.map((c) => Promise.race([c.statusLine, sleep(100).then(() => 'no answer')])),
  );
}

/** When each client was closed, or Infinity if it was still open after `withinMs`. */
function closedWithin(clients: RawClient[], withinMs: number): Promise<number[]> {
  const deadline = sleep(withinMs).then(() => Infinity);
  return Promise.all(clients.map((c) => Promise.race([c.closed, deadline])));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-edge-socket-'));
  const root = join(dir, 'catalog');
  const seed = await connect(root);
  await seed.createTable('t', sampleTable(10, 4));
  await seed.close();
  const auth = join(dir, 'auth.json');
  writeFileSync(
    auth,
    JSON.stringify({ principals: [{ name: 'edge', api_keys: [KEY], role: 'admin' }] }),
  );
  // The attack of the issue runs against the defaults; the timeouts are shortened on a second
  // server so that waiting for them stays within a CI budget.
  // One process each (--workers 1): the peak RSS read from /proc must be the serving process's
  // own, not a primary's that only forwards.
  plain = await startServerProcess(['--root', root, '--auth', auth, '--workers', '1']);
  strict = await startServerProcess([
    '--workers',
    '1',
    '--root',
    root,
    '--auth',
    auth,
    '--headers-timeout-s',
    String(TIMEOUT_S),
    '--idle-timeout-s',
    String(TIMEOUT_S),
  ]);
});

afterAll(async () => {
  await plain?.kill();
  await strict?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('stalled bodies without credentials', () => {
  it(`${STALLED} are answered 401 from their headers and closed; an authorised request is still answered`, async () => {
    const port = portOf(plain);
    const before = resetPeak(plain.child.pid!);
    const head = requestHead('POST', '/v1/table/t/insert', {
      host: `127.0.0.1:${port}`,
      'content-type': ARROW,
      'content-length': 1 << 20,
    });
    const clients = Array.from({ length: STALLED }, (_, i) =>
      rawClient(port, sourceFor(i), `${head}ARROW1`),
    );
    const started = Math.max(...(await Promise.all(clients.map((c) => c.connected))));
    const answer = await authorised(plain);
    const closed = await closedWithin(clients, 16_000);
    const statuses = await answers(clients);
    const growth = peakRssBytes(plain.child.pid!) - before;
    const slowest = Math.round(Math.max(...closed) - started);
    reportFigures('edge-stalled-unauthenticated', {
      stalled: STALLED,
      closedWithinMs: slowest,
      authorisedStatus: answer.status,
      authorisedMs: answer.ms,
      rssGrowthMB: mb(growth),
    });
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 401 Unauthorized']));
    expect(closed.filter((at) => at === Infinity)).toHaveLength(0);
    expect(slowest).toBeLessThan(3_000);
    expect(growth).toBeLessThan(150 * 1024 * 1024);
  });
});

describe('idle and slow connections (headers and idle timeouts of 2 s)', () => {
  it(`${IDLE} connections that send nothing are closed by the headers timeout; a request is still answered`, async () => {
    const port = portOf(strict);
    const before = resetPeak(strict.child.pid!);
    // In waves of 500: beyond the listen backlog, the kernel would drop the handshake's last
    // step and leave the client believing in a connection the server never saw.
    const clients: RawClient[] = [];
    for (let i = 0; i < IDLE; i += 500) {
      const wave = Array.from({ length: Math.min(500, IDLE - i) }, (_, j) =>
        rawClient(port, sourceFor(i + j, 10)),
      );
      await Promise.all(wave.map((c) => c.connected));
      clients.push(...wave);
      await sleep(50);
    }
    const connectedAt = await Promise.all(clients.map((c) => c.connected));
    const answer = await authorised(strict);
    const closed = await closedWithin(clients, (TIMEOUT_S + 6) * 1000);
    const growth = peakRssBytes(strict.child.pid!) - before;
    // Each socket's life: held open until the timeout (not dropped early), and no longer.
    const lives = closed.map((at, i) => at - connectedAt[i]!);
    const shortest = Math.round(Math.min(...lives));
    const longest = Math.round(Math.max(...lives));
    reportFigures('edge-idle-sockets', {
      idleSockets: IDLE,
      requestMs: answer.ms,
      heldForMs: `${shortest}-${longest}`,
      rssGrowthMB: mb(growth),
    });
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(closed.filter((at) => at === Infinity)).toHaveLength(0);
    expect(shortest).toBeGreaterThan((TIMEOUT_S - 0.5) * 1000);
    expect(longest).toBeLessThan((TIMEOUT_S + 2.5) * 1000);
    expect(growth).toBeLessThan(150 * 1024 * 1024);
  });

  it('clients dribbling one header line every 400 ms are closed by the headers timeout all the same', async () => {
    const port = portOf(strict);
    const clients = Array.from({ length: 50 }, (_, i) =>
      rawClient(
        port,
        sourceFor(i, 60),
        `GET /v1/namespace/$/list HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`,
      ),
    );
    const opened = Math.max(...(await Promise.all(clients.map((c) => c.connected))));
    let line = 0;
    const drip = setInterval(() => {
      for (const c of clients) if (!c.isClosed()) c.socket.write(`x-drip-${(line += 1)}: 1\r\n`);
    }, 400);
    const closed = await closedWithin(clients, (TIMEOUT_S + 4) * 1000);
    clearInterval(drip);
    const slowest = Math.round(Math.max(...closed) - opened);
    reportFigures('edge-slowloris-headers', { clients: 50, allClosedAfterMs: slowest });
    expect(closed.filter((at) => at === Infinity)).toHaveLength(0);
    expect(slowest).toBeLessThan((TIMEOUT_S + 2.5) * 1000);
  });

  it('an authenticated client that stalls its body is cut with 408 by the idle timeout, and its slot is freed', async () => {
    const port = portOf(strict);
    const head = requestHead('POST', '/v1/table/t/insert', {
      host: `127.0.0.1:${port}`,
      'x-api-key': KEY,
      'content-type': ARROW,
      'content-length': 1 << 20,
    });
    const clients = Array.from({ length: 20 }, (_, i) =>
      rawClient(port, sourceFor(i, 70), `${head}ARROW1`),
    );
    const opened = Math.max(...(await Promise.all(clients.map((c) => c.connected))));
    const closed = await closedWithin(clients, (TIMEOUT_S + 4) * 1000);
    const statuses = await answers(clients);
    const slowest = Math.round(Math.max(...closed) - opened);
    reportFigures('edge-stalled-authenticated', { stalled: 20, allCutAfterMs: slowest });
    expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 408 Request Timeout']));
    expect(slowest).toBeLessThan((TIMEOUT_S + 2) * 1000);
    expect((await authorised(strict)).status).toBe(200);
  });
});

describe('per-client connection cap (default 128)', () => {
  it('one address opening 200 connections keeps 128; other clients are still served', async () => {
    const port = portOf(strict);
    const clients = Array.from({ length: 200 }, () => rawClient(port, '127.0.0.99'));
    await Promise.all(clients.map((c) => c.connected));
    await sleep(300);
    const open = clients.filter((c) => !c.isClosed()).length;
    const answer = await authorised(strict);
    reportFigures('edge-connection-cap', { opened: 200, keptOpen: open, requestMs: answer.ms });
    for (const c of clients) c.socket.destroy();
    expect(open).toBe(128);
    expect(answer.status).toBe(200);
  });
});
