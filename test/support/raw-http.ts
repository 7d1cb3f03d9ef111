/**
 * Raw TCP clients for the edge tests: sockets that send exactly what a hostile client sends
 * (headers and then nothing, half a body, nothing at all) and record what the server does with
 * them: the status line it answers, and when it closes the connection.
 */
import { connect, type Socket } from 'node:net';

export interface RawClient {
  socket: Socket;
  /** When the TCP connection was accepted (ms, performance.now). */
  connected: Promise<number>;
  /** The first line the server answered, once it has (undefined if it closed silently). */
  statusLine: Promise<string | undefined>;
  /** When the server closed the connection (ms, performance.now). */
  closed: Promise<number>;
  isClosed(): boolean;
}

export function rawClient(
  port: number,
  localAddress = '127.0.0.1',
  send?: string | Buffer,
): RawClient {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  let closed = false;
  const connected = new Promise<number>((resolve) =>
    socket.once('connect', () => {
      if (send !== undefined) socket.write(send);
      resolve(performance.now());
    }),
  );
  const statusLine = new Promise<string | undefined>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n');
      if (end >= 0) resolve(received.slice(0, end));
    });
    socket.once('close', () => resolve(undefined));
  });
  const closedAt = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve(performance.now());
    }),
  );
  socket.on('error', () => undefined);
  return { socket, connected, statusLine, closed: closedAt, isClosed: () => closed };
}

/** Request headers as a client writes them, ending with the blank line. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number>,
): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
