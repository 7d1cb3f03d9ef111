/**
 * The `rest` catalog: the CatalogClient API over the namespace REST contract. Table data and
 * index work run on the server; identifiers are encoded with the same module the server decodes
 * with. `openRestCatalog` hands it out behind validated-client.ts, so arguments arrive checked.
 */
import { REST, routeRequest, type RestRoute } from '../../../src-shared/rest-contract';
import type { Schema } from 'apache-arrow';
import type { CatalogClient, NamespaceList, TableHandle, TableList } from '../client';
import type {
  CreateNamespaceOptions,
  CreateTableOptions,
  DropNamespaceOptions,
  JobEvent,
  JobRecord,
  ListOptions,
  OpenTableOptions,
  RenameTableOptions,
} from '../../../src-shared/catalog-api';
import { emptyTable, encodeIpcStream, toArrowTable, type TableData } from '../arrow-data';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { describeId } from '../../../src-shared/vocabulary/ids';
import { collectPages } from '../../../src-shared/vocabulary/pagination';
import { RestSession, type Identity } from './rest-session';
import { restTable } from './rest-table';
import { RestTableCore } from './rest-table-core';
import { validatedCatalog } from '../validated-client';
import { parseRestProperties, RestTransport, type RequestContext } from './rest-transport';
type Page = { items: string[]; pageToken?: string };

/**
 * A caller who names neither a page nor a limit asks for everything: follow the server's page
 * tokens to the end. Otherwise hand back the one page asked for, with its token.
 */
async function pagesAsAsked(
  fetchPage: (token: string | undefined) => Promise<Page>,
  pageToken: string | undefined,
  limit: number | undefined,
): Promise<Page> {
  if (pageToken || limit !== undefined) return fetchPage(pageToken);
  return { items: await collectPages(fetchPage) };
}

/** The `rest` catalog as handed out: behind the argument checks, with its views. */
export interface RestCatalogClient extends CatalogClient {
  /** A view of this catalog whose requests carry `context` (see RestSession). */
  withContext(context: RequestContext): RestCatalogClient;
  /** A view of this catalog that sends `identity` in the body of every JSON request. */
  withIdentity(identity: Identity): RestCatalogClient;
  /** The context (`header.<name>` entries) of the last response this view received. */
  readonly lastResponseContext: RequestContext;
}

export function openRestCatalog(properties: Record<string, string>): RestCatalogClient {
  return validatedRest(
    new RestCatalog(new RestSession(new RestTransport(parseRestProperties(properties)))),
  );
}

function validatedRest(catalog: RestCatalog): RestCatalogClient {
  return validatedCatalog(catalog, {
    withContext: (context: RequestContext) => validatedRest(catalog.withContext(context)),
    withIdentity: (identity: Identity) => validatedRest(catalog.withIdentity(identity)),
    get lastResponseContext(): RequestContext {
      return catalog.lastResponseContext;
    },
  });
}

export class RestCatalog implements CatalogClient {
  readonly implName = 'rest' as const;

  constructor(private readonly session: RestSession) {}

  /** A view of this catalog whose requests carry `context` (see RestSession). */
  withContext(context: RequestContext): RestCatalog {
    return new RestCatalog(this.session.withContext(context));
  } /** A view of this catalog that sends `identity` in the body of every JSON request. */
  withIdentity(identity: Identity): RestCatalog {
    return new RestCatalog(this.session.withIdentity(identity));
  }

  /** The context (`header.<name>` entries) of the last response this view received. */
  get lastResponseContext(): RequestContext {
    return this.session.lastResponseContext;
  }

  /** A contract route's method and path for a namespace's or table's id. */
  private at(route: RestRoute, id: readonly string[]) {
    return routeRequest(route, { id, delimiter: this.session.transport.settings.delimiter });
  }

  /** A listing route read as the caller asked: the page at `pageToken`, and on up to `limit`. */
  private listed(
    route: RestRoute,
    path: readonly string[],
    key: 'namespaces' | 'tables',
    { pageToken, limit }: ListOptions,
  ) {
    const page = (token: string | undefined) =>
      this.session
        .json<{ [key: string]: unknown; page_token?: string | null }>({
          ...this.at(route, path),
          query: { page_token: token || undefined, limit },
          notFound: ERROR_CODES.NamespaceNotFound,
        })
        .then((r) => ({
          items: r[key] as string[],
          ...(r.page_token ? { pageToken: r.page_token } : {}),
        }));
    return pagesAsAsked(page, pageToken, limit);
  }

  async listNamespaces(path: string[] = [], options: ListOptions = {}): Promise<NamespaceList> {
    const result = await this.listed(REST.listNamespaces, path, 'namespaces', options);
    return {
      namespaces: result.items,
      ...(result.pageToken ? { pageToken: result.pageToken } : {}),
    };
  }

