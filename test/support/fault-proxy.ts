/**
 * A recording, fault-injecting HTTP proxy on loopback, placed in front of the real catalog
 * server: it shows which headers arrive, and it can delay, answer 503, or cut the connection, so
 * that client behaviour under faults is tested against real traffic.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface Faults {
  /** Milliseconds to wait before forwarding. */
  delayMs?: number;
  /** Answer this many requests with 503 "Slow down" before forwarding again. */
  slowDown?: number;
  retryAfterSeconds?: number;
  /** Destroy the connection of the next matching request without answering. */
  dropConnection?: boolean;
  /** Extra response header to add to forwarded replies. */
  responseHeader?: [string, string];
  /** Page size imposed on list requests that name none, like a server with a default page. */
  defaultPageSize?: number;
}

export interface FaultProxy {
  url: string;
  recorded: Recorded[];
  faults: Faults;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const recorded: Recorded[] = [];
  const faults: Faults = {};
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    recorded.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    if (faults.dropConnection) {
      faults.dropConnection = false;
      req.socket.destroy();
      return;
    }
    if (faults.slowDown && faults.slowDown > 0) {
      faults.slowDown -= 1;
      res.writeHead(503, {
        'content-type': 'application/json',
        'retry-after': String(faults.retryAfterSeconds ?? 0),
      });
      res.end(
        JSON.stringify({
          type: '/errors/service-unavailable',
          title: 'Slow down',
          status: 503,
          code: 17,
          error: 'Slow down',
        }),
      );
      return;
    }
    if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    const headers = { ...req.headers };
    delete headers.host;
    delete headers['content-length'];
    let url = req.url ?? '/';
    if (faults.defaultPageSize && /\/list(\?|$)/.test(url) && !/[?&]limit=/.test(url)) {
      url += `${url.includes('?') ? '&' : '?'}limit=${faults.defaultPageSize}`;
    }
    const upstream = await fetch(`${target}${url}`, {
      method: req.method ?? 'GET',
      headers: headers as Record<string, string>,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
        out[name] = value;
    });
    if (faults.responseHeader) out[faults.responseHeader[0]] = faults.responseHeader[1];
    res.writeHead(upstream.status, out);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorded,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
