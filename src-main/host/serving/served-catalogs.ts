/**
 * Folders the app serves as REST catalogs, from the Serve dialog: through the serving capability
 * the host was given (serving.ts; the app's is the same server as `catalog-studio serve`), over
 * the connection's own engine (a folder is locked
 * by the one catalog that has it open, so a second engine could not open it), on the address and
 * port the user chose.
 *
 * Access: a key generated here (one principal, kept in memory only and shown in the app's Serve
 * dialog while the server runs),
 * an auth file of the `serve --auth` format, or none. None is allowed on loopback only, as the
 * CLI allows it; read-only caps every principal at reader and refuses every write route, also
 * without auth. A connection opened read-only in the app is served read-only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { CatalogClient } from '../../catalog/client';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ServeRequest, ServedCatalog } from '../../../src-shared/studio-schemas';
import type { Serving, ServingAccess, ServingHandle } from './serving';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

interface Running {
  info: ServedCatalog;
  handle: ServingHandle;
}

export class ServedCatalogs {
  private readonly running = new Map<string, Running>();
  /** Starts still listening, by connection: one at a time, and awaited by a stop. */
  private readonly starting = new Map<string, Promise<unknown>>();

  /** Without a serving capability (a host built for tests or tools), nothing can be served. */
  constructor(private readonly serving?: Serving) {}

  list(): ServedCatalog[] {
    return [...this.running.values()].map((r) => structuredClone(r.info));
  }

  async start(
    connection: { id: string; name: string; catalog: CatalogClient; readOnly: boolean },
    request: ServeRequest,
  ): Promise<ServedCatalog> {
    const busy =
      this.starting.has(connection.id) ||
      [...this.running.values()].some((r) => r.info.connectionId === connection.id);
    if (busy) {
      throw errors.InvalidInput(`${connection.name} is already being served; stop that first`);
    }
    const started = this.listen(connection, request);
    this.starting.set(connection.id, started);
    try {
      return await started;
    } finally {
      this.starting.delete(connection.id);
    }
  }

  private async listen(
    connection: { id: string; name: string; catalog: CatalogClient; readOnly: boolean },
    request: ServeRequest,
  ): Promise<ServedCatalog> {
    const host = request.host;
    if (!LOOPBACK.has(host) && isIP(host) === 0) {
      throw errors.InvalidInput(`${host} is not an IP address to listen on`);
    }
    if (request.auth.kind === 'none' && !LOOPBACK.has(host)) {
      throw errors.InvalidInput(
        `Serving on ${host} needs a key or an auth file: without one, anyone who reaches the address could read and change the catalog`,
      );
    }
    const readOnly = request.readOnly || connection.readOnly;
    const serving = this.serving;
    if (!serving) throw errors.Unsupported('This build of the app cannot serve catalogs');
    let apiKey: string | undefined;
    let access: ServingAccess = { kind: 'none' };
    if (request.auth.kind === 'key') {
      apiKey = `cs_${randomBytes(24).toString('base64url')}`;
      access = { kind: 'key', apiKey, role: readOnly ? 'reader' : 'admin' };
    } else if (request.auth.kind === 'file') {
      access = { kind: 'file', path: request.auth.path };
    }
    // The listing's counters, shared with the server's access log from its first request.
    const requests: ServedCatalog['requests'] = { total: 0, failed: 0 };
    const handle = await serving.listen({
      catalog: connection.catalog,
      host,
      port: request.port,
      access,
      readOnly,
      onRequest: (status) => {
        requests.total += 1;
        if (status >= 400) requests.failed += 1;
        requests.lastAt = Date.now();
      },
    });
    const port = handle.port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const info: ServedCatalog = {
      id: randomUUID(),
      connectionId: connection.id,
      name: connection.name,
      url: `http://${shownHost}:${port}`,
      host,
      port,
      auth: request.auth.kind,
      ...(apiKey ? { apiKey } : {}),
      readOnly,
      startedAt: Date.now(),
      requests,
    };
    this.running.set(info.id, { info, handle });
    return structuredClone(info);
  }

  async stop(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) throw errors.InvalidInput(`No catalog is being served with id ${id}`);
    this.running.delete(id);
    await running.handle.close();
  }

  /** A connection being closed stops what serves it first: its engine is about to go. */
  async stopFor(connectionId: string): Promise<void> {
    // A server still starting is let finish, then stopped with the rest.
    await this.starting.get(connectionId)?.catch(() => undefined);
    for (const [id, running] of this.running) {
      if (running.info.connectionId === connectionId) await this.stop(id);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.starting.values()].map((p) => p.catch(() => undefined)));
    for (const id of [...this.running.keys()]) await this.stop(id);
  }
}
