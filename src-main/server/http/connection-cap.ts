/**
 * A cap on the connections one client may hold open, so that one address cannot take every
 * socket (idle, slow or stalled) that the server has. Connections beyond it are closed at once,
 * before a byte is parsed. IPv6 clients are counted per /64, the block one host is usually given.
 */
import type { Server, Socket } from 'node:net';
import { isIPv6 } from 'node:net';

export function clientKey(address: string | undefined): string {
  if (!address) return '?';
  if (address.startsWith('::ffff:')) return address.slice(7);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface ConnectionCap {
  /** Connections refused so far. */
  refused: number;
}

export function capConnectionsPerClient(server: Server, max: number): ConnectionCap {
  const open = new Map<string, number>();
  const cap: ConnectionCap = { refused: 0 };
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      cap.refused += 1;
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
  return cap;
}
