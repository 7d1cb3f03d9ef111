/**
 * The case tables through the engine instead of the server: each request becomes the
 * CatalogClient call it stands for, on a `dir` or `rest` back end, and the answer (or the
 * CatalogError) becomes the reply the contract would give. A case runs here only when every one
 * of its requests has such a call; `cannotExpress` says why the others do not.
 *
 * Bodies are turned into engine requests with the server's own wire translations (queries and
 * index requests), so what is compared is the engine's behaviour, not a second translation.
 */
import type { CatalogClient, TableHandle } from '../../../src-main/catalog/client';
import { CatalogError } from '../../../src-shared/vocabulary/errors';
import { toQueryRequest } from '../../../src-main/server/http/query-request';
import { toIndexRequest } from '../../../src-main/server/routes/indexes';
import { EMPTY_TABLE, type Transport } from './transport';
import type { CtsCase, CtsRequest } from './types';

type Body = Record<string, unknown>;

interface Parsed {
  kind: 'namespace' | 'table';
  id: string[];
  action: string;
}

/** The default delimiter; a lone `$` is the root. */
function parseRoute(route: string): Parsed | undefined {
  const match = /^\/v1\/(namespace|table)\/([^/]+)\/(.+)$/.exec(route);
  if (!match) return undefined;
  const raw = decodeURIComponent(match[2]!);
  return {
    kind: match[1] as Parsed['kind'],
    id: raw === '$' ? [] : raw.split('$'),
    action: match[3]!,
  };
}

/** Why a request has no CatalogClient call, or undefined when it has one. */
export function cannotExpress(request: CtsRequest): string | undefined {
  if (request.route.startsWith('/v1/transaction/')) {
    return 'the engine has no transaction API (LanceDB exposes no transaction history)';
  }
  if (request.query?.delimiter !== undefined) {
    return 'a delimiter is part of an id on the wire; the engine takes ids as arrays';
  }
  const parsed = parseRoute(request.route);
  if (!parsed) return 'the route is not one the engine has a call for';
  if (parsed.action === 'create_scalar_index') {
    return "the scalar-only entry point is the server's; the engine has one createIndex for every kind";
  }
  if (!(parsed.kind === 'namespace' ? NAMESPACE_ACTIONS : TABLE_ACTIONS).has(parsed.action)) {
    if (!/^index\/[^/]+\/(stats|drop)$/.test(parsed.action)) {
      return `${parsed.kind} ${parsed.action} has no CatalogClient call`;
    }
  }
  return undefined;
}

/** Cases whose point is the order of the wire's checks, which has no engine counterpart. */
const WIRE_ORDER: Record<string, string> = {
  restore_negative_version_must_400:
    'checks the body before the table lookup; in the engine a version is checked on a table handle, which needs the table first',
};

/** Why a whole case cannot run on the engine, or undefined when it can. */
export function engineNotApplicable(c: CtsCase): string | undefined {
  if (WIRE_ORDER[c.id]) return WIRE_ORDER[c.id];
  for (const step of [...(c.before ?? []), { request: c.request }, ...(c.after ?? [])]) {
    const why = cannotExpress(step.request);
    if (why) return why;
  }
  return undefined;
}

const NAMESPACE_ACTIONS = new Set(['create', 'describe', 'exists', 'drop', 'list', 'table/list']);
const TABLE_ACTIONS = new Set([
  'create',
  'declare',
  'register',
  'deregister',
  'describe',
  'exists',
  'drop',
  'rename',
  'insert',
  'merge_insert',
  'count_rows',
  'query',
  'explain_plan',
  'analyze_plan',
  'update',
  'delete',
  'stats',
  'create_index',
  'index/list',
  'version/list',
  'version/describe',
  'version/create',
  'version/delete',
  'restore',
  'tags/list',
  'tags/create',
  'tags/update',
  'tags/delete',
  'tags/version',
  'add_columns',
  'alter_columns',
  'drop_columns',
  'schema_metadata/update',
]);

export function engineTransport(client: CatalogClient): Transport {
  return async (request) => {
    const parsed = parseRoute(request.route);
    const why = cannotExpress(request);
    if (why || !parsed) throw new Error(`${request.route}: ${why ?? 'no route'}`);
    const body = (request.json ?? {}) as Body;
    const query = request.query ?? {};
    try {
      const result =
        parsed.kind === 'namespace'
          ? await namespaceCall(client, parsed, body)
          : await tableCall(client, parsed, body, query);
      return { status: 200, body: result, text: JSON.stringify(result ?? null) };
    } catch (error) {
      if (!(error instanceof CatalogError)) throw error;
      const reply = { code: error.code, status: error.status, detail: error.message };
      return { status: error.status, body: reply, text: error.message };
    }
  };
}

