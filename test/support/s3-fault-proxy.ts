/**
 * A fault-injecting HTTP proxy in front of the real S3 store, on loopback: the bad days of an
 * object store, as its clients (LanceDB's object_store and the AWS SDK) meet them. It forwards
 * every request unchanged (the Host header as sent, so SigV4 signatures stay valid) and, by the
 * rates in `faults`, instead:
 *
 * - answers 503 SlowDown or 500 InternalError with S3's own XML error body;
 * - cuts a GET's reply mid-body (headers and part of the body sent, then a reset);
 * - holds a request for a latency spike before forwarding it;
 * - blackholes: accepts the request and never answers (until healed or closed);
 * - loses the reply to a PUT the store applied: forwards it, waits for the store's answer, then
 *   cuts the connection without a word, so the client cannot know its write landed.
 *
 * A seeded generator decides every roll, so a run with one seed makes the same choices for the
 * same sequence of requests. `test/support/fault-proxy.ts` is the catalog server's proxy (JSON
 * bodies, buffered); this one streams S3 traffic and speaks S3's errors.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { requestKind, type RequestKind } from './s3-counting-proxy';

export interface S3Faults {
  /** Share of requests answered 503 SlowDown (0–1). */
  slowDown?: number;
  /** Share of requests answered 500 InternalError. */
  internalError?: number;
  /** Share of GETs whose reply is cut mid-body. */
  resetRead?: number;
  /** Share of requests held `spikeMs` before they are forwarded. */
  spike?: number;
  spikeMs?: number;
  /** Share of PUTs forwarded, applied by the store, and then left without a reply. */
  lostPutReply?: number;
  /** Accept every request and answer none. */
  blackhole?: boolean;
  /** Only requests whose path contains this are touched (all when absent). */
  pathIncludes?: string;
}

export type FaultKind =
  'slowDown' | 'internalError' | 'resetRead' | 'spike' | 'lostPutReply' | 'blackhole';

export interface S3FaultProxy {
  /** `http://127.0.0.1:PORT`, to use as the S3 endpoint. */
  endpoint: string;
  /** The faults in force; may be changed at any time. */
  faults: S3Faults;
  /** How many times each fault was injected since the last `resetCounts`. */
  readonly injected: Record<FaultKind, number>;
  /** Requests seen, by kind, since the last `resetCounts`. */
  readonly seen: Record<RequestKind, number>;
  resetCounts(): void;
  /** Clears every fault and lets go of blackholed requests (their clients see a reset). */
  heal(): void;
  close(): Promise<void>;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const S3_ERRORS = {
  slowDown: { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' },
  internalError: {
    status: 500,
    code: 'InternalError',
    message: 'We encountered an internal error. Please try again.',
  },
} as const;

function s3ErrorXml(code: string, message: string, resource: string, id: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message>` +
    `<Resource>${resource.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</Resource>` +
    `<RequestId>${id}</RequestId><HostId>fault-proxy</HostId></Error>`
  );
}

const zeroCounts = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const FAULT_KINDS: readonly FaultKind[] = [
  'slowDown',
  'internalError',
  'resetRead',
  'spike',
  'lostPutReply',
  'blackhole',
];
const KINDS: readonly RequestKind[] = ['GET', 'HEAD', 'PUT', 'LIST', 'DELETE', 'POST', 'OTHER'];

export async function startS3FaultProxy(
  target: string,
  options: { seed?: number } = {},
): Promise<S3FaultProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const random = seededRandom(options.seed ?? 1);
  const held = new Set<Socket>();
  let injected = zeroCounts(FAULT_KINDS);
  let seen = zeroCounts(KINDS);
  let requestIds = 0;
  const proxy: S3FaultProxy = {
    endpoint: '',
    faults: {},
    get injected() {
      return injected;
    },
    get seen() {
      return seen;
    },
    resetCounts() {
      injected = zeroCounts(FAULT_KINDS);
      seen = zeroCounts(KINDS);
    },
    heal() {
      proxy.faults = {};
      for (const socket of held) socket.destroy();
      held.clear();
    },
    async close() {
      proxy.heal();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const kind = requestKind(method, url);
    seen[kind] += 1;
    const faults = proxy.faults;
    const touched = !faults.pathIncludes || decodeURIComponent(url).includes(faults.pathIncludes);
    // One roll per fault per request, always in the same order, so the sequence repeats.
    const rolls = {
      slowDown: random(),
      internalError: random(),
      resetRead: random(),
      spike: random(),
      lostPutReply: random(),
    };
    if (touched && faults.blackhole) {
      injected.blackhole += 1;
      // Read the request and say nothing; the socket is let go on heal or close.
      held.add(req.socket);
      req.socket.once('close', () => held.delete(req.socket));
      req.resume();
      return;
    }
    for (const fault of ['slowDown', 'internalError'] as const) {
      if (touched && rolls[fault] < (faults[fault] ?? 0)) {
        injected[fault] += 1;
        const { status, code, message } = S3_ERRORS[fault];
        const body = s3ErrorXml(code, message, url, `fault-${(requestIds += 1)}`);
        req.resume();
        res.writeHead(status, {
          'content-type': 'application/xml',
          'content-length': Buffer.byteLength(body),
          'x-amz-request-id': `fault-${requestIds}`,
        });
        res.end(body);
        return;
      }
    }
    const cutRead = touched && kind === 'GET' && rolls.resetRead < (faults.resetRead ?? 0);
    const loseReply = touched && kind === 'PUT' && rolls.lostPutReply < (faults.lostPutReply ?? 0);
    const forward = () => {
      const outbound = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path: url,
          headers: req.headers,
          agent,
        },
        (reply) => {
          if (loseReply) {
            // The store applied the write; its client never hears so.
            injected.lostPutReply += 1;
            reply.resume();
            reply.once('end', () => req.socket.destroy());
            return;
          }
          res.writeHead(reply.statusCode ?? 502, reply.statusMessage, reply.rawHeaders);
          if (cutRead && (reply.statusCode ?? 0) < 300) {
            injected.resetRead += 1;
            // Part of the body, then a reset: the client has headers and a truncated body.
            let cut = false;
            reply.once('data', (chunk: Buffer) => {
              cut = true;
              res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
              setImmediate(() => {
                reply.destroy();
                req.socket.resetAndDestroy();
              });
            });
            // An empty body has nothing to cut: it is answered whole.
            reply.once('end', () => {
              if (!cut) res.end();
            });
            return;
          }
          reply.pipe(res);
        },
      );
      outbound.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`fault proxy: ${error.message}`);
      });
      req.pipe(outbound);
    };
    if (touched && rolls.spike < (faults.spike ?? 0)) {
      injected.spike += 1;
      setTimeout(forward, faults.spikeMs ?? 2_000);
    } else forward();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
