/**
 * What every procedure handler of the host works with. Handlers are grouped by procedure prefix
 * in this folder, one file per prefix named after it (tables.ts holds `tables:*`), each a function
 * of this context returning its share of the procedure table; host.ts joins them, and the
 * compiler checks that together they cover every procedure exactly.
 */
import type { z } from 'zod';
import type { TableHandle } from '../../catalog/client';
import type {
  EventName,
  EventPayload,
  PROCEDURES,
  ProcedureName,
  ProcedureOutput,
} from '../../../src-shared/studio-procedures';
import type { TableAt } from '../../../src-shared/studio-schemas';
import type { CatalogNameIndex } from '../catalog-name-index';
import type { ServedCatalogs } from '../serving/served-catalogs';
import type { Connections } from '../connections';
import type { RecentConnections } from '../recent-connections';
import type { SecretStore } from '../secret-store';
import type { JobOwners } from '../job-owners';
import type { HostJobs } from '../host-jobs';
import type { OwnWrites } from '../own-writes';
import { tableCacheKey, type VersionListCache } from '../version-list-cache';

type Input<N extends ProcedureName> = z.infer<(typeof PROCEDURES)[N]['input']>;
type Handler<N extends ProcedureName> = (input: Input<N>) => Promise<ProcedureOutput<N>>;
export type Handlers = { [N in ProcedureName]: Handler<N> };
/** A resource's share of the table: its procedures and nothing else. */
export type HandlersFor<N extends ProcedureName> = { [K in N]: Handler<K> };

export interface TableInput {
  connectionId: string;
  path: string[];
  table: string;
  /** A checked-out version or a branch; a handle at a version refuses every write. */
  at?: TableAt | undefined;
}

export interface HostContext {
  connections: Connections;
  served: ServedCatalogs;
  recent: RecentConnections;
  names: CatalogNameIndex;
  secrets: SecretStore;
  /** The jobs the host runs itself, by kind; index builds are the catalogs' own. */
  jobs: HostJobs;
  /** The connection of each job the host runs itself (all but the catalogs' index builds). */
  jobConnection: JobOwners;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** A table's data or schema changed. */
  changed(connectionId: string, path: string[], table?: string): void;
  /** A namespace or table appeared, went or moved: the name index walks the catalog again. */
  structureChanged(connectionId: string, path: string[], table?: string): void;
  table(input: TableInput): Promise<TableHandle>;
  /** Each table's version list, kept between calls; a change to the table forgets it. */
  versionLists: VersionListCache;
  /** The versions the app committed itself, which never raise the "committed elsewhere" banner. */
  ownWrites: OwnWrites;
}

/** A change to one table's data or schema, announced when it succeeded. */
export async function changeTable<T>(
  ctx: HostContext,
  input: TableInput,
  write: (table: TableHandle) => Promise<T>,
): Promise<T> {
  try {
    const result = await write(await ctx.table(input));
    ctx.changed(input.connectionId, input.path, input.table);
    return result;
  } finally {
    ctx.versionLists.forget(tableCacheKey(input));
  }
}

/** A listing's page arguments, those given only. */
export const page = (pageToken?: string, limit?: number) => ({
  ...(pageToken ? { pageToken } : {}),
  ...(limit ? { limit } : {}),
});
