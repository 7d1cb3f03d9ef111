/**
 * A gentle close on a real server on loopback: an answer in progress at the close says
 * `Connection: close` (Fastify would not say so for a request it routed before its close), a
 * request sent on a connection idle at the close is still answered, and the close ends once
 * every connection has.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCloseGentle } from '../../../../src-main/server/http/gentle-close';

const sockets: Socket[] = [];
let server: Server | undefined;
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.length = 0;
  server?.closeAllConnections();
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose answers take `answerMs`, made gentle, listening on loopback. */
async function gentleServer(answerMs: number): Promise<{ server: Server; port: number }> {
  const made = createServer({ keepAliveTimeout: 30_000 }, (_request, response) => {
    setTimeout(() => response.end('ok'), answerMs);
  });
  makeCloseGentle(made);
  await new Promise<void>((resolve) => made.listen(0, '127.0.0.1', resolve));
  server = made;
  return { server: made, port: (made.address() as AddressInfo).port };
}

/** Sends one GET on `socket` and resolves with the answer's head, lower-cased. */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.endsWith('ok')) return;
      socket.off('data', onData);
      resolve(text.toLowerCase());
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

async function open(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

describe('makeCloseGentle', () => {
  it('closes the connection of an answer in progress at the close, after it', async () => {
    const { server: gentle, port } = await gentleServer(200);
    const socket = await open(port);
    const answered = ask(socket);
    await delay(50);
    const closed = new Promise<void>((resolve) => gentle.close(() => resolve()));
    expect(await answered).toContain('connection: close');
    await closed;
  });

  it('answers a request sent on a connection idle at the close, then closes', async () => {
    const { server: gentle, port } = await gentleServer(0);
    const socket = await open(port);
    expect(await ask(socket)).toContain('connection: keep-alive');
    const started = performance.now();
    const closed = new Promise<void>((resolve) => gentle.close(() => resolve()));
    await delay(100);
    expect(await ask(socket)).toContain('connection: close');
    await closed;
    // It did not wait for the keep-alive timeout (30 s), only for the answer.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('closes a connection still idle after the linger', async () => {
    const { server: gentle, port } = await gentleServer(0);
    const socket = await open(port);
    await ask(socket);
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    const started = performance.now();
    await new Promise<void>((resolve) => gentle.close(() => resolve()));
    await socketClosed;
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(5_000);
  });
});
