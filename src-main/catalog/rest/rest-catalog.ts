/**
 * The `rest` catalog: the CatalogClient API over the namespace REST contract. Table data and
 * index work run on the server; identifiers are encoded with the same module the server decodes
 * with.
 */
import type { Schema } from 'apache-arrow';
import type { CatalogClient, NamespaceList, TableHandle, TableList } from '../client';
import {
  CreateNamespaceOptionsSchema,
  CreateTableOptionsSchema,
  DropNamespaceOptionsSchema,
  ListOptionsSchema,
  OpenTableOptionsSchema,
  RenameTableOptionsSchema,
  type CreateNamespaceOptions,
  type CreateTableOptions,
  type DropNamespaceOptions,
  type JobEvent,
  type JobRecord,
  type ListOptions,
  type OpenTableOptions,
  type RenameTableOptions,
} from '../../../src-shared/catalog-api';
import { emptyTable, encodeIpcStream, toArrowTable, type TableData } from '../arrow-data';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import {
  assertValidComponent,
  assertValidNamespacePath,
  describeId,
  encodeIdSegment,
} from '../../../src-shared/vocabulary/ids';
import { parseOptions } from '../parse-options';
import { collectPages } from '../../../src-shared/vocabulary/pagination';
import { RestSession, type Identity } from './rest-session';
import { RestTable } from './rest-table';
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

