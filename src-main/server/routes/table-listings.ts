/**
 * Table listings: a namespace's tables, every table id in the catalog (ListAllTables), and
 * LanceDB's root-namespace list, each filtered to what the caller's scope may see.
 */

import type { FastifyInstance } from 'fastify';
import type { CatalogClient } from '../../catalog/client';
import { joinId } from '../../../src-shared/vocabulary/ids';
import { collectPages, pageOf } from '../../../src-shared/vocabulary/pagination';
import { isLanceRemoteDialect } from '../http/dialect';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';
import { listOptions } from './namespaces';

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

export function registerTableListingRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.listTables, async ({ catalog, parts, query }) => {
    const result = await catalog.listTables(parts, listOptions(query));
    return {
      tables: result.tables,
      ...(result.pageToken ? { page_token: result.pageToken } : {}),
    };
  });

  defineRoute(
    app,
    state,
    REST.listRootTables,
    async ({ catalog, query, request, delimiter, visible, tablesVisibleIn }) => {
      const options = listOptions(query);
      if (isLanceRemoteDialect(request)) return rootTables(catalog, options, tablesVisibleIn);
      const ids = (await allTableIds(catalog, [], visible, tablesVisibleIn))
        .map((parts) => joinId(parts, delimiter))
        .sort();
      const page = pageOf(ids, (id) => id, options);
      return { tables: page.items, ...(page.pageToken ? { page_token: page.pageToken } : {}) };
    },
  );

  defineRoute(app, state, REST.listAllTables, async ({ catalog, query, tablesVisibleIn }) =>
    rootTables(catalog, listOptions(query), tablesVisibleIn),
  );
}
