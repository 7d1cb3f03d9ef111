/**
 * What every procedure handler of the host works with. Handlers are grouped by resource in this
 * folder, each a function of this context returning its share of the procedure table; host.ts
 * joins them, and the compiler checks that together they cover every procedure exactly.
 */
import type { z } from 'zod';
import type { TableHandle } from '../../catalog/client';
import type { JobRegistry } from '../../catalog/jobs';
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
  copies: JobRegistry;
  recent: RecentConnections;
  names: CatalogNameIndex;
  secrets: SecretStore;
  /** Import jobs; index builds are the catalogs' own jobs. */
  imports: JobRegistry;
  /** Recall checks: searches, so they queue apart from imports. */
  checks: JobRegistry;
  /** Exports of query results to files. */
  exports: JobRegistry;
  /** Compactions and cleanups of old versions. */
  maintenance: JobRegistry;
  /** Every registry above: the jobs the host runs itself. */
  ownJobs: readonly JobRegistry[];
  /** The connection of each job the host runs itself (all but the catalogs' index builds). */
  jobConnection: JobOwners;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** A table's data or schema changed. */
  changed(connectionId: string, path: string[], table?: string): void;
  /** A namespace or table appeared, went or moved: the name index walks the catalog again. */
  structureChanged(connectionId: string, path: string[], table?: string): void;
  table(input: TableInput): Promise<TableHandle>;
}