export function openRestCatalog(properties: Record<string, string>): RestCatalog {
  return new RestCatalog(new RestSession(new RestTransport(parseRestProperties(properties))));
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

  private ns(path: readonly string[]): string {
    return `/v1/namespace/${encodeIdSegment(path, this.session.transport.settings.delimiter)}`;
  }

  private table(path: readonly string[], name: string): string {
    return `/v1/table/${encodeIdSegment([...path, name], this.session.transport.settings.delimiter)}`;
  }

  async listNamespaces(
    namespacePath: string[] = [],
    options?: ListOptions,
  ): Promise<NamespaceList> {
    const path = assertValidNamespacePath(namespacePath);
    const { pageToken, limit } = parseOptions(ListOptionsSchema, options);
    const page = (token: string | undefined) =>
      this.session
        .json<{ namespaces: string[]; page_token?: string | null }>({
          method: 'GET',
          path: `${this.ns(path)}/list`,
          query: { page_token: token || undefined, limit },
          notFound: ERROR_CODES.NamespaceNotFound,
        })
        .then((r) => ({
          items: r.namespaces,
          ...(r.page_token ? { pageToken: r.page_token } : {}),
        }));
    const result = await pagesAsAsked(page, pageToken, limit);
    return {
      namespaces: result.items,
      ...(result.pageToken ? { pageToken: result.pageToken } : {}),
    };
  }

  async createNamespace(
    namespacePath: string[],
    options?: CreateNamespaceOptions,
  ): Promise<{ properties: Record<string, string> }> {
    const path = assertValidNamespacePath(namespacePath);
    const { mode, properties } = parseOptions(CreateNamespaceOptionsSchema, options);
    const reply = await this.session.json<{ properties?: Record<string, string> | null }>({
      method: 'POST',
      path: `${this.ns(path)}/create`,
      json: { ...(mode ? { mode } : {}), ...(properties ? { properties } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { properties: reply?.properties ?? properties ?? {} };
  }

  async describeNamespace(
    namespacePath: string[],
  ): Promise<{ properties: Record<string, string> }> {
    const path = assertValidNamespacePath(namespacePath);
    const reply = await this.session.json<{ properties?: Record<string, string> | null }>({
      method: 'POST',
      path: `${this.ns(path)}/describe`,
      json: {},
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { properties: reply?.properties ?? {} };
  }

  async namespaceExists(namespacePath: string[]): Promise<boolean> {
    const path = assertValidNamespacePath(namespacePath);
    try {
      await this.session.send({
        method: 'POST',
        path: `${this.ns(path)}/exists`,
        json: {},
        notFound: ERROR_CODES.NamespaceNotFound,
      });
      return true;
    } catch (error) {
      if (isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound) return false;
      throw error;
    }
  }

  async dropNamespace(namespacePath: string[], options?: DropNamespaceOptions): Promise<void> {
    const path = assertValidNamespacePath(namespacePath);
    const { mode, behavior } = parseOptions(DropNamespaceOptionsSchema, options);
    await this.session.send({
      method: 'POST',
      path: `${this.ns(path)}/drop`,
      json: { ...(mode ? { mode } : {}), ...(behavior ? { behavior } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
  }

  async listTables(namespacePath: string[] = [], options?: ListOptions): Promise<TableList> {
    const path = assertValidNamespacePath(namespacePath);
    const { pageToken, limit } = parseOptions(ListOptionsSchema, options);
    const page = (token: string | undefined) =>
      this.session
        .json<{ tables: string[]; page_token?: string | null }>({
          method: 'GET',
          path: `${this.ns(path)}/table/list`,
          query: { page_token: token || undefined, limit },
          notFound: ERROR_CODES.NamespaceNotFound,
        })
        .then((r) => ({ items: r.tables, ...(r.page_token ? { pageToken: r.page_token } : {}) }));
    const result = await pagesAsAsked(page, pageToken, limit);
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
    namespacePath: string[],
    options?: CreateTableOptions,
  ): Promise<TableHandle> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const { mode, properties, storageOptions } = parseOptions(CreateTableOptionsSchema, options);
    await this.session.send({
      method: 'POST',
      path: `${this.table(path, name)}/create`,
      query: {
        mode,
        properties: properties ? JSON.stringify(properties) : undefined,
        storage_options: storageOptions ? JSON.stringify(storageOptions) : undefined,
      },
      bytes,
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return new RestTable(this.session, name, path, undefined, undefined);
  }

  async openTable(
    name: string,
    namespacePath: string[] = [],
    options?: OpenTableOptions,
  ): Promise<TableHandle> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    const { version, branch } = parseOptions(OpenTableOptionsSchema, options);
    const reply = await this.session.json<{ version?: number }>({
      method: 'POST',
      path: `${this.table(path, name)}/describe`,
      json: { ...(branch ? { branch } : {}) },
    });
    if (reply.version === undefined) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} is declared but has no data yet`,
      );
    }
    const handle = new RestTable(this.session, name, path, undefined, branch);
    return version === undefined ? handle : handle.checkoutVersion(version);
  }

  async tableExists(name: string, namespacePath: string[] = []): Promise<boolean> {
    assertValidComponent(name, 'table name');
    const path = assertValidNamespacePath(namespacePath);
    try {
      await this.session.send({
        method: 'POST',
        path: `${this.table(path, name)}/exists`,
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

  async dropTable(name: string, namespacePath: string[] = []): Promise<void> {
    assertValidComponent(name, 'table name');
    await this.session.send({
      method: 'POST',
      path: `${this.table(assertValidNamespacePath(namespacePath), name)}/drop`,
      json: {},
    });
  }

  async renameTable(
    name: string,
    newName: string,
    namespacePath: string[] = [],
    options?: RenameTableOptions,
  ): Promise<void> {
    assertValidComponent(name, 'table name');
    assertValidComponent(newName, 'new table name');
    const path = assertValidNamespacePath(namespacePath);
    const { newNamespacePath } = parseOptions(RenameTableOptionsSchema, options);
    await this.session.send({
      method: 'POST',
      path: `${this.table(path, name)}/rename`,
      json: {
        new_table_name: newName,
        ...(newNamespacePath
          ? { new_namespace_id: assertValidNamespacePath(newNamespacePath) }
          : {}),
      },
    });
  }

  async declareTable(
    name: string,
    namespacePath: string[] = [],
    options: { location?: string } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const reply = await this.session.json<{ location: string }>({
      method: 'POST',
      path: `${this.table(assertValidNamespacePath(namespacePath), name)}/declare`,
      json: options.location ? { location: options.location } : {},
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { location: reply.location };
  }

  async registerTable(
    name: string,
    namespacePath: string[],
    location: string,
    options: { mode?: 'create' | 'overwrite' } = {},
  ): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const reply = await this.session.json<{ location: string }>({
      method: 'POST',
      path: `${this.table(assertValidNamespacePath(namespacePath), name)}/register`,
      json: { location, ...(options.mode ? { mode: options.mode } : {}) },
      notFound: ERROR_CODES.NamespaceNotFound,
    });
    return { location: reply.location };
  }

  async deregisterTable(name: string, namespacePath: string[] = []): Promise<{ location: string }> {
    assertValidComponent(name, 'table name');
    const reply = await this.session.json<{ location: string }>({
      method: 'POST',
      path: `${this.table(assertValidNamespacePath(namespacePath), name)}/deregister`,
      json: {},
    });
    return { location: reply.location };
  }

  async tableLocation(
    name: string,
    namespacePath: string[] = [],
  ): Promise<{ location: string; declaredOnly: boolean }> {
    assertValidComponent(name, 'table name');
    const reply = await this.session.json<{ location?: string; version?: number }>({
      method: 'POST',
      path: `${this.table(assertValidNamespacePath(namespacePath), name)}/describe`,
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
