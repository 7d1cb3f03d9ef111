/**
 * One table's metadata routes: create from an Arrow stream (also as the specification's
 * enterprise shape `POST /v1/tables/{table_name}`), describe, exists, drop, rename, restore and
 * stats. Listings are in table-listings.ts, declare/register/deregister in table-registration.ts.
 */

import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { authorize } from '../auth/authorize';
import { isLanceRemoteDialect } from '../http/dialect';
import { normalizeEnum } from '../http/enums';
import { toJsonArrowSchema } from '../../catalog/json-arrow-schema';
import { branchOf, branchOption, queryJsonMap, queryString } from '../http/query-params';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute, RawReply, type RouteContext } from '../route';
import type { ServerState } from '../server-state';

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
  // What the create wrote, as it committed (a rename may have come since); a table that was
  // there already (exist_ok) is described as it is now.
  const described = table.created ?? (await table.describe());
  return {
    location: described.location,
    version: described.version,
    storage_options: {},
    properties: properties ?? {},
  };
}

export function registerTableRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.createTableByName, async (ctx) => {
    const name = (ctx.request.params as { table_name: string }).table_name;
    if (ctx.principal) {
      authorize(ctx.principal, 'write', []);
    }
    return createFromStream(ctx as RouteContext<unknown>, [], name);
  });

  defineRoute(app, state, REST.createTable, async (ctx) =>
    createFromStream(ctx as RouteContext<unknown>, ctx.table.namespacePath, ctx.table.name),
  );

  defineRoute(
    app,
    state,
    REST.describeTable,
    async ({ catalog, table, body, query, request, openTable }) => {
      const branch = branchOf(body, query);
      // LanceDB's remote client always ends its paths with a slash and parses only its own type names.
      const dialect = isLanceRemoteDialect(request) ? 'lance' : 'namespace';
      const version = body.version || undefined;
      if (body.tag && (version !== undefined || branch)) {
        throw errors.InvalidInput('Give a tag, or a version and branch, not both');
      }
      let handle;
      try {
        handle = await openTable(branch);
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
  );

  defineRoute(app, state, REST.tableExists, async ({ catalog, table, body, openTable }) => {
    if (!body.version && !body.branch) {
      if (!(await catalog.tableExists(table.name, table.namespacePath))) {
        await openTable(); // throws the precise not-found error
      }
      return new RawReply(200, undefined);
    }
    const handle = await openTable(body.branch ?? undefined);
    if (body.version) await handle.checkoutVersion(body.version);
    return new RawReply(200, undefined);
  });

  defineRoute(app, state, REST.dropTable, async ({ catalog, table, parts }) => {
    const { location } = await catalog.tableLocation(table.name, table.namespacePath);
    await catalog.dropTable(table.name, table.namespacePath);
    return { id: parts, location };
  });

  defineRoute(app, state, REST.renameTable, async ({ catalog, table, body, principal }) => {
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
  });

  defineRoute(app, state, REST.restoreTable, async ({ body, openTable }) => {
    const handle = await openTable();
    const result = await handle.restore(body.version, body.branch ? { branch: body.branch } : {});
    return { version: result.version };
  });

  // Ours, beside the contract (which names no compaction): LanceDB's optimize, no version removed.
  defineRoute(app, state, REST.compactTable, async ({ body, query, openTable }) => {
    const handle = await openTable();
    const r = await handle.compact(branchOption(body, query));
    return {
      version: r.version,
      fragments_removed: r.fragmentsRemoved,
      fragments_added: r.fragmentsAdded,
    };
  });

  // Ours too: old versions removed with the files only they hold, never a tagged or kept one.
  defineRoute(app, state, REST.cleanupTable, async ({ body, openTable }) => {
    const handle = await openTable();
    const r = await handle.cleanupVersions(
      {
        olderThanMillis: body.older_than_millis,
        ...(body.keep_versions ? { keepVersions: body.keep_versions } : {}),
      },
      body.branch ? { branch: body.branch } : {},
    );
    return {
      versions_removed: r.versionsRemoved,
      bytes_removed: r.bytesRemoved,
      cutoff_millis: r.cutoffMillis,
      ...(r.keptBecause ? { kept_because: r.keptBecause } : {}),
      version: r.version,
    };
  });

  // Ours: each fragment's rows from the version's manifest, as a histogram, and the deleted rows.
  defineRoute(app, state, REST.tableFragments, async ({ body, catalog, table }) => {
    const branch = body.branch ?? undefined;
    const handle = await catalog.openTable(table.name, table.namespacePath, {
      ...(body.version ? { version: body.version } : {}),
      ...(branch ? { branch } : {}),
    });
    const f = await handle.fragmentStats();
    return {
      fragments: f.fragments,
      physical_rows: f.physicalRows,
      deleted_rows: f.deletedRows,
      histogram: f.histogram,
      ...(f.versionBytes
        ? {
            version_bytes: {
              latest: f.versionBytes.latest,
              only_tagged: f.versionBytes.onlyTagged,
              only_old: f.versionBytes.onlyOld,
            },
          }
        : {}),
    };
  });

  defineRoute(app, state, REST.tableStats, async ({ body, query, openTable }) => {
    const handle = await openTable();
    const s = await handle.stats(branchOption(body, query));
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
  });
}
