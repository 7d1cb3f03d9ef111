/**
 * The floor of `bench:server`'s per-call figures: the least a server in front of LanceDB can do
 * for LanceDB's remote client. Node's own HTTP server and LanceDB in one process, the tables
 * opened once, the query body mapped by hand to LanceDB's builder (no schema pass, no framework,
 * no catalog, no log), and the answer's bytes from the engine's lowest step (`streamQuery`,
 * LanceDB's own IPC passed through). It answers only what the benchmark's searches call:
 * describe (for `openTable`), count_rows and query. Whatever a real server does beyond this
 * (credentials, limits, validation, the error body, the access log) is what `serve` costs on top
 * of the floor, and the floor itself is what any second process costs on this machine.
 *
 * With `--replay`, a query answered once is answered again from memory, byte for byte, without
 * asking LanceDB: a bulk read then costs only the wire and LanceDB's remote client, the ceiling
 * of any server's throughput for that read on this machine, whatever its scan.
 *
 * Run as `node --import tsx bare-server.ts ROOT [--replay]`; prints `listening on
 * http://127.0.0.1:PORT`, then a JSON line per query (`path`, `status`, `ms` from the request to
 * its last byte sent, and `replayed` for an answer from memory), as `serve`'s access log does
 * (server-log.ts reads both).
 * Not a product: it trusts its one client, and nothing but the benchmark starts it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as lancedb from '@lancedb/lancedb';
import { streamQuery } from '../../src-main/catalog/dir/query/query-stream';
import { ARROW_STREAM_TYPE } from '../../src-main/catalog/arrow-data';
import { toJsonArrowSchema } from '../../src-main/catalog/json-arrow-schema';
import type { QueryRequest } from '../../src-shared/catalog-api';

const root = process.argv[2];
if (!root) throw new Error('usage: bare-server.ts ROOT [--replay]');
const replay = process.argv.includes('--replay');
/** With `--replay`: each answered query's bytes, by table and body. */
const answered = new Map<string, Uint8Array[]>();
/** Answers sent from `answered`: their log lines say `replayed`. */
const fromMemory = new WeakSet<ServerResponse>();
const db = await lancedb.connect(root, { readConsistencyInterval: 0 });
interface Opened {
  table: lancedb.Table;
  schema: Awaited<ReturnType<lancedb.Table['schema']>>;
}
/** Each table opened once with its schema, as a server's cache of open tables would hold it. */
const opened = new Map<string, Promise<Opened>>();
const open = (name: string) => {
  let entry = opened.get(name);
  if (!entry) {
    entry = db.openTable(name).then(async (table) => ({ table, schema: await table.schema() }));
    opened.set(name, entry);
  }
  return entry;
};

/** LanceDB's remote query body, as its client sends it for the benchmark's three searches. */
interface RemoteQuery {
  vector?: number[];
  k?: number;
  filter?: string;
  columns?: string[];
  full_text_query?: { query?: string; columns?: string[] };
}

function queryRequest(body: RemoteQuery): QueryRequest {
  const request: QueryRequest = {};
  if (body.vector?.length) request.vector = body.vector;
  // The client sends i64::MAX for "no limit".
  if (body.k !== undefined && body.k < Number.MAX_SAFE_INTEGER) request.limit = body.k;
  if (body.filter) request.filter = body.filter;
  if (body.columns) request.columns = body.columns;
  if (body.full_text_query?.query !== undefined) {
    request.fullTextQuery = {
      query: body.full_text_query.query,
      ...(body.full_text_query.columns?.length ? { columns: body.full_text_query.columns } : {}),
    };
  }
  return request;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const json = (res: ServerResponse, value: unknown) => {
  const body = JSON.stringify(value);
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
};

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [, , , name, action] = (req.url ?? '').split('?')[0]!.split('/');
  const raw = await readBody(req);
  const { table, schema } = await open(decodeURIComponent(name ?? ''));
  if (action === 'describe') {
    json(res, {
      table: name,
      version: await table.version(),
      schema: toJsonArrowSchema(schema, 'lance'),
      stats: { num_deleted_rows: 0, num_fragments: 1 },
    });
  } else if (action === 'count_rows') {
    json(res, await table.countRows());
  } else if (action === 'query') {
    const key = `${name}\n${raw.toString('utf8')}`;
    const remembered = replay ? answered.get(key) : undefined;
    const chunks =
      remembered ??
      (await streamQuery(
        table,
        schema,
        queryRequest(JSON.parse(raw.toString('utf8')) as RemoteQuery),
      ));
    const kept: Uint8Array[] = [];
    // A search's one chunk goes out whole with its length; a bulk read as it comes.
    let first: Uint8Array | undefined;
    for await (const chunk of chunks) {
      if (replay && !remembered) kept.push(chunk);
      if (first === undefined) {
        first = chunk;
        continue;
      }
      if (!res.headersSent) {
        res.writeHead(200, { 'content-type': ARROW_STREAM_TYPE });
        if (!(await send(res, first))) break;
      }
      if (!(await send(res, chunk))) break;
    }
    if (replay && !remembered && !res.destroyed) answered.set(key, kept);
    if (remembered) fromMemory.add(res);
    if (res.headersSent) {
      res.end();
    } else {
      const body = first ?? new Uint8Array();
      res.writeHead(200, { 'content-type': ARROW_STREAM_TYPE, 'content-length': body.byteLength });
      res.end(body);
    }
  } else {
    res.writeHead(404).end();
  }
}

/**
 * Writes a chunk, waiting while the socket is full (a bulk read is hundreds of megabytes) or
 * until the client is gone; says whether the client is still there.
 */
async function send(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.once('drain', done);
      res.once('close', done);
    });
  }
  return !res.destroyed;
}

/** The log's lines, written a few at a time as `serve`'s are (a write to a pipe is synchronous). */
let pendingLog = '';
const flushLog = () => {
  if (pendingLog === '') return;
  process.stderr.write(pendingLog);
  pendingLog = '';
};
setInterval(flushLog, 100).unref();
const logLine = (entry: object) => {
  pendingLog += `${JSON.stringify(entry)}\n`;
  if (pendingLog.length >= 2048) flushLog();
};

const server = createServer({ keepAliveTimeout: 60_000, noDelay: true }, (req, res) => {
  const started = performance.now();
  res.once('finish', () => {
    const path = (req.url ?? '').split('?')[0];
    const ms = Math.round((performance.now() - started) * 100) / 100;
    logLine({
      path,
      status: res.statusCode,
      ms,
      ...(fromMemory.has(res) ? { replayed: true } : {}),
    });
  });
  answer(req, res).catch((error: Error) => {
    // An answer already begun cannot become an error: cut it, so the client sees it broken.
    if (res.headersSent) {
      res.destroy(error);
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(error.message);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  flushLog();
  server.close(() => process.exit(0));
});
