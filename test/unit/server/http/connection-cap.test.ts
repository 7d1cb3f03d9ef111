import { createServer, connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  capConnectionsPerClient,
  clientKey,
} from '../../../../src-main/server/http/connection-cap';

describe('clientKey', () => {
  it('counts IPv4 by address, mapped IPv4 as IPv4, and IPv6 per /64 however it is written', () => {
    expect(clientKey('127.0.0.2')).toBe('127.0.0.2');
    expect(clientKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientKey('2001:db8::1')).toBe(clientKey('2001:db8:0:0:ffff::2'));
    expect(clientKey('2001:db8:0:1::1')).not.toBe(clientKey('2001:db8::1'));
    expect(clientKey(undefined)).toBe('?');
  });
});

describe('capConnectionsPerClient', () => {
  const server = createServer((socket) => socket.on('error', () => undefined));
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });

  it('closes connections beyond the cap at once, and counts a closed one out', async () => {
    const cap = capConnectionsPerClient(server, 3);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const open = (localAddress: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port, localAddress });
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => resolve(false));
        socket.once('connect', () => setTimeout(() => resolve(!socket.destroyed), 150));
      });
    const first = await Promise.all([1, 2, 3, 4, 5].map(() => open('127.0.0.1')));
    expect(first.filter(Boolean)).toHaveLength(3);
    expect(cap.refused).toBe(2);
    expect(await open('127.0.0.3')).toBe(true);
    sockets[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await open('127.0.0.1')).toBe(true);
  });
});
