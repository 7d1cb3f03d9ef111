/**
 * The connection hand-over between `serve`'s primary and a worker, on real sockets and a real
 * child process: the record the worker keeps of each connection (what the primary reads after
 * the worker's death to know what the client is owed), and the primary letting go of its copy
 * when the worker closes a connection.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ANSWERING,
  ASKED,
  IDLE,
  readConnectionRecord,
} from '../../../../src-main/cli/serve-workers/connection-states';
import { HandedConnections } from '../../../../src-main/cli/serve-workers/handed-connections';

const CHILD = join(__dirname, '../../../support/intake-child.ts');

let dir: string;
let stateFile: string;
let child: ChildProcess;
let handed: HandedConnections;
let listener: Server;
let port: number;
/** The primary's copies of the connections it took. */
const copies: Socket[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-intake-'));
  stateFile = join(dir, 'w1.state');
  writeFileSync(stateFile, '');
  child = fork(CHILD, [stateFile], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  handed = new HandedConnections(child, stateFile, (socket) => socket.destroy());
  child.on('message', (message: { connectionClosed?: number }) => {
    if (typeof message.connectionClosed === 'number') handed.closed(message.connectionClosed);
  });
  await new Promise<void>((resolve) =>
    child.once('message', (message: { ready?: boolean }) => message.ready && resolve()),
  );
  listener = createServer({ pauseOnConnect: true }, (socket) => {
    copies.push(socket);
    handed.hand(socket);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
}, 30_000);

afterEach(async () => {
  listener.close();
  for (const socket of copies.splice(0)) socket.destroy();
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A raw client connection, and everything it has been sent so far. */
async function client(): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => text };
}

/** The record of the connection in slot 0, as the primary would read it. */
function record() {
  const fd = openSync(stateFile, 'r');
  try {
    return readConnectionRecord(fd, 0);
  } finally {
    closeSync(fd);
  }
}

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the connection hand-over', () => {
  it('records a held request as asked, its answer as begun, and the connection as idle after it', async () => {
    const { socket, received } = await client();
    await until('the hand-over', () => handed.size === 1);
    expect(record().state).toBe(IDLE);

    socket.write('GET /hold?x=1 HTTP/1.1\r\nhost: here\r\n\r\n');
    await until('the request', () => record().state === ASKED);
    // The path without its query: what the primary's 503 names.
    expect(record().request).toBe('GET /hold');

    child.send({ step: 'head' });
    await until('the head', () => received().includes('12345'));
    expect(record().state).toBe(ANSWERING);

    child.send({ step: 'end' });
    await until('the end', () => received().endsWith('67890'));
    await until('idle again', () => record().state === IDLE);

    // The same connection serves the next request, which the worker answers at once.
    socket.write('GET /other HTTP/1.1\r\nhost: here\r\n\r\n');
    await until('the second answer', () => received().endsWith('at once'));
    await until('idle again', () => record().state === IDLE);
    socket.destroy();
  });

  it('does not take an interim 100 Continue for the answer', async () => {
    const { socket, received } = await client();
    await until('the hand-over', () => handed.size === 1);
    socket.write(
      'POST /hold HTTP/1.1\r\nhost: here\r\ncontent-length: 2\r\nexpect: 100-continue\r\n\r\n',
    );
    await until('the 100', () => received().startsWith('HTTP/1.1 100 Continue'));
    await until('the request', () => record().state === ASKED);
    expect(record().request).toBe('POST /hold');
    socket.destroy();
  });

  it('keeps a connection answering until the body of its answered request has been read', async () => {
    const { socket, received } = await client();
    await until('the hand-over', () => handed.size === 1);
    // Answered at once, before its body has all come: Node reads the rest and drops it.
    socket.write('POST /other HTTP/1.1\r\nhost: here\r\ncontent-length: 10\r\n\r\n12345');
    await until('the answer', () => received().endsWith('at once'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Not idle: the connection's next bytes are the rest of that body, not a request.
    expect(record().state).toBe(ANSWERING);
    socket.write('67890');
    await until('idle once the body has been read', () => record().state === IDLE);
    socket.destroy();
  });

  it('lets go of the primary’s copy once the worker has closed the connection', async () => {
    const { socket } = await client();
    await until('the hand-over', () => handed.size === 1);
    const copy = copies[0]!;
    socket.end(); // the worker's server closes its side in turn
    await until('the worker’s close', () => handed.size === 0);
    await until('the copy closed', () => copy.destroyed);
  });

  it('leaves the client’s connection open when the worker dies, with the record that says what it is owed', async () => {
    const { socket, received } = await client();
    let closed = false;
    socket.on('close', () => (closed = true));
    await until('the hand-over', () => handed.size === 1);
    socket.write('POST /hold HTTP/1.1\r\nhost: here\r\ncontent-length: 0\r\n\r\n');
    await until('the request', () => record().state === ASKED);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Still open: the primary's copy holds it, for an answer the dead worker never wrote.
    expect(closed).toBe(false);
    const orphans = handed.orphans();
    expect(orphans).toHaveLength(1);
    expect(orphans[0]!.record).toEqual({ state: ASKED, request: 'POST /hold' });
    orphans[0]!.socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n');
    await until('the primary’s answer', () => received().startsWith('HTTP/1.1 503'));
    await until('the close', () => closed);
  });
});
