/**
 * The one layer that checks what callers hand the catalog. Callers may be plain JavaScript, IPC
 * or HTTP, so types alone prove nothing: every CatalogClient and TableHandle method has its
 * arguments checked here, once, in order, against the contract (names, namespace paths and the
 * zod schemas of src-shared/catalog-api.ts), and the back end receives the checked values. A bad
 * argument is InvalidInput (code 13).
 *
 * `openDirCatalog` and `openRestCatalog` (so `connect` and `connectNamespace`) hand out only
 * wrapped clients, and a wrapped client hands out only wrapped tables: the app's host, the REST
 * server, the CLI and the tests all pass through here. The back ends keep the checks that need
 * state or their own storage: a version or branch that exists, a folder name that fits.
 */
import { z } from 'zod';
import {
  AddColumnsRequestSchema,
  AlterColumnsRequestSchema,
  BranchOptionSchema,
  ListVersionsOptionsSchema,
  CountOptionsSchema,
  CreateBranchOptionsSchema,
  CreateNamespaceOptionsSchema,
  CreateTableOptionsSchema,
  CreateVersionRequestSchema,
  DeleteVersionsRequestSchema,
  DropColumnsRequestSchema,
  DropNamespaceOptionsSchema,
  InsertOptionsSchema,
  ListOptionsSchema,
  MergeInsertOptionsSchema,
  OpenTableOptionsSchema,
  QueryRequestSchema,
  RenameTableOptionsSchema,
  SchemaMetadataSchema,
  UpdateRequestSchema,
  MAX_TRANSACTIONS_PER_CALL,
  CleanupRequestSchema,
} from '../../src-shared/catalog-api';
import { IndexRequestSchema } from '../../src-shared/index-request';
import { errors } from '../../src-shared/vocabulary/errors';
import { assertValidComponent, assertValidNamespacePath } from '../../src-shared/vocabulary/ids';
import type { CatalogClient, MaintenanceOptions, TableHandle } from './client';
import { describeZodError, parseOptions } from './parse-options';
import {
  gatedAddColumns,
  gatedCount,
  gatedDeleteFilter,
  gatedMergeInsert,
  gatedQuery,
  gatedUpdate,
} from './gated-requests';

/** Checks one argument and returns the value the back end receives in its place. */
type Check = (value: unknown) => unknown;

type MethodName<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never;
}[keyof T];
type FieldName<T> = Exclude<keyof T, MethodName<T>>;

/** Per method, the checks of its arguments by position; the compiler asks for every method. */
type ArgumentChecks<T> = Record<MethodName<T>, readonly Check[]>;

// ---- checks -----------------------------------------------------------------------------------

/** An options object against its contract schema; an omitted one is `{}`. */
const options =
  (schema: z.ZodType): Check =>
  (value) =>
    parseOptions(schema, value);
/** An options object against its schema, then its expressions through the expression gate. */
const gated =
  <T>(schema: z.ZodType, gate: (parsed: T) => T): Check =>
  (value) =>
    gate(parseOptions(schema, value) as T);
const queryRequest = gated(QueryRequestSchema, gatedQuery);
const branchOption = options(BranchOptionSchema);
const StreamOptionsSchema = z
  .object({
    batchBytes: z
      .number()
      .int()
      .min(1024)
      .max(1 << 30)
      .optional(),
  })
  .strict();
/** A branch option with a job's signal and progress callback, which no schema describes. */
const maintenanceOptions: Check = (value) => {
  const { signal, onProgress, ...rest } = (value ?? {}) as MaintenanceOptions;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw errors.InvalidInput('Invalid options: signal: not an AbortSignal');
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw errors.InvalidInput('Invalid options: onProgress: not a function');
  }
  return {
    ...(branchOption(rest) as object),
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  };
};
const component =
  (what: string): Check =>
  (value) =>
    assertValidComponent(value, what);
const tableName = component('table name');
const namespacePath: Check = (value) => assertValidNamespacePath(value);
/** An omitted namespace path is the root. */
const namespacePathOrRoot: Check = (value) =>
  value === undefined ? [] : assertValidNamespacePath(value);
