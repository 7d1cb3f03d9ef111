/**
 * The app's backend, free of any transport: it implements every procedure of the contract over
 * the open connections, validates input against the contract's schemas, returns errors as values,
 * and emits the contract's events. Electron IPC and the web mode both sit on `call` and `on`.
 */
import { readdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { homedir } from 'node:os';
import type { z } from 'zod';
import { encodeIpcStream } from '../catalog/arrow-data';
import {
  isCatalogError,
  errorNameOf,
  errors,
  type CatalogError,
} from '../../src-shared/vocabulary/errors';
import { fromJsonArrowSchema, toJsonArrowSchema } from '../catalog/json-arrow-schema';
import { describeZodError } from '../catalog/parse-options';
import type { IndexRequest } from '../../src-shared/index-request';
import type { TableHandle } from '../catalog/client';
import {
  EVENTS,
  PROCEDURES,
  isProcedureName,
  type EventName,
  type EventPayload,
  type ObjectStoreSettings,
  type ProcedureName,
  type ProcedureOutput,
  type Result,
} from '../../src-shared/studio-procedures';
import { CatalogNameIndex } from './catalog-name-index';
import { testRemote } from './connection-test';
import { keysToSecrets, resolveObjectStoreKeys, secretsToKeys } from './object-store-credentials';
import {
  checkObjectStoreUri,
  objectStoreStorageOptions,
  recentObjectStore,
} from './object-store-options';
import { testObjectStore } from './object-store-test';
import { JobRegistry } from '../catalog/jobs';
import { connect } from '../catalog';
import { previewImport, startImport } from './imports/import-job';
import { Connections } from './connections';
import { RecentConnections } from './recent-connections';
import { addColumns, alterColumns, dropColumns } from './schema-changes';
import type { SecretStore } from './secret-store';

export interface HostOptions {
  userDataDir: string;
  secrets: SecretStore;
}

type Input<N extends ProcedureName> = z.infer<(typeof PROCEDURES)[N]['input']>;
type Handlers = { [N in ProcedureName]: (input: Input<N>) => Promise<ProcedureOutput<N>> };
type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

function toError(error: unknown): CatalogError {
  if (isCatalogError(error)) return error;
  return errors.Internal(error instanceof Error ? error.message : String(error));
}

export class Host {
  private readonly listeners = new Set<Listener>();
  private readonly connections: Connections;
  private readonly recent: RecentConnections;
  /** Names for the filter box and palette; another process's changes show within 30 s. */
  private readonly names = new CatalogNameIndex({ maxAgeMs: 30_000, maxEntries: 200_000 });

  private readonly handlers: Handlers;
  /** Import jobs, by connection; index builds are the catalogs' own jobs. */
  private readonly imports = new JobRegistry({ concurrency: 1, maxQueued: 8 });
  private readonly importConnection = new Map<string, string>();

  constructor(private readonly options: HostOptions) {
    this.connections = new Connections((connectionId, event) => {
      this.emit(event.type, { ...event.job, connectionId });
    });
    this.recent = new RecentConnections(join(options.userDataDir, 'recent-connections.json'));

    this.handlers = this.buildHandlers();
    this.imports.on((event) => {
      const connectionId = this.importConnection.get(event.job.id);
      if (connectionId) this.emit(event.type, { ...event.job, connectionId });
      if (connectionId && event.type === 'job:finished' && event.job.state === 'succeeded') {
        this.structureChanged(connectionId, event.job.target.namespacePath, event.job.target.table);
      }
    });
  }

  /** Runs a procedure by name with untrusted input; never throws. */
  async call(name: string, input: unknown): Promise<Result<unknown>> {
    if (!isProcedureName(name)) {
      return {
        ok: false,
        error: {
          code: 0,
          name: 'Unsupported',
          message: `Unknown procedure ${JSON.stringify(name)}`,
        },
      };
    }
    const parsed = PROCEDURES[name].input.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 13,
          name: 'InvalidInput',
          message: `Invalid input for ${name}: ${describeZodError(parsed.error)}`,
        },
      };
    }
    try {
      const handler = this.handlers[name] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (raw) {
      const error = toError(raw);
      return {
        ok: false,
        error: { code: error.code, name: errorNameOf(error.code), message: error.message },
      };
    }
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.imports.close();
    for (const connection of this.connections.list()) await this.names.forget(connection.id);
    await this.connections.closeAll();
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = EVENTS[event].parse(payload) as EventPayload<E>;
    for (const listener of this.listeners) listener(event, checked);
  }

  private async storedSecrets(
    url: string,
  ): Promise<{ apiKey?: string; bearerToken?: string; headers?: Record<string, string> }> {
    const stored = await this.options.secrets.get(url);
    if (!stored) return {};
    return {
      ...(stored.apiKey ? { apiKey: stored.apiKey } : {}),
      ...(stored.bearerToken ? { bearerToken: stored.bearerToken } : {}),
      ...(stored.headers ? { headers: JSON.parse(stored.headers) as Record<string, string> } : {}),
    };
  }

  /** The root and storage options of an object-store connection, its keys resolved. */
  private async objectStoreOpening(settings: ObjectStoreSettings) {
    const uri = checkObjectStoreUri(settings.uri);
    const keys = await resolveObjectStoreKeys(uri, settings.credentials, async () =>
      secretsToKeys(await this.options.secrets.get(uri)),
    );
    return { uri, keys, storageOptions: objectStoreStorageOptions(settings, keys) };
  }

  private async openObjectStore(
    settings: ObjectStoreSettings,
    display: { name?: string; color?: string; readOnly?: boolean },
  ) {
    const { uri, keys, storageOptions } = await this.objectStoreOpening(settings);
    const c = this.connections;
    const connection = await c.openObjectStore(uri, storageOptions, display);
    this.names.refresh(connection.id, c.get(connection.id).catalog);
    // Only typed keys are kept: a profile is read again each time, and keys left from an earlier
    // choice of credentials for this URI would only be a secret kept for nothing.
    const typed = settings.credentials.source === 'keys' && keys;
    if (typed) await this.options.secrets.set(uri, keysToSecrets(keys));
    else await this.options.secrets.delete(uri);
    this.recent.remember({
      kind: 'object-store',
      name: connection.name,
      target: uri,
      color: connection.color,
      readOnly: connection.readOnly,
      lastOpenedAt: Date.now(),
      hasSecrets: Boolean(typed),
      objectStore: recentObjectStore(settings),
    });
    this.emit('connections:changed', {});
    return connection;
  }

  /** A namespace or table appeared, went or moved: the name index walks the catalog again. */
  private structureChanged(connectionId: string, path: string[], table?: string): void {
    this.names.refresh(connectionId, this.connections.get(connectionId).catalog);
    this.changed(connectionId, path, table);
  }

  private changed(connectionId: string, path: string[], table?: string): void {
    this.emit('catalog:changed', { connectionId, path, ...(table ? { table } : {}) });
  }

  private buildHandlers(): Handlers {
    const c = this.connections;
    type TableInput = { connectionId: string; path: string[]; table: string };
    const table = async (input: TableInput) =>
      c.get(input.connectionId).catalog.openTable(input.table, input.path);
    /** A write to one table: refused on a read-only connection, announced when it succeeded. */
    const changeTable = async <T>(input: TableInput, change: (t: TableHandle) => Promise<T>) => {
      c.writable(input.connectionId);
      const result = await change(await table(input));
      this.changed(input.connectionId, input.path, input.table);
      return result;
    };
    return {
      'connections:list-open': async () => c.list(),
      'connections:list-recent': async () => this.recent.list(),
      'connections:open-folder': async ({ path, create, ...display }) => {
        const connection = await c.openFolder(path, create ?? false, display);
        this.names.refresh(connection.id, c.get(connection.id).catalog);
        this.recent.remember({
          kind: 'folder',
          name: connection.name,
          target: connection.target,
          color: connection.color,
          readOnly: connection.readOnly,
          lastOpenedAt: Date.now(),
          hasSecrets: false,
        });
        this.emit('connections:changed', {});
        return connection;
      },
      'connections:connect-url': async ({ name, color, readOnly, ...given }) => {
        if ('kind' in given) return this.openObjectStore(given, { name, color, readOnly });
        // Reopening a recent connection sends only its URL: the stored secrets fill the rest,
        // so they never have to cross to the renderer.
        const settings =
          given.apiKey || given.bearerToken || given.headers
            ? given
            : { ...given, ...(await this.storedSecrets(given.url)) };
        const connection = await c.connectUrl(settings, { name, color, readOnly });
        this.names.refresh(connection.id, c.get(connection.id).catalog);
        const secrets = Object.fromEntries(
          Object.entries({
            apiKey: settings.apiKey,
            bearerToken: settings.bearerToken,
            headers: settings.headers ? JSON.stringify(settings.headers) : undefined,
          }).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        if (Object.keys(secrets).length > 0) await this.options.secrets.set(settings.url, secrets);
        this.recent.remember({
          kind: 'remote',
          name: connection.name,
          target: settings.url,
          color: connection.color,
          readOnly: connection.readOnly,
          lastOpenedAt: Date.now(),
          hasSecrets: Object.keys(secrets).length > 0,
        });
        this.emit('connections:changed', {});
        return connection;
      },
      'connections:test': async (settings) =>
        'kind' in settings
          ? testObjectStore(settings.uri, async () => {
              const { uri, storageOptions } = await this.objectStoreOpening(settings);
              return connect(uri, { storageOptions });
            })
          : testRemote(settings),
      'connections:close': async ({ connectionId }) => {
        await this.names.forget(connectionId);
        await c.close(connectionId);
        this.emit('connections:changed', {});
        return {};
      },
      'connections:forget-recent': async ({ target }) => {
        this.recent.forget(target);
        await this.options.secrets.delete(target);
        return {};
      },
      'fs:list-folder': async ({ path }) => {
        const folder = resolve(path ?? homedir());
        if (!existsSync(folder) || !statSync(folder).isDirectory())
          throw errors.NamespaceNotFound(`${folder} is not a folder`);
        const folders = readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map((entry) => ({
            name: entry.name,
            isCatalog: existsSync(join(folder, entry.name, '__manifest')),
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return {
          path: folder,
          parent: dirname(folder) === folder ? null : dirname(folder),
          folders,
        };
      },

      'namespaces:list': async ({ connectionId, path, pageToken, limit }) =>
        c.get(connectionId).catalog.listNamespaces(path, {
          ...(pageToken ? { pageToken } : {}),
          ...(limit ? { limit } : {}),
        }),
      'namespaces:create': async ({ connectionId, path, mode, properties }) => {
        const result = await c.writable(connectionId).catalog.createNamespace(path, {
          ...(mode ? { mode } : {}),
          ...(properties ? { properties } : {}),
        });
        this.structureChanged(connectionId, path.slice(0, -1));
        return result;
      },
      'namespaces:describe': async ({ connectionId, path }) =>
        c.get(connectionId).catalog.describeNamespace(path),
      'namespaces:drop': async ({ connectionId, path, mode, behavior }) => {
        await c.writable(connectionId).catalog.dropNamespace(path, {
          ...(mode ? { mode } : {}),
          ...(behavior ? { behavior } : {}),
        });
        this.structureChanged(connectionId, path.slice(0, -1));
        return {};
      },

      'catalog:search': async ({ connectionId, query, limit }) =>
        this.names.search(connectionId, c.get(connectionId).catalog, query, limit ?? 500),
      'tables:list': async ({ connectionId, path, pageToken, limit }) =>
        c.get(connectionId).catalog.listTables(path, {
          ...(pageToken ? { pageToken } : {}),
          ...(limit ? { limit } : {}),
        }),
      'tables:create-empty': async ({ connectionId, path, table: name, schema, mode }) => {
        await c
          .writable(connectionId)
          .catalog.createEmptyTable(
            name,
            fromJsonArrowSchema(schema as never),
            path,
            mode ? { mode } : {},
          );
        this.structureChanged(connectionId, path, name);
        return {};
      },
      'tables:describe': async (input) => {
        const d = await (await table(input)).describe();
        return {
          version: d.version,
          location: d.location,
          rowCount: d.rowCount,
          schema: toJsonArrowSchema(d.schema),
          stats: d.stats,
        };
      },
      'tables:count': async ({ filter, ...input }) =>
        (await table(input)).countRows(filter ? { filter } : {}),
      'tables:page': async ({ offset, limit, columns, filter, ...input }) => {
        const result = await (
          await table(input)
        ).query({
          offset,
          limit,
          ...(columns ? { columns } : {}),
          ...(filter && filter.trim() !== '' ? { filter } : {}),
        });
        return encodeIpcStream(result);
      },
      'tables:drop': async ({ connectionId, path, table: name }) => {
        await c.writable(connectionId).catalog.dropTable(name, path);
        this.structureChanged(connectionId, path, name);
        return {};
      },
      'tables:rename': async ({ connectionId, path, table: name, newName, newPath }) => {
        await c
          .writable(connectionId)
          .catalog.renameTable(name, newName, path, newPath ? { newNamespacePath: newPath } : {});
        this.structureChanged(connectionId, path, name);
        if (newPath) this.structureChanged(connectionId, newPath, newName);
        return {};
      },
      'tables:versions': async (input) => (await table(input)).listVersions(),
      'tables:restore': async ({ version, ...input }) => {
        c.writable(input.connectionId);
        const result = await (await table(input)).restore(version);
        this.changed(input.connectionId, input.path, input.table);
        return result;
      },
      'tables:stats': async (input) => (await table(input)).stats(),
      'tables:query': async ({ request, ...input }) =>
        encodeIpcStream(await (await table(input)).query(request)),
      'tables:explain': async ({ request, analyze, ...input }) =>
        (await table(input)).explainPlan(request, analyze ? { analyze: true } : {}),
      'rows:update': async ({ updates, filter, ...input }) => {
        c.writable(input.connectionId);
        const result = await (
          await table(input)
        ).update({ updates, ...(filter ? { filter } : {}) });
        this.changed(input.connectionId, input.path, input.table);
        return result;
      },
      'rows:delete': async ({ filter, ...input }) => {
        c.writable(input.connectionId);
        const result = await (await table(input)).delete(filter);
        this.changed(input.connectionId, input.path, input.table);
        return result;
      },
      'columns:add': async ({ columns, ...input }) =>
        changeTable(input, (t) => addColumns(t, columns)),
      'columns:alter': async ({ alterations, ...input }) =>
        changeTable(input, (t) => alterColumns(t, alterations)),
      'columns:drop': async ({ columns, ...input }) =>
        changeTable(input, (t) => dropColumns(t, columns)),
      'branches:list': async (input) => (await table(input)).listBranches(),
      'branches:create': async ({ name, fromVersion, ...input }) => {
        c.writable(input.connectionId);
        await (await table(input)).createBranch(name, fromVersion ? { fromVersion } : {});
        return {};
      },
      'branches:delete': async ({ name, ...input }) => {
        c.writable(input.connectionId);
        await (await table(input)).deleteBranch(name);
        return {};
      },
      'tags:list': async (input) => (await table(input)).listTags(),
      'tags:create': async ({ tag, version, ...input }) => {
        c.writable(input.connectionId);
        await (await table(input)).createTag(tag, version);
        return {};
      },
      'tags:delete': async ({ tag, ...input }) => {
        c.writable(input.connectionId);
        await (await table(input)).deleteTag(tag);
        return {};
      },

      'indexes:list': async (input) => (await table(input)).listIndices(),
      'indexes:stats': async ({ name, ...input }) => (await table(input)).indexStats(name),
      'indexes:create': async ({ request, ...input }) => {
        c.writable(input.connectionId);
        return (await table(input)).createIndex(request as IndexRequest);
      },
      'indexes:drop': async ({ name, ...input }) => {
        c.writable(input.connectionId);
        await (await table(input)).dropIndex(name);
        this.changed(input.connectionId, input.path, input.table);
        return {};
      },

      'imports:preview': async ({ path, format }) => previewImport(path, format),
      'imports:start': async ({ connectionId, ...request }) => {
        const job = await startImport(this.imports, c.writable(connectionId).catalog, request);
        this.importConnection.set(job.id, connectionId);
        return job;
      },

      'jobs:list': async () => {
        const imports = (await this.imports.list()).flatMap((job) => {
          const connectionId = this.importConnection.get(job.id);
          return connectionId ? [{ ...job, connectionId }] : [];
        });
        const all = await Promise.all(
          c.list().map(async (connection) =>
            (
              await c
                .get(connection.id)
                .catalog.listJobs()
                .catch(() => [])
            ).map((job) => ({ ...job, connectionId: connection.id })),
          ),
        );

        return [...imports, ...all.flat()].sort((a, b) => b.createdAt - a.createdAt);
      },
      'jobs:cancel': async ({ connectionId, jobId }) =>
        this.importConnection.has(jobId)
          ? this.imports.cancel(jobId)
          : c.get(connectionId).catalog.cancelJob(jobId),
    };
  }
}
