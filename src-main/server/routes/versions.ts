/** Versions, tags and branches, as the contract gives them. */
import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { pageOf } from '../../../src-shared/vocabulary/pagination';
import { branchOf, branchOption, queryBool, queryInt, queryString } from '../http/query-params';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import { isLanceRemoteDialect } from '../http/dialect';
import type { ServerState } from '../server-state';
import type { VersionDetail } from '../../../src-shared/catalog-api';

export function registerVersionRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.listTableVersions, async ({ body, query, openTable }) => {
    const handle = await openTable();
    const descending = queryBool(query, 'descending') ?? false;
    const pageToken = queryString(query, 'page_token');
    const limit = queryInt(query, 'limit', 1);
    // The first page newest first (a timeline's window) reads only those versions, and one
    // more to know whether a next page exists.
    const versions = await handle.listVersions({
      ...branchOption(body, query),
      ...(descending && limit && !pageToken ? { newest: limit + 1 } : {}),
    });
    // pageOf walks in key order; newest-first pages use a key that counts down.
    const key = (v: { version: number }) =>
      String(descending ? Number.MAX_SAFE_INTEGER - v.version : v.version).padStart(20, '0');
    const ordered = pageOf(descending ? [...versions].reverse() : versions, key, {
      ...(pageToken ? { pageToken } : {}),
      ...(limit ? { limit } : {}),
    });
    const items = ordered.items;
    return {
      versions: items.map((v) => ({
        version: v.version,
        timestamp_millis: v.timestampMillis,
        timestamp: new Date(v.timestampMillis).toISOString(),
        metadata: v.metadata,
      })),
      ...(ordered.pageToken ? { page_token: ordered.pageToken } : {}),
    };
  });

  defineRoute(app, state, REST.listTableTags, async ({ request, openTable }) => {
    const handle = await openTable();
    const tags = Object.fromEntries(
      (await handle.listTags()).map((t) => [
        t.name,
        { version: t.version, manifestSize: t.manifestSize ?? 0 },
      ]),
    );
    // LanceDB's remote client (trailing slash) reads a bare map; the contract wraps it.
    return isLanceRemoteDialect(request) ? tags : { tags };
  });

  defineRoute(app, state, REST.getTableTagVersion, async ({ body, openTable }) => {
    const handle = await openTable();
    return { version: await handle.getTagVersion(body.tag) };
  });

  for (const [action, route] of [
    ['create', REST.createTableTag],
    ['update', REST.updateTableTag],
    ['delete', REST.deleteTableTag],
  ] as const) {
    defineRoute(app, state, route, async ({ body, openTable }) => {
      const handle = await openTable();
      if (action === 'delete') await handle.deleteTag(body.tag);
      else {
        if (!body.version) throw errors.InvalidInput(`tags/${action} needs a version`);
        if (action === 'create') await handle.createTag(body.tag, body.version);
        else await handle.updateTag(body.tag, body.version);
      }
      return {};
    });
  }

  defineRoute(app, state, REST.listTableBranches, async ({ openTable }) => {
    const handle = await openTable();
    const branches = Object.fromEntries(
      (await handle.listBranches()).map((b) => [
        b.name,
        {
          ...(b.parentBranch ? { parentBranch: b.parentBranch } : {}),
          parentVersion: b.parentVersion ?? 0,
          createAt: Math.floor((b.createdAtMillis ?? 0) / 1000),
          manifestSize: b.manifestSize ?? 0,
        },
      ]),
    );
    return { branches };
  });

  defineRoute(app, state, REST.createTableBranch, async ({ body, openTable }) => {
    const handle = await openTable();
    await handle.createBranch(body.name, {
      ...(body.from_branch ? { fromBranch: body.from_branch } : {}),
      ...(body.from_version ? { fromVersion: body.from_version } : {}),
    });
    return {};
  });

  defineRoute(app, state, REST.deleteTableBranch, async ({ body, openTable }) => {
    const handle = await openTable();
    await handle.deleteBranch(body.name);
    return {};
  });

  defineRoute(app, state, REST.describeTableVersion, async ({ body, query, openTable }) => {
    const handle = await openTable();
    const detail = await handle.describeVersion(
      body.version ?? undefined,
      branchOption(body, query),
    );
    return { version: wireVersion(detail) };
  });

  defineRoute(app, state, REST.createTableVersion, async ({ body, query, openTable }) => {
    const branch = branchOf(body, query);
    const handle = await openTable(branch);
    const detail = await handle.createVersion({
      version: body.version,
      manifestPath: body.manifest_path,
      ...(body.naming_scheme ? { namingScheme: body.naming_scheme } : {}),
    });
    return { version: wireVersion(detail) };
  });

  defineRoute(app, state, REST.deleteTableVersions, async ({ body, query, openTable }) => {
    const branch = branchOf(body, query);
    const handle = await openTable(branch);
    const deleted = await handle.deleteVersions({
      ranges: body.ranges.map((r) => ({ start: r.start_version, end: r.end_version })),
    });
    return { deleted_count: deleted };
  });
}

/** The contract's TableVersion. */
function wireVersion(detail: VersionDetail) {
  return {
    version: detail.version,
    timestamp_millis: detail.timestampMillis,
    metadata: detail.metadata,
    ...(detail.manifestPath ? { manifest_path: detail.manifestPath } : {}),
    ...(detail.manifestSize !== undefined ? { manifest_size: detail.manifestSize } : {}),
  };
}
