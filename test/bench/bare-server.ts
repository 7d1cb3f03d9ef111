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
 * Run as `node --import tsx bare-server.ts ROOT`; prints `listening on http://127.0.0.1:PORT`.
 * Not a product: it trusts its one client, and nothing but the benchmark starts it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as lancedb from '@lancedb/lancedb';
import { streamQuery } from '../../src-main/catalog/dir/query/query-stream';
import { toJsonArrowSchema } from '../../src-main/catalog/json-arrow-schema';
import type { QueryRequest } from '../../src-shared/catalog-api';

const root = process.argv[2];
if (!root) throw new Error('usage: bare-server.ts ROOT');
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
    const request = queryRequest(JSON.parse(raw.toString('utf8')) as RemoteQuery);
    const chunks: Uint8Array[] = [];
    for await (const chunk of await streamQuery(table, schema, request)) {
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    res.writeHead(200, {
      'content-type': 'application/vnd.apache.arrow.stream',
      'content-length': body.byteLength,
    });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
}

const server = createServer({ keepAliveTimeout: 60_000, noDelay: true }, (req, res) => {
  answer(req, res).catch((error: Error) => {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(error.message);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