/** Data and schemas: the back end reads them, and refuses what it cannot read. */
const asGiven: Check = (value) => value;
/** A window of version numbers: whole, from 0, and few enough for one call. */
const TransactionVersions = z.array(z.number().int().min(0)).max(MAX_TRANSACTIONS_PER_CALL);
const transactionVersions: Check = (value) => {
  const parsed = TransactionVersions.safeParse(value);
  if (!parsed.success) {
    throw errors.InvalidInput(`Invalid versions: ${describeZodError(parsed.error)}`);
  }
  return parsed.data;
};

/** A move to another namespace names a valid one. */
const renameOptions: Check = (value) => {
  const parsed = parseOptions(RenameTableOptionsSchema, value);
  return parsed.newNamespacePath === undefined
    ? parsed
    : { ...parsed, newNamespacePath: assertValidNamespacePath(parsed.newNamespacePath) };
};

/** A delete names its rows: an empty filter is refused rather than read as "all of them". */
const deleteFilter: Check = (value) => {
  if (typeof value !== 'string' || value.trim() === '') {
    throw errors.InvalidInput('A delete needs a filter; use "true" to delete every row');
  }
  return gatedDeleteFilter(value);
};

/** The request's shape; its values are checked against the index-type table by the back end. */
const indexRequest: Check = (value) => {
  const parsed = IndexRequestSchema.safeParse(value);
  if (!parsed.success)
    throw errors.InvalidInput(`Invalid index request: ${describeZodError(parsed.error)}`);
  return parsed.data;
};

// ---- the tables -------------------------------------------------------------------------------

const CATALOG_CHECKS: ArgumentChecks<CatalogClient> = {
  listNamespaces: [namespacePathOrRoot, options(ListOptionsSchema)],
  createNamespace: [namespacePath, options(CreateNamespaceOptionsSchema)],
  describeNamespace: [namespacePath],
  namespaceExists: [namespacePath],
  dropNamespace: [namespacePath, options(DropNamespaceOptionsSchema)],
  listTables: [namespacePathOrRoot, options(ListOptionsSchema)],
  createTable: [tableName, asGiven, namespacePathOrRoot, options(CreateTableOptionsSchema)],
  createEmptyTable: [tableName, asGiven, namespacePathOrRoot, options(CreateTableOptionsSchema)],
  openTable: [tableName, namespacePathOrRoot, options(OpenTableOptionsSchema)],
  tableExists: [tableName, namespacePathOrRoot],
  dropTable: [tableName, namespacePathOrRoot],
  renameTable: [tableName, component('new table name'), namespacePathOrRoot, renameOptions],
  declareTable: [tableName, namespacePathOrRoot],
  registerTable: [tableName, namespacePath],
  deregisterTable: [tableName, namespacePathOrRoot],
  tableLocation: [tableName, namespacePathOrRoot],
  listJobs: [],
  getJob: [],
  cancelJob: [],
  waitForJob: [],
  onJobEvent: [],
  close: [],
};
const CATALOG_FIELDS: Record<FieldName<CatalogClient>, true> = { implName: true };
const CATALOG_HANDLES: readonly MethodName<CatalogClient>[] = [
  'createTable',
  'createEmptyTable',
  'openTable',
];