async function namespaceCall(client: CatalogClient, { id, action }: Parsed, body: Body) {
  switch (action) {
    case 'create':
      return client.createNamespace(id, body as never);
    case 'describe':
      return client.describeNamespace(id);
    case 'exists':
      // The contract's exists answers a missing namespace with its not-found error.
      if (!(await client.namespaceExists(id))) await client.describeNamespace(id);
      return {};
    case 'drop':
      await client.dropNamespace(id, body as never);
      return {};
    case 'list':
      return { namespaces: (await client.listNamespaces(id)).namespaces };
    case 'table/list':
      return { tables: (await client.listTables(id)).tables };
  }
  throw new Error(`namespace ${action}`);
}

async function tableCall(
  client: CatalogClient,
  { id, action }: Parsed,
  body: Body,
  query: Record<string, string>,
): Promise<unknown> {
  const name = id.at(-1) ?? '';
  const path = id.slice(0, -1);
  const open = (options?: { version?: number }): Promise<TableHandle> =>
    client.openTable(name, path, options as never);
  const version = typeof body.version === 'number' ? body.version : undefined;
  switch (action) {
    case 'create':
      await client.createTable(name, EMPTY_TABLE, path, { mode: query.mode } as never);
      return {};
    case 'declare':
      return client.declareTable(name, path, body as never);
    case 'register':
      return client.registerTable(
        name,
        path,
        body.location as string,
        {
          ...(body.mode === undefined ? {} : { mode: body.mode }),
        } as never,
      );
    case 'deregister':
      return client.deregisterTable(name, path);
    case 'describe':
      return (await open(version === undefined ? {} : { version })).describe();
    case 'exists':
      if (!(await client.tableExists(name, path))) await open();
      return {};
    case 'drop':
      await client.dropTable(name, path);
      return {};
    case 'rename':
      await client.renameTable(name, body.new_table_name as string, path);
      return {};
    case 'insert':
      return (await open()).insert(EMPTY_TABLE, { mode: query.mode } as never);
    case 'merge_insert':
      return (await open()).mergeInsert(EMPTY_TABLE, {
        on: query.on === undefined ? [] : [query.on],
        whenMatchedUpdateAll: true,
        whenNotMatchedInsertAll: true,
      });
    case 'count_rows':
      return (await open()).countRows({
        ...(version === undefined ? {} : { version }),
        ...(typeof body.predicate === 'string' ? { filter: body.predicate } : {}),
      });
    case 'query':
      await (await open()).query(toQueryRequest(body));
      return {};
    case 'explain_plan':
      return (await open()).explainPlan(toQueryRequest(body.query));
    case 'analyze_plan':
      return (await open()).explainPlan(toQueryRequest(body), { analyze: true });
    case 'update':
      return (await open()).update({
        updates: Object.fromEntries(body.updates as Array<[string, string]>),
        ...(typeof body.predicate === 'string' ? { filter: body.predicate } : {}),
      });
    case 'delete':
      return (await open()).delete(body.predicate as string);
    case 'stats':
      return (await open()).stats();
    case 'create_index':
      return (await open()).createIndex(toIndexRequest(body));
    case 'index/list':
      return { indexes: (await (await open()).listIndices()).map((i) => i.name) };
    case 'version/list':
      return { versions: await (await open()).listVersions() };
    case 'version/describe':
      return (await open()).describeVersion(version);
    case 'version/create':
      return (await open()).createVersion({
        version: body.version as number,
        manifestPath: body.manifest_path as string,
      });
    case 'version/delete':
      return (await open()).deleteVersions({
        ranges: (body.ranges as Array<{ start_version: number; end_version: number }>).map((r) => ({
          start: r.start_version,
          end: r.end_version,
        })),
      });
    case 'restore':
      return (await open()).restore(body.version as number);
    case 'tags/list':
      return (await open()).listTags();
    case 'tags/create':
      await (await open()).createTag(body.tag as string, body.version as number);
      return {};
    case 'tags/update':
      await (await open()).updateTag(body.tag as string, body.version as number);
      return {};
    case 'tags/delete':
      await (await open()).deleteTag(body.tag as string);
      return {};
    case 'tags/version':
      return { version: await (await open()).getTagVersion(body.tag as string) };
    case 'add_columns':
      return (await open()).addColumns({ columns: body.new_columns as never });
    case 'alter_columns':
      return (await open()).alterColumns({ alterations: body.alterations as never });
    case 'drop_columns':
      return (await open()).dropColumns({ columns: body.columns as string[] });
    case 'schema_metadata/update':
      return (await open()).updateSchemaMetadata(body as Record<string, string>);
  }
  const index = /^index\/([^/]+)\/(stats|drop)$/.exec(action);
  if (index?.[2] === 'stats') return (await open()).indexStats(decodeURIComponent(index[1]!));
  if (index?.[2] === 'drop') {
    await (await open()).dropIndex(decodeURIComponent(index[1]!));
    return {};
  }
  throw new Error(`table ${action}`);
}