  async createNamespace(
    path: string[],
    { mode, properties }: CreateNamespaceOptions = {},
  ): Promise<{ properties: Record<string, string> }> {
    const reply = await this.session.json<{ properties?: Record<string, string> | null }>({
      ...this.at(REST.createNamespace, path),
      json: { ...(mode ? { mode } : {}), ...(properties ? { properties } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { properties: reply?.properties ?? properties ?? {} };
  }

  async describeNamespace(path: string[]): Promise<{ properties: Record<string, string> }> {
    const reply = await this.session.json<{ properties?: Record<string, string> | null }>({
      ...this.at(REST.describeNamespace, path),
      json: {},
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { properties: reply?.properties ?? {} };
  }

  async namespaceExists(path: string[]): Promise<boolean> {
    try {
      await this.session.send({
        ...this.at(REST.namespaceExists, path),
        json: {},
        notFound: ERROR_CODES.NamespaceNotFound,
      });
      return true;
    } catch (error) {
      if (isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound) return false;
      throw error;
    }
  }

  async dropNamespace(
    path: string[],
    { mode, behavior }: DropNamespaceOptions = {},
  ): Promise<void> {
    await this.session.send({
      ...this.at(REST.dropNamespace, path),
      json: { ...(mode ? { mode } : {}), ...(behavior ? { behavior } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
  }

  async listTables(path: string[] = [], options: ListOptions = {}): Promise<TableList> {
    const result = await this.listed(REST.listTables, path, 'tables', options);
    return { tables: result.items, ...(result.pageToken ? { pageToken: result.pageToken } : {}) };
  }

  async createTable(
    name: string,
    data: TableData,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    return this.create(name, encodeIpcStream(toArrowTable(data)), namespacePath, options);
  }

  async createEmptyTable(
    name: string,
    schema: Schema,
    namespacePath: string[] = [],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    return this.create(name, encodeIpcStream(emptyTable(schema)), namespacePath, options);
  }

  private async create(
    name: string,
    bytes: Uint8Array,
    path: string[],
    { mode, properties, storageOptions }: CreateTableOptions = {},
  ): Promise<TableHandle> {
    await this.session.send({
      ...this.at(REST.createTable, [...path, name]),
      query: {
        mode,
        properties: properties ? JSON.stringify(properties) : undefined,
        storage_options: storageOptions ? JSON.stringify(storageOptions) : undefined,
      },
      bytes,
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return restTable(new RestTableCore(this.session, name, path, undefined, undefined));
  }

  async openTable(
    name: string,
    path: string[] = [],
    { version, branch }: OpenTableOptions = {},
  ): Promise<TableHandle> {
    const reply = await this.session.json<{ version?: number }>({
      ...this.at(REST.describeTable, [...path, name]),
      json: { ...(branch ? { branch } : {}) },
    });
    if (reply.version === undefined) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} is declared but has no data yet`,
      );
    }
    const handle = restTable(new RestTableCore(this.session, name, path, undefined, branch));
    return version === undefined ? handle : handle.checkoutVersion(version);
  }

  async tableExists(name: string, path: string[] = []): Promise<boolean> {
    try {
      await this.session.send({
        ...this.at(REST.tableExists, [...path, name]),
        json: {},
      });
      return true;
    } catch (error) {
      if (
        isCatalogError(error) &&
        (error.code === ERROR_CODES.TableNotFound || error.code === ERROR_CODES.NamespaceNotFound)
      ) {
        return false;
      }
      throw error;
    }
  }

  async dropTable(name: string, path: string[] = []): Promise<void> {
    await this.session.send({
      ...this.at(REST.dropTable, [...path, name]),
      json: {},
    });
  }

  async renameTable(
    name: string,
    newName: string,
    path: string[] = [],
    { newNamespacePath }: RenameTableOptions = {},
  ): Promise<void> {
    await this.session.send({
      ...this.at(REST.renameTable, [...path, name]),
      json: {
        new_table_name: newName,
        ...(newNamespacePath ? { new_namespace_id: newNamespacePath } : {}),
      },
    });
  }

  async declareTable(
    name: string,
    path: string[] = [],
    options: { location?: string } = {},
  ): Promise<{ location: string }> {
    const reply = await this.session.json<{ location: string }>({
      ...this.at(REST.declareTable, [...path, name]),
      json: options.location ? { location: options.location } : {},
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { location: reply.location };
  }

  async registerTable(
    name: string,
    path: string[],
    location: string,
    options: { mode?: 'create' | 'overwrite' } = {},
  ): Promise<{ location: string }> {
    const reply = await this.session.json<{ location: string }>({
      ...this.at(REST.registerTable, [...path, name]),
      json: { location, ...(options.mode ? { mode: options.mode } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { location: reply.location };
  }

  async deregisterTable(name: string, path: string[] = []): Promise<{ location: string }> {
    const reply = await this.session.json<{ location: string }>({
      ...this.at(REST.deregisterTable, [...path, name]),
      json: {},
    });
    return { location: reply.location };
  }

  async tableLocation(
    name: string,
    path: string[] = [],
  ): Promise<{ location: string; declaredOnly: boolean }> {
    const reply = await this.session.json<{ location?: string; version?: number }>({
      ...this.at(REST.describeTable, [...path, name]),
      json: {},
    });
    return { location: reply.location ?? '', declaredOnly: reply.version === undefined };
  }

  listJobs(): Promise<JobRecord[]> {
    return this.session.jobs.list();
  }

  getJob(id: string): Promise<JobRecord> {
    return this.session.jobs.get(id);
  }

  cancelJob(id: string): Promise<JobRecord> {
    return this.session.jobs.cancel(id);
  }

  waitForJob(id: string): Promise<JobRecord> {
    return this.session.jobs.wait(id);
  }

  onJobEvent(listener: (event: JobEvent) => void): () => void {
    return this.session.jobs.on(listener);
  }

  async close(): Promise<void> {
    this.session.jobs.close();
    await this.session.transport.close();
  }
}
