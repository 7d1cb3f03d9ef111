/**
 * Starts the real catalog server on loopback over a temp folder, for tests and benchmarks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src-main/catalog';
import type { CatalogClient } from '../../src-main/catalog/client';
import { buildServer } from '../../src-main/server/build-server';
import { Authenticator } from '../../src-main/server/auth/authenticator';
import { loadAuthFile, type AuthFile } from '../../src-main/server/auth/auth-config';
import type { AccessLogEntry, ServerOptions } from '../../src-main/server/server-options';

export interface RunningServer {
  url: string;
  root: string;
  catalog: CatalogClient;
  log: AccessLogEntry[];
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Omit<ServerOptions, 'databases' | 'authenticator'>> {
  auth?: AuthFile;
  jwks?: unknown;
  jobConcurrency?: number;
  maxQueuedJobs?: number;
  /** Journal jobs in the catalog folder, as `serve` does. */
  journal?: boolean;
  root?: string;
}

export async function startCatalogServer(options: StartOptions = {}): Promise<RunningServer> {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'cs-server-'));
  const catalog = await connect(root, {
    ...(options.jobConcurrency === undefined ? {} : { jobConcurrency: options.jobConcurrency }),
    ...(options.maxQueuedJobs === undefined ? {} : { maxQueuedJobs: options.maxQueuedJobs }),
    ...(options.journal ? { journal: true } : {}),
  });
  let authenticator: Authenticator | undefined;
  if (options.auth) {
    // Through the real file loader, as `serve --auth FILE` does.
    const dir = mkdtempSync(join(tmpdir(), 'cs-auth-'));
    if (options.jwks) writeFileSync(join(dir, 'jwks.json'), JSON.stringify(options.jwks));
    writeFileSync(join(dir, 'auth.json'), JSON.stringify(options.auth));
    const loaded = loadAuthFile(join(dir, 'auth.json'));
    authenticator = new Authenticator(loaded.config, loaded.jwks);
    rmSync(dir, { recursive: true, force: true });
  }
  const log: AccessLogEntry[] = [];
  const {
    auth: _auth,
    jwks: _jwks,
    jobConcurrency: _c,
    maxQueuedJobs: _q,
    journal: _p,
    root: _r,
    ...serverOptions
  } = options;
  const app = buildServer({
    databases: new Map([['default', catalog]]),
    defaultDatabase: 'default',
    ...(authenticator ? { authenticator } : {}),
    accessLog: (entry) => log.push(entry),
    ...serverOptions,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    root,
    catalog,
    log,
    close: async () => {
      await app.close();
      await catalog.close();
      if (!options.root) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A JSON request to the server, returning status, headers and parsed body. */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers; raw: Uint8Array }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body instanceof Uint8Array) {
    init.body = body;
    (init.headers as Record<string, string>)['content-type'] ??=
      'application/vnd.apache.arrow.stream';
  } else if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${server.url}${path}`, init);
  const raw = new Uint8Array(await response.arrayBuffer());
  const text = Buffer.from(raw).toString('utf8');
  let parsed: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '')
    parsed = JSON.parse(text);
  return { status: response.status, body: parsed, headers: response.headers, raw };
}
