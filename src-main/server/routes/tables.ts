/**
 * Table metadata routes: list (per namespace, all, and LanceDB's root list), create from an Arrow
 * stream, describe, exists, drop, rename, restore and stats; plus the specification's enterprise
 * shapes `GET /v1/tables` and `POST /v1/tables/{table_name}`.
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogClient } from '../../catalog/client';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { joinId } from '../../../src-shared/vocabulary/ids';
import { collectPages, pageOf } from '../../../src-shared/vocabulary/pagination';
import { authorize } from '../auth/authorize';
import { isLanceRemoteDialect } from '../http/dialect';
import { normalizeEnum } from '../http/enums';
import { toJsonArrowSchema } from '../../catalog/json-arrow-schema';
import { branchOf, queryJsonMap, queryString } from '../http/query-params';
import { defineRoute, RawReply, type RouteContext } from '../route';
import type { ServerState } from '../server-state';
import { listOptions } from './namespaces';
import {
  BranchBody,
  DeclareTableBody,
  DescribeTableBody,
  EmptyBody,
  RegisterTableBody,
  RenameTableBody,
  RestoreTableBody,
  TableExistsBody,
} from './schemas';

async function allTableIds(
  catalog: CatalogClient,
  path: string[],
  visible: (path: readonly string[]) => boolean,
  tablesVisibleIn: (path: readonly string[]) => boolean,
): Promise<string[][]> {
  const out: string[][] = [];
  if (tablesVisibleIn(path)) {
    const tables = await collectPages((pageToken) =>
      catalog
        .listTables(path, { pageToken })
        .then((r) => ({ items: r.tables, pageToken: r.pageToken })),
    );
    for (const name of tables) out.push([...path, name]);
  }
  const children = await collectPages((pageToken) =>
    catalog
      .listNamespaces(path, { pageToken })
      .then((r) => ({ items: r.namespaces, pageToken: r.pageToken })),
  );
  for (const child of children) {
    if (visible([...path, child]))
      out.push(...(await allTableIds(catalog, [...path, child], visible, tablesVisibleIn)));
  }
  return out;
}

/** The root namespace's tables, for principals whose scope includes the root. */
async function rootTables(
  catalog: CatalogClient,
  options: ReturnType<typeof listOptions>,
  tablesVisibleIn: (path: readonly string[]) => boolean,
) {
  if (!tablesVisibleIn([])) return { tables: [] };
  const result = await catalog.listTables([], options);
  return { tables: result.tables, ...(result.pageToken ? { page_token: result.pageToken } : {}) };
}

async function createFromStream(ctx: RouteContext<unknown>, namespacePath: string[], name: string) {
  const mode = normalizeEnum(
    queryString(ctx.query, 'mode'),
    ['create', 'exist_ok', 'overwrite'] as const,
    'mode',
  );
  const properties = queryJsonMap(ctx.query, 'properties');
  const storageOptions = queryJsonMap(ctx.query, 'storage_options');
  const table = await ctx.catalog.createTable(name, ctx.arrow, namespacePath, {
    ...(mode ? { mode } : {}),
    ...(properties ? { properties } : {}),
    ...(storageOptions ? { storageOptions } : {}),
  });
  const described = await table.describe();
  return {
    location: described.location,
    version: described.version,
    storage_options: {},
    properties: properties ?? {},
  };
}

