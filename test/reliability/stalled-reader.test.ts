/**
 * A client that asks for a large Arrow answer and stops reading it. The reply is streamed with the
 * socket's back-pressure, so the server writes only what the socket and a bounded read-ahead
 * hold; after the idle timeout it cuts the connection (without that, the client later receives
 * the whole answer), and it goes on answering others meanwhile. Against `serve` as a process,
 * its memory read from /proc.
 */
import { connect as connectSocket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { vectorTable } from '../bench/vector-data';

const ROWS = 200_000;
const DIM = 128;
const ANSWER_BYTES = ROWS * (DIM * 4 + 4);
const IDLE_S = 2;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-stalled-reader-'));
  const catalog = await connect(dir);
  await catalog.createTable('big', vectorTable(ROWS, DIM, 3));
  await catalog.close();
  // One process (--workers 1): the peak RSS read from /proc must be the serving process's own,
  // and what the client receives before the cut must not include a primary's buffers.
  server = await startServerProcess([
    '--root',
    dir,
    '--idle-timeout-s',
    String(IDLE_S),
    '--workers',
    '1',
  ]);
}, 120_000);

afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

it('holds back a reply its client stopped reading, then cuts it off', async () => {
  const pid = server.child.pid!;
  const { port } = new URL(server.url);
  const before = resetPeak(pid);
  const body = JSON.stringify({ k: ROWS });
  const socket = connectSocket({ host: '127.0.0.1', port: Number(port) });
  let received = 0;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /v1/table/big/query HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/vnd.apache.arrow.stream\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  // Read the first megabyte, then stop reading for good.
  let head = '';
  let stalled = false;
  await new Promise<void>((resolve) => {
    void closed.then(() => resolve());
    socket.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (head === '') head = chunk.subarray(0, 64).toString('latin1');
      if (received >= 1024 * 1024 && !stalled) {
        stalled = true;
        socket.pause();
        resolve();
      }
    });
  });
  expect(head).toMatch(/^HTTP\/1\.1 200 /);
  expect(received).toBeGreaterThanOrEqual(1024 * 1024);

  // Meanwhile the server answers others.
  const other = await fetch(`${server.url}/v1/table/big/count_rows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(other.status).toBe(200);
  expect(await other.json()).toBe(ROWS);

  // A paused socket does not notice being closed; after the idle timeout, read on to the end.
  await new Promise((resolve) => setTimeout(resolve, (IDLE_S + 2) * 1000));
  const growth = peakRssBytes(pid) - before;
  socket.resume();
  const closedAt = await Promise.race([
    closed,
    new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 10_000)),
  ]);
  reportFigures('stalled-reader', {
    answerMB: mb(ANSWER_BYTES),
    readBeforeStallMB: mb(1024 * 1024),
    receivedInAllMB: mb(received),
    serverPeakGrowthMB: mb(growth),
  });
  // The server cut the reply off: the connection ended long before the whole answer came.
  expect(closedAt).toBeLessThan(Infinity);
  expect(received).toBeLessThan(ANSWER_BYTES / 4);
  // What the server's own code held is bounded by the socket, the read-ahead and a batch; the
  // peak here also counts LanceDB's scan, which reads ahead on its own (docs/service.md), so it is
  // reported above and bounded only loosely: never several copies of the answer.
  expect(growth).toBeLessThan(ANSWER_BYTES * 2.5);
  socket.destroy();
}, 60_000);
