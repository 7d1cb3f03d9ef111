/**
 * The web mode's transport: the host's procedures as `POST /rpc/<name>`, its events over SSE at
 * `GET /events`, and the built renderer as static files. Loopback only; a random per-run token
 * guards every request (header `x-studio-token`, the `token` query parameter, or the cookie set
 * when the page is first opened with it), and the Host header must name this server, so that
 * another site cannot reach it through DNS rebinding.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Host } from '../host/host';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const COOKIE = 'studio_token';

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

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`).exec(header);
  return match?.[1];
}

export function buildWebServer(options: WebServerOptions): WebServer {
  const token = options.token ?? randomBytes(24).toString('hex');
  // forceCloseConnections: open event streams would otherwise keep close() waiting forever.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });
  let port = 0;

  app.addHook('onRequest', async (request, reply) => {
    const hostHeader = request.headers.host ?? '';
    if (hostHeader !== `127.0.0.1:${port}` && hostHeader !== `localhost:${port}`) {
      return reply.code(403).send({
        ok: false,
        error: { code: 15, name: 'PermissionDenied', message: 'Unexpected Host header' },
      });
    }
    const query = request.query as { token?: string };
    const given =
      (request.headers['x-studio-token'] as string | undefined) ??
      query.token ??
      cookieToken(request);
    if (!sameToken(given, token)) {
      return reply.code(401).send({
        ok: false,
        error: {
          code: 16,
          name: 'Unauthenticated',
          message: 'Open the address printed at start-up; it carries the access token',
        },
      });
    }
    if (query.token) {
      reply.header('set-cookie', `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    }
  });

  app.post('/rpc/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const result = await options.host.call(name, request.body ?? {});
    if (result.ok && result.value instanceof Uint8Array) {
      const bytes = result.value;
      return reply
        .type('application/vnd.apache.arrow.stream')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    return reply.type('application/json').send(result);
  });

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

  app.get('/*', async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    const relative = normalize(urlPath === '/' ? 'index.html' : urlPath.slice(1));
    if (relative.split(sep).includes('..')) return reply.code(404).send('Not found');
    let file = join(options.rendererDir, relative);
    if (!existsSync(file) || statSync(file).isDirectory())
      file = join(options.rendererDir, 'index.html');
    if (!existsSync(file)) {
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Catalog Studio</title><p>The renderer is not built yet: run <code>npm run build</code>.</p>',
        );
    }
    return reply
      .type(CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
      .send(readFileSync(file));
  });

  return {
    app,
    token,
    async listen(requested: number) {
      await app.listen({ host: '127.0.0.1', port: requested });
      const address = app.server.address();
      port = typeof address === 'object' && address ? address.port : requested;
      return `http://127.0.0.1:${port}/?token=${token}`;
    },
  };
}