export function registerTableRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, {
    method: 'GET',
    url: '/v1/namespace/:id/table/list',
    access: 'read',
    target: 'namespace',
    handler: async ({ catalog, parts, query }) => {
      const result = await catalog.listTables(parts, listOptions(query));
      return {
        tables: result.tables,
        ...(result.pageToken ? { page_token: result.pageToken } : {}),
      };
    },
  });

  // ListAllTables answers full identifiers; LanceDB's remote client asks `GET /v1/table/` (with
  // the slash) for the root namespace's table names. The trailing slash tells them apart.
  defineRoute(app, state, {
    method: 'GET',
    url: '/v1/table',
    access: 'read',
    target: 'catalog',

    handler: async ({ catalog, query, request, delimiter, visible, tablesVisibleIn }) => {
      const options = listOptions(query);
      if (isLanceRemoteDialect(request)) return rootTables(catalog, options, tablesVisibleIn);
      const ids = (await allTableIds(catalog, [], visible, tablesVisibleIn))
        .map((parts) => joinId(parts, delimiter))
        .sort();
      const page = pageOf(ids, (id) => id, options);
      return { tables: page.items, ...(page.pageToken ? { page_token: page.pageToken } : {}) };
    },
  });

  defineRoute(app, state, {
    method: 'GET',
    url: '/v1/tables',
    access: 'read',
    target: 'catalog',

    handler: async ({ catalog, query, tablesVisibleIn }) =>
      rootTables(catalog, listOptions(query), tablesVisibleIn),
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/tables/:table_name',
    access: 'write',
    target: 'catalog',
    arrowBody: true,
    handler: async (ctx) => {
      const name = (ctx.request.params as { table_name: string }).table_name;
      if (ctx.principal) {
        authorize(ctx.principal, 'write', []);
      }
      return createFromStream(ctx as RouteContext<unknown>, [], name);
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/create',
    access: 'write',
    target: 'table',
    arrowBody: true,
    handler: async (ctx) =>
      createFromStream(ctx as RouteContext<unknown>, ctx.table.namespacePath, ctx.table.name),
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/describe',
    access: 'read',
    target: 'table',
    body: DescribeTableBody,
    handler: async ({ catalog, table, body, query, request }) => {
      const branch = branchOf(body, query);
      // LanceDB's remote client always ends its paths with a slash and parses only its own type names.
      const dialect = isLanceRemoteDialect(request) ? 'lance' : 'namespace';
      const version = body.version || undefined;
      if (body.tag && (version !== undefined || branch)) {
        throw errors.InvalidInput('Give a tag, or a version and branch, not both');
      }
      let handle;
      try {
        handle = await catalog.openTable(table.name, table.namespacePath, branch ? { branch } : {});
      } catch (error) {
        if (!(isCatalogError(error) && error.code === ERROR_CODES.InvalidTableState)) throw error;
        // Declared, not yet written: the contract answers with the location alone.
        const place = await catalog.tableLocation(table.name, table.namespacePath);
        if (!place.declaredOnly) throw error;
        return {
          table: table.name,
          namespace: table.namespacePath,
          location: place.location,
          storage_options: {},
          properties: {},
          ...(body.check_declared ? { is_only_declared: true } : {}),
        };
      }
      const pinned = body.tag ? await handle.getTagVersion(body.tag) : version;
      if (pinned !== undefined) handle = await handle.checkoutVersion(pinned);
      const d = await handle.describe();
      return {
        table: d.name,
        namespace: d.namespacePath,
        version: d.version,
        location: d.location,
        ...(body.with_table_uri ? { table_uri: `file://${d.location}` } : {}),
        schema: toJsonArrowSchema(d.schema, dialect),
        stats: { num_deleted_rows: 0, num_fragments: d.stats.numFragments },
        storage_options: {},
        metadata: {},
        properties: d.properties ?? {},
        ...(body.check_declared ? { is_only_declared: false } : {}),
      };
    },
  });
  defineRoute(app, state, {
    method: 'POST',
    url: ['/v1/table/:id/declare', '/v1/table/:id/create-empty', '/v1/table/:id/create_empty'],
    access: 'write',
    target: 'table',
    body: DeclareTableBody,
    handler: async ({ catalog, table, body }) => {
      const result = await catalog.declareTable(
        table.name,
        table.namespacePath,
        body.location ? { location: body.location } : {},
      );
      return {
        location: result.location,
        storage_options: {},
        properties: body.properties ?? {},
        managed_versioning: false,
      };
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/register',
    access: 'admin',
    target: 'table',

    body: RegisterTableBody,
    handler: async ({ catalog, table, body, principal }) => {
      // A location can name any folder of the catalog, so adopting one is for unscoped admins.
      if (principal?.namespaces) {
        throw errors.PermissionDenied(
          `${principal.name} is limited to some namespaces and may not register tables`,
        );
      }
      const mode = normalizeEnum(body.mode, ['create', 'overwrite'] as const, 'mode');
      const result = await catalog.registerTable(
        table.name,
        table.namespacePath,
        body.location,
        mode ? { mode } : {},
      );
      return { location: result.location, properties: body.properties ?? {} };
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/deregister',
    access: 'admin',
    target: 'table',
    body: EmptyBody,
    handler: async ({ catalog, table, parts }) => {
      const result = await catalog.deregisterTable(table.name, table.namespacePath);
      return { id: parts, location: result.location };
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/exists',
    access: 'read',
    target: 'table',
    body: TableExistsBody,
    handler: async ({ catalog, table, body }) => {
      if (!body.version && !body.branch) {
        if (!(await catalog.tableExists(table.name, table.namespacePath))) {
          await catalog.openTable(table.name, table.namespacePath); // throws the precise not-found error
        }
        return new RawReply(200, undefined);
      }
      const handle = await catalog.openTable(
        table.name,
        table.namespacePath,
        body.branch ? { branch: body.branch } : {},
      );
      if (body.version) await handle.checkoutVersion(body.version);
      return new RawReply(200, undefined);
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/drop',
    access: 'admin',
    target: 'table',
    body: EmptyBody,
    handler: async ({ catalog, table, parts }) => {
      const { location } = await catalog.tableLocation(table.name, table.namespacePath);
      await catalog.dropTable(table.name, table.namespacePath);
      return { id: parts, location };
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/rename',
    access: 'admin',
    target: 'table',
    body: RenameTableBody,
    handler: async ({ catalog, table, body, principal }) => {
      const newNamespacePath = body.new_namespace_id ?? body.new_namespace ?? undefined;
      if (principal && newNamespacePath) {
        authorize(principal, 'admin', newNamespacePath);
      }
      await catalog.renameTable(
        table.name,
        body.new_table_name,
        table.namespacePath,
        newNamespacePath ? { newNamespacePath } : {},
      );
      return {};
    },
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/table/:id/restore',
    access: 'write',
    target: 'table',
    body: RestoreTableBody,
    handler: async ({ catalog, table, body }) => {
      const handle = await catalog.openTable(table.name, table.namespacePath);
      const result = await handle.restore(body.version, body.branch ? { branch: body.branch } : {});
      return { version: result.version };
    },
  });

  defineRoute(app, state, {
    method: ['GET', 'POST'],
    url: '/v1/table/:id/stats',
    access: 'read',
    target: 'table',
    body: BranchBody,
    handler: async ({ catalog, table, body, query }) => {
      const branch = branchOf(body, query);
      const handle = await catalog.openTable(table.name, table.namespacePath);
      const s = await handle.stats(branch ? { branch } : {});
      return {
        total_bytes: s.totalBytes,
        num_rows: s.numRows,
        num_indices: s.numIndices,
        fragment_stats: {
          num_fragments: s.numFragments,
          num_small_fragments: s.numSmallFragments,
          lengths: s.fragmentLengths,
        },
      };
    },
  });
}
