/**
 * The app's backend, free of any transport: it runs every procedure of the contract over the open
 * connections. Each call goes through one dispatcher: the input is checked against the
 * procedure's schema, a `write` procedure is refused on a read-only connection, and errors come
 * back as values. The handlers live in ./procedures, one file per procedure prefix. Electron IPC and the web mode
 * both sit on `call` and `on`.
 */
import { join } from 'node:path';
import {
  isCatalogError,
  errorNameOf,
  errors,
  type CatalogError,
} from '../../src-shared/vocabulary/errors';
import { describeZodError } from '../catalog/parse-options';
import {
  EVENTS,
  PROCEDURES,
  isProcedureName,
  type EventName,
  type EventPayload,
  type Result,
} from '../../src-shared/studio-procedures';
import { CatalogNameIndex } from './catalog-name-index';
import { Connections } from './connections';
import { RecentConnections } from './recent-connections';
import type { SecretStore } from './secret-store';
import type { Handlers, HostContext } from './procedures/context';
import { OwnWrites } from './own-writes';
import { openOptions } from './table-at';
import { UploadStore } from './upload-store';
import { DownloadStore, type ReadyDownload } from './exports/download-store';
import type { Readable } from 'node:stream';
import { QueryHistory } from './search/query-history';
import { ServedCatalogs } from './serving/served-catalogs';
import type { Serving } from './serving/serving';
import { RecallReports } from './recall/recall-reports';
import { JobOwners } from './job-owners';
import { HostJobs } from './host-jobs';
import { VersionListCache } from './version-list-cache';
import { branchesProcedures } from './procedures/branches';
import { catalogProcedures } from './procedures/catalog';
import { columnsProcedures } from './procedures/columns';
import { connectionsProcedures } from './procedures/connections';
import { consoleProcedures } from './procedures/console';
import { copyProcedures } from './procedures/copy';
import { fsProcedures } from './procedures/fs';
import { importsProcedures } from './procedures/imports';
import { indexesProcedures } from './procedures/indexes';
import { jobsProcedures } from './procedures/jobs';
import { namespacesProcedures } from './procedures/namespaces';
import { recallProcedures } from './procedures/recall';
import { rowsProcedures } from './procedures/rows';
import { searchProcedures } from './procedures/search';
import { serveProcedures } from './procedures/serve';
import { accessProcedures } from './procedures/access';
import { tablesProcedures } from './procedures/tables';
import { tagsProcedures } from './procedures/tags';
import { closeIdleInstance } from './imports/duckdb-pool';

export interface HostOptions {
  userDataDir: string;
  secrets: SecretStore;
  /** How to serve a catalog over REST (the Serve dialog); absent, serving is refused. */
  serving?: Serving;
}

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

function toError(error: unknown): CatalogError {
  if (isCatalogError(error)) return error;
  return errors.Internal(error instanceof Error ? error.message : String(error));
}

function failure(error: { code: number; name: string; message: string }): Result<unknown> {
  return { ok: false, error };
}

export class Host {
  private readonly listeners = new Set<Listener>();
  private readonly connections: Connections;
  private readonly recent: RecentConnections;
  /** Names for the filter box and palette; another process's changes show within 30 s. */
  // 2 s: a name another process adds is found by the filter box and the palette within 2 s.
  private readonly served: ServedCatalogs;
  private readonly names = new CatalogNameIndex({ maxAgeMs: 2_000, maxEntries: 200_000 });

  private readonly handlers: Handlers;
  /** The jobs the host runs itself, by kind; index builds are the catalogs' own. */
  private readonly jobs = new HostJobs();
  /** The connection of each job the host runs itself. */
  private readonly jobConnection = new JobOwners((type, job, connectionId) => {
    this.emit(type, { ...job, connectionId });
    // An import made a table: the name index and listings learn of it.
    if (job.kind === 'import' && type === 'jobs:finished' && job.state === 'succeeded') {
      this.structureChanged(connectionId, job.target.namespacePath, job.target.table);
    }
  });
  /** Files a browser uploads for an import (the web mode). */
  private readonly uploads: UploadStore;
  /** Exports a browser downloads (the web mode). */
  private readonly downloads: DownloadStore;

