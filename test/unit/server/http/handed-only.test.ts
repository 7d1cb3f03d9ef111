/**
 * A server that never listens and is only handed connections (`serve`'s workers, and its
 * primary's own server): Node's connection checks (the headers timeout) and
 * `closeIdleConnections()` reach those connections once `trackHandedConnections` has run, and
 * not without it. Real sockets on loopback.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackHandedConnections } from '../../../../src-main/server/http/handed-only';

const opened: Array<Server | NetServer | Socket> = [];

afterEach(() => {
  for (const thing of opened.splice(0)) {
    if ('destroy' in thing) thing.destroy();
    else thing.close();
  }
});

/** A listener that hands every connection, paused, to `server` (as `serve`'s primary does). */
async function handingTo(server: Server): Promise<number> {
  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    server.emit('connection', socket);
    socket.resume();
  });
  opened.push(listener);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return (listener.address() as { port: number }).port;
}

/** A client that sends `text` and reports when the server closed the connection, if it did. */
async function client(port: number, text: string): Promise<() => boolean> {
  const socket = connect(port, '127.0.0.1');
  opened.push(socket);
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  socket.resume();
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(text);
  return () => closed;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function silentServer(): Server {
  const server = createHttpServer(
    { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 100 },
    (_request, response) => response.end('ok'),
  );
  opened.push(server);
  return server;
}

describe('trackHandedConnections', () => {
  it('puts a handed connection that sends half a head under the headers timeout', async () => {
    const tracked = silentServer();
    trackHandedConnections(tracked);
    const untracked = silentServer();
    const trackedClosed = await client(await handingTo(tracked), 'GET / HTTP/1.1\r\n');
    const untrackedClosed = await client(await handingTo(untracked), 'GET / HTTP/1.1\r\n');
    await wait(1_500);
    expect(trackedClosed()).toBe(true);
    // Without it, Node never checks the connection: it would stay open for good.
    expect(untrackedClosed()).toBe(false);
  });

  it('lets closeIdleConnections() close a handed keep-alive connection', async () => {
    const tracked = silentServer();
    trackHandedConnections(tracked);
    const untracked = silentServer();
    const request = 'GET / HTTP/1.1\r\nhost: here\r\n\r\n';
    const trackedClosed = await client(await handingTo(tracked), request);
    const untrackedClosed = await client(await handingTo(untracked), request);
    await wait(200); // both answered, both idle
    tracked.closeIdleConnections();
    untracked.closeIdleConnections();
    await wait(200);
    expect(trackedClosed()).toBe(true);
    expect(untrackedClosed()).toBe(false);
  });
});
