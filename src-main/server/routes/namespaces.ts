/** Namespace routes: create, list, describe, exists, drop. */
import type { FastifyInstance } from 'fastify';
import { ListOptionsSchema } from '../../../src-shared/catalog-api';
import { parseOptions } from '../../catalog/parse-options';
import { collectPages, pageOf } from '../../../src-shared/vocabulary/pagination';
import { normalizeEnum } from '../http/enums';
import { queryInt, queryString } from '../http/query-params';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute, RawReply } from '../route';
import type { ServerState } from '../server-state';

export function listOptions(query: Record<string, string | string[] | undefined>) {
  return parseOptions(ListOptionsSchema, {
    pageToken: queryString(query, 'page_token'),
    limit: queryInt(query, 'limit', 1),
  });
}

export function registerNamespaceRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.createNamespace, async ({ catalog, parts, body }) => {
    const mode = normalizeEnum(body.mode, ['create', 'exist_ok', 'overwrite'] as const, 'mode');
    const result = await catalog.createNamespace(parts, {
      ...(mode ? { mode } : {}),
      ...(body.properties ? { properties: body.properties } : {}),
    });
    return { properties: result.properties };
  });

  defineRoute(
    app,
    state,
    REST.listNamespaces,
    async ({ catalog, parts, query, visible, principal }) => {
      const options = listOptions(query);
      if (!principal?.namespaces) {
        const result = await catalog.listNamespaces(parts, options);
        return {
          namespaces: result.namespaces,
          ...(result.pageToken ? { page_token: result.pageToken } : {}),
        };
      }
      // Filtering a server page would leave holes (even empty pages); a scoped principal's
      // listing is filtered whole, then paged.
      const all = await collectPages((pageToken) =>
        catalog
          .listNamespaces(parts, { pageToken })
          .then((r) => ({ items: r.namespaces, pageToken: r.pageToken })),
      );
      const page = pageOf(
        all.filter((name) => visible([...parts, name])),
        (name) => name,
        options,
      );
      return { namespaces: page.items, ...(page.pageToken ? { page_token: page.pageToken } : {}) };
    },
  );

  defineRoute(app, state, REST.describeNamespace, async ({ catalog, parts }) => ({
    properties: (await catalog.describeNamespace(parts)).properties,
  }));

  defineRoute(app, state, REST.namespaceExists, async ({ catalog, parts }) => {
    if (!(await catalog.namespaceExists(parts))) {
      await catalog.describeNamespace(parts); // throws NamespaceNotFound with the error body
    }
    return new RawReply(200, undefined);
  });

  defineRoute(app, state, REST.dropNamespace, async ({ catalog, parts, body }) => {
    const mode = normalizeEnum(body.mode, ['fail', 'skip'] as const, 'mode');
    const behavior = normalizeEnum(body.behavior, ['restrict', 'cascade'] as const, 'behavior');
    await catalog.dropNamespace(parts, {
      ...(mode ? { mode } : {}),
      ...(behavior ? { behavior } : {}),
    });
    return {};
  });
}