  constructor(options: HostOptions) {
    this.served = new ServedCatalogs(options.serving);
    const ownWrites = new OwnWrites();
    this.connections = new Connections((connectionId, event) => {
      this.emit(event.type, { ...event.job, connectionId });
    }, ownWrites);
    this.recent = new RecentConnections(join(options.userDataDir, 'recent-connections.json'));
    this.uploads = new UploadStore(join(options.userDataDir, 'uploads'));
    this.downloads = new DownloadStore(join(options.userDataDir, 'downloads'));
    const ctx: HostContext = {
      connections: this.connections,
      served: this.served,
      recent: this.recent,
      names: this.names,
      secrets: options.secrets,
      jobs: this.jobs,
      jobConnection: this.jobConnection,
      emit: (event, payload) => this.emit(event, payload),
      changed: (connectionId, path, table) =>
        this.emit('catalog:changed', { connectionId, path, ...(table ? { table } : {}) }),
      structureChanged: (connectionId, path, table) =>
        this.structureChanged(connectionId, path, table),
      table: async (input) =>
        this.connections
          .get(input.connectionId)
          .catalog.openTable(input.table, input.path, openOptions(input.at)),
      versionLists: new VersionListCache(),
      ownWrites,
    };
    const history = new QueryHistory(join(options.userDataDir, 'query-history.json'));
    this.handlers = {
      ...connectionsProcedures(ctx),
      ...fsProcedures(),
      ...namespacesProcedures(ctx),
      ...catalogProcedures(ctx),
      ...tablesProcedures(ctx, this.downloads),
      ...rowsProcedures(ctx),
      ...columnsProcedures(ctx),
      ...branchesProcedures(ctx),
      ...tagsProcedures(ctx),
      ...indexesProcedures(ctx),
      ...importsProcedures(ctx),
      ...jobsProcedures(ctx),
      ...searchProcedures(ctx, history),
      ...consoleProcedures(ctx, history, this.downloads),
      ...serveProcedures(ctx),
      ...accessProcedures(ctx),
      ...copyProcedures(ctx),
      ...recallProcedures(ctx, new RecallReports(join(options.userDataDir, 'recall-reports.json'))),
    } satisfies Handlers;
    this.jobs.on((event) => this.jobConnection.event(event));
  }

  /** Runs a procedure by name with untrusted input; never throws. */
  async call(name: string, input: unknown): Promise<Result<unknown>> {
    if (!isProcedureName(name)) {
      return failure({
        code: 0,
        name: 'Unsupported',
        message: `Unknown procedure ${JSON.stringify(name)}`,
      });
    }
    const procedure = PROCEDURES[name];
    const parsed = procedure.input.safeParse(input ?? {});
    if (!parsed.success) {
      return failure({
        code: 13,
        name: 'InvalidInput',
        message: `Invalid input for ${name}: ${describeZodError(parsed.error)}`,
      });
    }
    try {
      if (procedure.access === 'write') {
        this.connections.writable((parsed.data as { connectionId: string }).connectionId);
      }
      const handler = this.handlers[name] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (raw) {
      const error = toError(raw);
      return failure({ code: error.code, name: errorNameOf(error.code), message: error.message });
    }
  }

  /** Streams an uploaded file to disk; answers the path to preview and import it from. */
  async receiveUpload(fileName: string, body: Readable): Promise<Result<{ path: string }>> {
    try {
      return { ok: true, value: { path: await this.uploads.receive(fileName, body) } };
    } catch (raw) {
      const error = toError(raw);
      return failure({
        code: error.code,
        name: errorNameOf(error.code),
        message: error.message,
      }) as Result<{ path: string }>;
    }
  }

  /**
   * The file of an export job made for download, once it has succeeded and until it is sent
   * whole (`delivered`) or expires; undefined otherwise.
   */
  download(jobId: string): (ReadyDownload & { delivered(): void }) | undefined {
    const ready = this.downloads.ready(jobId);
    return ready && { ...ready, delivered: () => this.downloads.delivered(jobId) };
  }

  /** Passes a command of the app's menu to the renderer, which knows what is in view. */
  appCommand(command: EventPayload<'app:command'>['command']): void {
    this.emit('app:command', { command });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.served.close();
    await this.jobs.close();
    for (const connection of this.connections.list()) await this.names.forget(connection.id);
    await this.connections.closeAll();
    this.uploads.close();
    this.downloads.close();
    // The jobs are over, so no import still reads: DuckDB's kept instance can go.
    closeIdleInstance();
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = EVENTS[event].parse(payload) as EventPayload<E>;
    for (const listener of this.listeners) listener(event, checked);
  }

  /** A namespace or table appeared, went or moved: the name index walks the catalog again. */
  private structureChanged(connectionId: string, path: string[], table?: string): void {
    this.names.refresh(connectionId, this.connections.get(connectionId).catalog);
    this.emit('catalog:changed', { connectionId, path, ...(table ? { table } : {}) });
  }
}