const TABLE_CHECKS: ArgumentChecks<TableHandle> = {
  describe: [branchOption],
  schema: [branchOption],
  countRows: [gated(CountOptionsSchema, gatedCount)],
  insert: [asGiven, options(InsertOptionsSchema)],
  query: [queryRequest],
  queryStream: [queryRequest, options(StreamOptionsSchema)],
  explainPlan: [queryRequest],
  update: [gated(UpdateRequestSchema, gatedUpdate)],
  delete: [deleteFilter, branchOption],
  mergeInsert: [asGiven, gated(MergeInsertOptionsSchema, gatedMergeInsert)],
  stats: [branchOption],
  compact: [maintenanceOptions],
  fragmentStats: [branchOption],
  cleanupVersions: [options(CleanupRequestSchema), maintenanceOptions],
  createIndex: [indexRequest],
  listIndices: [branchOption],
  indexStats: [asGiven, branchOption],
  dropIndex: [asGiven, branchOption],
  listVersions: [options(ListVersionsOptionsSchema)],
  checkoutVersion: [asGiven, branchOption],
  restore: [asGiven, branchOption],
  latestVersion: [branchOption],
  describeTransactions: [transactionVersions, branchOption],
  describeVersion: [asGiven, branchOption],
  createVersion: [options(CreateVersionRequestSchema)],
  deleteVersions: [options(DeleteVersionsRequestSchema)],
  addColumns: [gated(AddColumnsRequestSchema, gatedAddColumns)],
  alterColumns: [options(AlterColumnsRequestSchema)],
  dropColumns: [options(DropColumnsRequestSchema)],
  updateSchemaMetadata: [options(SchemaMetadataSchema), branchOption],
  listTags: [],
  createTag: [],
  updateTag: [],
  deleteTag: [],
  getTagVersion: [],
  listBranches: [],
  createBranch: [asGiven, options(CreateBranchOptionsSchema)],
  deleteBranch: [],
  onBranch: [],
};
const TABLE_FIELDS: Record<FieldName<TableHandle>, true> = {
  name: true,
  namespacePath: true,
  pinnedVersion: true,
  branch: true,
  created: true,
};
const TABLE_HANDLES: readonly MethodName<TableHandle>[] = ['checkoutVersion', 'onBranch'];

// ---- wrapping ---------------------------------------------------------------------------------

type AnyMethod = (...args: unknown[]) => unknown;

const INNER = Symbol('inner');
interface Wrapper {
  [INNER]: Record<PropertyKey, unknown>;
}

/**
 * The prototype shared by every wrapper of one interface, built once from its table: a wrapper is
 * then one small object, and the server wraps a table handle for each request.
 */
function wrapperPrototype<T>(
  checks: ArgumentChecks<T>,
  fields: Record<FieldName<T>, true>,
  handles: readonly MethodName<T>[],
): object {
  const prototype: Record<PropertyKey, unknown> = {};
  for (const field of Object.keys(fields)) {
    Object.defineProperty(prototype, field, {
      enumerable: true,
      get(this: Wrapper) {
        return this[INNER][field];
      },
    });
  }
  for (const [method, argumentChecks] of Object.entries(checks) as [string, Check[]][]) {
    const returnsHandle = (handles as readonly string[]).includes(method);
    // Unchecked methods are the back end's own, so `onJobEvent` stays synchronous.
    prototype[method] =
      argumentChecks.length === 0 && !returnsHandle
        ? function (this: Wrapper, ...args: unknown[]) {
            const inner = this[INNER];
            return (inner[method] as AnyMethod).apply(inner, args);
          }
        : async function (this: Wrapper, ...args: unknown[]) {
            const checked = argumentChecks.map((check, i) => check(args[i]));
            const inner = this[INNER];
            const result = await (inner[method] as AnyMethod).apply(inner, [
              ...checked,
              ...args.slice(argumentChecks.length),
            ]);
            return returnsHandle ? validatedTable(result as TableHandle) : result;
          };
  }
  return prototype;
}

const TABLE_PROTOTYPE = wrapperPrototype(TABLE_CHECKS, TABLE_FIELDS, TABLE_HANDLES);
const CATALOG_PROTOTYPE = wrapperPrototype(CATALOG_CHECKS, CATALOG_FIELDS, CATALOG_HANDLES);

function wrap<T extends object>(prototype: object, inner: T): T {
  const wrapper = Object.create(prototype) as Wrapper;
  wrapper[INNER] = inner as Record<PropertyKey, unknown>;
  return wrapper as unknown as T;
}

/** `inner` behind the checks; the handles it hands out (a version, a branch) are checked too. */
export function validatedTable(inner: TableHandle): TableHandle {
  return wrap(TABLE_PROTOTYPE, inner);
}

/**
 * `inner` behind the checks, with `extras` (a back end's own members, such as the `rest`
 * catalog's views) added as they are.
 */
export function validatedCatalog<E extends object = Record<never, never>>(
  inner: CatalogClient,
  extras?: E,
): CatalogClient & E {
  const wrapper = wrap(CATALOG_PROTOTYPE, inner);
  if (extras) Object.defineProperties(wrapper, Object.getOwnPropertyDescriptors(extras));
  return wrapper as CatalogClient & E;
}
