/**
 * The web mode's transport: the host's procedures as `POST /rpc/<name>`, its events over SSE at
 * `GET /events`, and the built renderer as static files. Loopback only, guarded by a random
 * per-run token that never travels in a cookie: cookies are not bound to a port, so a browser
 * would hand it to every other server on 127.0.0.1. Instead:
 *
 * - `/rpc/*` and `/events` take it in the `x-studio-token` header, which the page sends on every
 *   fetch (a foreign page cannot set it without a CORS preflight, which is never answered);
 * - the page and its assets live under `/s/<token>/`: the printed `/?token=…` address redirects
 *   there, and the renderer's relative asset paths carry the prefix to every file it loads;
 * - an export's download, which the browser fetches by navigating, is `/download/<token>/<job>`
 *   (download-route.ts).
 *
 * Before the token, the browser guard (http-edge/browser-guard.ts) refuses a foreign Host (DNS
 * rebinding), a foreign Origin and form-like requests. Refusals close the connection unread.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { ARROW_STREAM_TYPE } from '../catalog/arrow-data';
import type { Host } from '../host/host';
import { allowedHosts, browserRefusal } from '../http-edge/browser-guard';
import { hasBody } from '../http-edge/has-body';
import { DOWNLOAD_PATH, registerDownloads } from './download-route';

const TOKEN_HEADER = 'x-studio-token';
/** Beside an Arrow answer, the rest of a procedure's value (see /rpc in the web-mode server). */
const ARROW_FACTS_HEADER = 'x-studio-arrow-facts';
/** An upload's file name, URI-encoded (a header holds only Latin-1). */
const FILE_NAME_HEADER = 'x-file-name';
/** The page and its assets: `/s/<token>/…`. */
const PAGE_PATH = /^\/s\/([^/?#]+)(\/[^?#]*)?$/;
/**
 * A path the page could navigate to (plain segments, no dot, no escapes): when it names no file it
 * gets index.html. Anything else that names no file (a missing asset, `..` in any spelling) is 404.
 */
const NAVIGATION_PATH = /^(?:\/[\w-]+)*\/?$/;
const NOT_BUILT =
  '<!doctype html><title>Catalog Studio</title><p>The renderer is not built yet: run <code>npm run build</code>.</p>';

export interface WebServerOptions {
  host: Host;
  /** Folder with the built renderer (index.html and assets). */
  rendererDir: string;
  token?: string;
}

export interface WebServer {
  app: FastifyInstance;
  token: string;
  listen(port: number): Promise<string>;
}

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Result-shaped refusal the renderer reads, closing the connection if a body is coming. */
function refuse(
  reply: FastifyReply,
  status: number,
  error: { code: number; name: string; message: string },
): FastifyReply {
  if (hasBody(reply.request.headers)) reply.header('connection', 'close');
  return reply.code(status).send({ ok: false, error });
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

export function buildWebServer(options: WebServerOptions): WebServer {
  const token = options.token ?? randomBytes(24).toString('hex');
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    // Open event streams would otherwise keep close() waiting forever.
    forceCloseConnections: true,
    requestTimeout: 60_000,
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
  });
  let hosts = new Set<string>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    const why = browserRefusal(request.method, request.headers, hosts);
    if (why) return refuse(reply, 403, { code: 15, name: 'PermissionDenied', message: why });
    const path = request.url.split('?')[0]!;
    // Browsers ask for the site's icon at its root, without the token, on every page load: no
    // icon, and no 401 in the page's console. It tells nothing, so it needs no token.
    if (path === '/favicon.ico' && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.code(204).send();
    const header = request.headers[TOKEN_HEADER];
    const inPath = request.method === 'GET' ? PAGE_PATH.exec(path)?.[1] : undefined;
    const inDownload = request.method === 'GET' ? DOWNLOAD_PATH.exec(path)?.[1] : undefined;
    const inQuery =
      request.method === 'GET' && path === '/'
        ? (request.query as { token?: unknown }).token
        : undefined;
    const given =
      typeof header === 'string'
        ? header
        : (inPath ?? inDownload ?? (typeof inQuery === 'string' ? inQuery : undefined));
    if (!sameToken(given, token)) {
      return refuse(reply, 401, {
        code: 16,
        name: 'Unauthenticated',
        message: 'Open the address printed at start-up; it carries the access token',
      });
    }
    // The printed address, or the page's folder without its slash: on to the page's own folder,
    // where relative asset paths carry the token.
    if (given === inQuery || (inPath && PAGE_PATH.exec(path)?.[2] === undefined))
      return reply.code(303).header('location', `/s/${token}/`).send();
  });

  app.post('/rpc/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const result = await options.host.call(name, request.body ?? {});
    if (result.ok && result.value instanceof Uint8Array) {
      const bytes = result.value;
      return reply
        .type(ARROW_STREAM_TYPE)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    // An answer of Arrow bytes with a few facts beside them (a search and its time): the bytes
    // as the body, as above, and the facts in a header, rather than the bytes in JSON.
    const value = result.ok ? (result.value as { arrow?: unknown } | null) : null;
    if (value && typeof value === 'object' && value.arrow instanceof Uint8Array) {
      const { arrow: bytes, ...facts } = value;
      return reply
        .type(ARROW_STREAM_TYPE)
        .header(ARROW_FACTS_HEADER, encodeURIComponent(JSON.stringify(facts)))
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    return reply.type('application/json').send(result);
  });

  // A file to import, sent by the browser as its raw bytes: streamed to disk as it arrives (the
  // parser hands the handler the request stream, so no body limit or buffer applies). The
  // server's 60 s request timeout still bounds it: a few gigabytes over loopback.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
    done(null, payload),
  );
  app.post('/upload', async (request, reply) => {
    const given = request.headers[FILE_NAME_HEADER];
    let name = '';
    try {
      name = typeof given === 'string' ? decodeURIComponent(given) : '';
    } catch {
      // A malformed escape: the store refuses the empty name with the reason.
    }
    if (request.headers['content-type'] !== 'application/octet-stream') {
      return reply.type('application/json').send({
        ok: false,
        error: {
          code: 13,
          name: 'InvalidInput',
          message: 'Send the file as application/octet-stream',
        },
      });
    }
    const result = await options.host.receiveUpload(name, request.body as Readable);
    return reply.type('application/json').send(result);
  });

  registerDownloads(app, options.host);

  app.get('/events', (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    out.write(': connected\n\n');
    const unsubscribe = options.host.on((event, payload) => {
      out.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });

  // The built renderer, by @fastify/static: under the page's folder `/s/<token>/`, and at bare
  // paths for a request that carries the token header. It owns the URL-to-file mapping: decoding,
  // refusing `..` and other non-canonical spellings, keeping to the root, and content types. No
  // directory listing, no dotfiles, and no caching headers (the page's address changes every run).
  const rendererDir = resolve(options.rendererDir);
  const files = {
    root: rendererDir,
    index: 'index.html',
    acceptRanges: false,
    list: false,
    dotfiles: 'ignore',
    cacheControl: false,
    etag: false,
    lastModified: false,
  } as const;
  void app.register(fastifyStatic, { ...files, prefix: '/s/:token/' });
  void app.register(fastifyStatic, { ...files, prefix: '/', decorateReply: false });

  app.setErrorHandler(async (error: Error & { code?: string }, _request, reply) => {
    // A path the static files refuse to resolve (`..`, `//`, `/./`) is answered like any missing file.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return notFound(reply);
    throw error;
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // Fastify's own answer for an unknown route.
      return reply.code(404).send({
        message: `Route ${request.method}:${request.url} not found`,
        error: 'Not Found',
        statusCode: 404,
      });
    }
    const path = request.url.split('?')[0]!;
    const page = PAGE_PATH.exec(path);
    if (!NAVIGATION_PATH.test(page ? (page[2] ?? '/') : path)) return notFound(reply);
    if (!existsSync(join(rendererDir, 'index.html')))
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.sendFile('index.html', rendererDir);
  });

  return {
    app,
    token,
    async listen(requested: number) {
      await app.listen({ host: '127.0.0.1', port: requested });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : requested;
      hosts = allowedHosts(address);
      return `http://127.0.0.1:${port}/?token=${token}`;
    },
  };
}
