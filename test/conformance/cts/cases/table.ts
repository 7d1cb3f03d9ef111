/**
 * Upstream CTS family `table`: table metadata, column evolution and table versions. A table
 * fixture is the zero-row `id: int32` table; `ns_missing` never exists.
 */
import { C } from '../codes';
import { code, get, ok, post, postArrow } from '../requests';
import type { Capability, CtsCase } from '../types';

const OCC: Capability = 'enforces_optimistic_concurrency';
const NS_NOT_FOUND: Capability = 'surfaces_namespace_not_found_for_table_ops';
const RENAME: Capability = 'supports_rename_table';
const COLUMNS: Capability = 'supports_alter_table_columns';
const VERSIONS: Capability = 'supports_table_versioning';
const TBL_A = { tables: [['tbl_a']] };
// Upstream's {{TblALocation}}: any relative location; not the root default <name>.lance.
const LOCATION = 'tables/tbl_a';
const NEW_COLUMN = { new_columns: [{ name: 'extra', expression: 'CAST(NULL AS INT)' }] };
const STAGED = { version: 1, manifest_path: 'manifest_v1.staging' };

const listTables: CtsCase[] = [
  {
    id: 'list_tables_root_on_empty_catalog',
    operation: 'ListTables',
    given: {},
    request: get('/v1/namespace/$/table/list'),
    expect: ok({ list: { field: 'tables', length: 0 } }),
  },
  {
    id: 'list_tables_under_unknown_child_returns_empty',
    operation: 'ListTables',
    given: {},
    request: get('/v1/namespace/ns_missing/table/list'),
    expect: ok({ list: { field: 'tables', length: 0 } }),
    // Upstream's directory back end treats namespaces as name prefixes; the flip side of
    // list_tables_namespace_not_found_must_404.
    onlyWithout: [NS_NOT_FOUND],
  },
  {
    id: 'list_tables_after_create_contains_table',
    operation: 'ListTables',
    given: TBL_A,
    request: get('/v1/namespace/$/table/list'),
    expect: ok({ list: { field: 'tables', includes: ['tbl_a'] } }),
  },
  {
    id: 'list_tables_namespace_not_found_must_404',
    operation: 'ListTables',
    given: {},
    request: get('/v1/namespace/ns_missing/table/list'),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const createTable: CtsCase[] = [
  {
    id: 'create_table_empty_succeeds',
    operation: 'CreateTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/create', { mode: 'create' }),
    expect: ok(),
    after: [{ request: post('/v1/table/tbl_a/exists'), expect: ok() }],
  },
  {
    id: 'create_table_with_create_mode_on_existing_must_409',
    operation: 'CreateTable',
    given: TBL_A,
    request: postArrow('/v1/table/tbl_a/create', { mode: 'create' }),
    expect: code(C.TableAlreadyExists),
  },
  {
    id: 'create_table_invalid_mode_must_400',
    operation: 'CreateTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/create', { mode: 'bogus' }),
    expect: code(C.InvalidInput),
  },
  {
    id: 'create_table_namespace_not_found_must_404',
    operation: 'CreateTable',
    given: {},
    request: postArrow('/v1/table/ns_missing$tbl_a/create', { mode: 'create' }),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
  {
    id: 'create_table_concurrent_modification_must_409',
    operation: 'CreateTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/create', { mode: 'create' }),
    expect: code(C.ConcurrentModification),
    requires: [OCC],
  },
  {
    id: 'create_table_invalid_schema_must_422',
    operation: 'CreateTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/create', { mode: 'create' }),
    expect: code(C.TableSchemaValidationError),
    requires: [OCC],
  },
];

const describeTable: CtsCase[] = [
  {
    id: 'describe_nonexistent_table_must_404',
    operation: 'DescribeTable',
    given: {},
    request: post('/v1/table/tbl_missing/describe'),
    expect: code(C.TableNotFound),
  },
  {
    id: 'describe_after_create_succeeds',
    operation: 'DescribeTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/describe'),
    expect: ok(),
  },
  {
    id: 'describe_table_namespace_not_found_must_404',
    operation: 'DescribeTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/describe'),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
  {
    id: 'describe_table_unknown_version_must_404',
    operation: 'DescribeTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/describe', { version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [OCC],
  },
];

const tableExists: CtsCase[] = [
  {
    id: 'table_exists_nonexistent_must_404',
    operation: 'TableExists',
    given: {},
    request: post('/v1/table/tbl_missing/exists'),
    expect: code(C.TableNotFound),
  },
  {
    id: 'table_exists_after_create_succeeds',
    operation: 'TableExists',
    given: TBL_A,
    request: post('/v1/table/tbl_a/exists'),
    expect: ok(),
  },
  {
    id: 'table_exists_namespace_not_found_must_404',
    operation: 'TableExists',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/exists'),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const dropTable: CtsCase[] = [
  {
    id: 'drop_nonexistent_table_must_404',
    operation: 'DropTable',
    given: {},
    request: post('/v1/table/tbl_missing/drop'),
    expect: code(C.TableNotFound),
  },
  {
    id: 'drop_after_create_then_table_exists_must_404',
    operation: 'DropTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/drop'),
    expect: ok(),
    after: [{ request: post('/v1/table/tbl_a/exists'), expect: code(C.TableNotFound) }],
    note: 'Upstream also accepts Internal (18) from the exists call; the wire contract says "Existence ops (NamespaceExists, TableExists) carry no response body: 200 = exists, 404 = not found."',
  },
  {
    id: 'drop_table_namespace_not_found_must_404',
    operation: 'DropTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/drop'),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const registerTable: CtsCase[] = [
  {
    id: 'register_table_succeeds_with_relative_location',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/tbl_a/register', { location: LOCATION }),
    expect: ok(),
  },
  {
    id: 'register_existing_table_must_409',
    operation: 'RegisterTable',
    given: {},
    before: [{ request: post('/v1/table/tbl_a/register', { location: LOCATION }), expect: ok() }],
    request: post('/v1/table/tbl_a/register', { location: LOCATION }),
    expect: code(C.TableAlreadyExists),
  },
  {
    id: 'register_table_rejects_absolute_uri',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/tbl_a/register', { location: 'file:///tmp/abs.lance' }),
    expect: code(C.InvalidInput),
  },
  {
    id: 'register_table_rejects_path_traversal',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/tbl_a/register', { location: '../escape.lance' }),
    expect: code(C.InvalidInput),
  },
  {
    id: 'register_table_already_exists_single_shot',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/tbl_a/register', { location: LOCATION }),
    expect: code(C.TableAlreadyExists),
    requires: [OCC],
  },
  {
    id: 'register_table_concurrent_modification_must_409',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/tbl_a/register', { location: LOCATION }),
    expect: code(C.ConcurrentModification),
    requires: [OCC],
  },
  {
    id: 'register_table_namespace_not_found_must_404',
    operation: 'RegisterTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_a/register', { location: LOCATION }),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const deregisterTable: CtsCase[] = [
  {
    id: 'deregister_nonexistent_table_must_404',
    operation: 'DeregisterTable',
    given: {},
    request: post('/v1/table/tbl_missing/deregister'),
    expect: code(C.TableNotFound),
  },
  {
    id: 'deregister_after_create_succeeds',
    operation: 'DeregisterTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/deregister'),
    expect: ok(),
    // Upstream's description: the catalog entry goes away.
    after: [{ request: post('/v1/table/tbl_a/exists'), expect: code(C.TableNotFound) }],
  },
  {
    id: 'deregister_table_namespace_not_found_must_404',
    operation: 'DeregisterTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/deregister'),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const renameTable: CtsCase[] = [
  {
    id: 'rename_table_unsupported_in_directory_namespace',
    operation: 'RenameTable',
    given: {},
    request: post('/v1/table/tbl_missing/rename', { new_table_name: 'tbl_renamed' }),
    expect: code(C.Unsupported),
    onlyWithout: [RENAME],
  },
  {
    id: 'rename_table_unknown_table_must_404',
    operation: 'RenameTable',
    given: {},
    request: post('/v1/table/tbl_missing/rename', { new_table_name: 'tbl_renamed' }),
    expect: code(C.TableNotFound),
    requires: [RENAME],
  },
  {
    id: 'rename_table_destination_already_exists_must_409',
    operation: 'RenameTable',
    // Upstream gives no fixtures, so its source would be missing (4); both tables must exist
    // for the destination clash the case names.
    given: { tables: [['tbl_a'], ['tbl_renamed']] },
    request: post('/v1/table/tbl_a/rename', { new_table_name: 'tbl_renamed' }),
    expect: code(C.TableAlreadyExists),
    after: [{ request: post('/v1/table/tbl_a/exists'), expect: ok() }],
    requires: [RENAME],
  },
  {
    id: 'rename_table_concurrent_modification_must_409',
    operation: 'RenameTable',
    given: {},
    request: post('/v1/table/tbl_a/rename', { new_table_name: 'tbl_renamed' }),
    expect: code(C.ConcurrentModification),
    requires: [RENAME, OCC],
  },
  {
    id: 'rename_table_namespace_not_found_must_404',
    operation: 'RenameTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/rename', { new_table_name: 'tbl_renamed' }),
    expect: code(C.NamespaceNotFound),
    requires: [RENAME, NS_NOT_FOUND],
  },
];

const insertIntoTable: CtsCase[] = [
  {
    id: 'insert_append_succeeds_after_create',
    operation: 'InsertIntoTable',
    given: TBL_A,
    request: postArrow('/v1/table/tbl_a/insert', { mode: 'append' }),
    expect: ok(),
  },
  {
    id: 'insert_into_nonexistent_table_must_404',
    operation: 'InsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_missing/insert', { mode: 'append' }),
    expect: code(C.TableNotFound),
  },
  {
    id: 'insert_invalid_mode_must_400',
    operation: 'InsertIntoTable',
    given: TBL_A,
    request: postArrow('/v1/table/tbl_a/insert', { mode: 'bogus' }),
    expect: code(C.InvalidInput),
  },
  {
    id: 'insert_into_table_namespace_not_found_must_404',
    operation: 'InsertIntoTable',
    given: {},
    request: postArrow('/v1/table/ns_missing$tbl_missing/insert', { mode: 'append' }),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
  {
    id: 'insert_into_table_concurrent_modification_must_409',
    operation: 'InsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/insert', { mode: 'append' }),
    expect: code(C.ConcurrentModification),
    requires: [OCC],
  },
  {
    id: 'insert_into_table_invalid_state_must_409',
    operation: 'InsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/insert', { mode: 'append' }),
    expect: code(C.InvalidTableState),
    requires: [OCC],
  },
  {
    id: 'insert_into_table_invalid_schema_must_422',
    operation: 'InsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/insert', { mode: 'append' }),
    expect: code(C.TableSchemaValidationError),
    requires: [OCC],
  },
];

const countTableRows: CtsCase[] = [
  {
    id: 'count_after_create_returns_zero',
    operation: 'CountTableRows',
    given: TBL_A,
    request: post('/v1/table/tbl_a/count_rows', {}),
    expect: ok({ bareNumber: 0 }),
  },
  {
    id: 'count_nonexistent_table_must_404',
    operation: 'CountTableRows',
    given: {},
    request: post('/v1/table/tbl_missing/count_rows', {}),
    expect: code(C.TableNotFound),
  },
  {
    id: 'count_table_rows_namespace_not_found_must_404',
    operation: 'CountTableRows',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/count_rows', {}),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
  {
    id: 'count_table_rows_unknown_version_must_404',
    operation: 'CountTableRows',
    given: TBL_A,
    request: post('/v1/table/tbl_a/count_rows', { version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [OCC],
  },
];

const restoreTable: CtsCase[] = [
  {
    id: 'restore_negative_version_must_400',
    operation: 'RestoreTable',
    given: {},
    request: post('/v1/table/tbl_a/restore', { version: -1 }),
    expect: code(C.InvalidInput),
  },
  {
    id: 'restore_nonexistent_table_must_404',
    operation: 'RestoreTable',
    given: {},
    request: post('/v1/table/tbl_missing/restore', { version: 0 }),
    expect: code(C.TableNotFound),
  },
  {
    id: 'restore_table_unknown_version_must_404',
    operation: 'RestoreTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/restore', { version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [OCC],
  },
  {
    id: 'restore_table_concurrent_modification_must_409',
    operation: 'RestoreTable',
    given: {},
    request: post('/v1/table/tbl_a/restore', { version: 0 }),
    expect: code(C.ConcurrentModification),
    requires: [OCC],
  },
  {
    id: 'restore_table_namespace_not_found_must_404',
    operation: 'RestoreTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/restore', { version: 0 }),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

// The REST body of UpdateTableSchemaMetadata is the bare metadata map (wire contract §1.3).
const METADATA = { comment: 'hello' };

const updateSchemaMetadata: CtsCase[] = [
  {
    id: 'update_schema_metadata_nonexistent_table_must_404',
    operation: 'UpdateTableSchemaMetadata',
    given: {},
    request: post('/v1/table/tbl_missing/schema_metadata/update', METADATA),
    expect: code(C.TableNotFound),
  },
  {
    id: 'update_schema_metadata_after_create_succeeds',
    operation: 'UpdateTableSchemaMetadata',
    given: TBL_A,
    request: post('/v1/table/tbl_a/schema_metadata/update', METADATA),
    expect: ok(),
  },
  {
    id: 'update_schema_metadata_namespace_not_found_must_404',
    operation: 'UpdateTableSchemaMetadata',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/schema_metadata/update', METADATA),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
  {
    id: 'update_schema_metadata_concurrent_modification_must_409',
    operation: 'UpdateTableSchemaMetadata',
    given: {},
    request: post('/v1/table/tbl_a/schema_metadata/update', METADATA),
    expect: code(C.ConcurrentModification),
    requires: [OCC],
  },
];

const tableStats: CtsCase[] = [
  {
    id: 'get_table_stats_nonexistent_must_404',
    operation: 'GetTableStats',
    given: {},
    request: post('/v1/table/tbl_missing/stats', {}),
    expect: code(C.TableNotFound),
  },
  {
    id: 'get_table_stats_after_create_succeeds',
    operation: 'GetTableStats',
    given: TBL_A,
    request: post('/v1/table/tbl_a/stats', {}),
    expect: ok(),
  },
  {
    id: 'get_table_stats_namespace_not_found_must_404',
    operation: 'GetTableStats',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/stats', {}),
    expect: code(C.NamespaceNotFound),
    requires: [NS_NOT_FOUND],
  },
];

const addColumns: CtsCase[] = [
  {
    id: 'alter_table_add_columns_unsupported_in_directory_namespace',
    operation: 'AlterTableAddColumns',
    given: {},
    request: post('/v1/table/tbl_a/add_columns', NEW_COLUMN),
    expect: code(C.Unsupported),
    onlyWithout: [COLUMNS],
  },
  {
    id: 'alter_table_add_columns_unknown_table_must_404',
    operation: 'AlterTableAddColumns',
    given: {},
    request: post('/v1/table/tbl_missing/add_columns', NEW_COLUMN),
    expect: code(C.TableNotFound),
    requires: [COLUMNS],
  },
  {
    id: 'alter_table_add_columns_concurrent_modification_must_409',
    operation: 'AlterTableAddColumns',
    given: {},
    request: post('/v1/table/tbl_a/add_columns', NEW_COLUMN),
    expect: code(C.ConcurrentModification),
    requires: [COLUMNS, OCC],
  },
  {
    id: 'alter_table_add_columns_invalid_schema_must_422',
    operation: 'AlterTableAddColumns',
    given: {},
    request: post('/v1/table/tbl_a/add_columns', {
      new_columns: [{ name: 'extra', expression: 'INVALID(EXPR)' }],
    }),
    expect: code(C.TableSchemaValidationError),
    requires: [COLUMNS, OCC],
  },
  {
    id: 'alter_table_add_columns_namespace_not_found_must_404',
    operation: 'AlterTableAddColumns',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/add_columns', NEW_COLUMN),
    expect: code(C.NamespaceNotFound),
    requires: [COLUMNS, NS_NOT_FOUND],
  },
];

const ALTER_ID = { alterations: [{ path: 'id' }] };

const alterColumns: CtsCase[] = [
  {
    id: 'alter_table_alter_columns_unsupported_in_directory_namespace',
    operation: 'AlterTableAlterColumns',
    given: {},
    request: post('/v1/table/tbl_a/alter_columns', ALTER_ID),
    expect: code(C.Unsupported),
    onlyWithout: [COLUMNS],
  },
  {
    id: 'alter_table_alter_columns_unknown_table_must_404',
    operation: 'AlterTableAlterColumns',
    given: {},
    request: post('/v1/table/tbl_missing/alter_columns', ALTER_ID),
    expect: code(C.TableNotFound),
    requires: [COLUMNS],
  },
  {
    id: 'alter_table_alter_columns_unknown_column_must_412',
    operation: 'AlterTableAlterColumns',
    given: TBL_A,
    request: post('/v1/table/tbl_a/alter_columns', { alterations: [{ path: 'no_such_column' }] }),
    expect: code(C.TableColumnNotFound),
    requires: [COLUMNS],
  },
  {
    id: 'alter_table_alter_columns_concurrent_modification_must_409',
    operation: 'AlterTableAlterColumns',
    given: {},
    request: post('/v1/table/tbl_a/alter_columns', ALTER_ID),
    expect: code(C.ConcurrentModification),
    requires: [COLUMNS, OCC],
  },
  {
    id: 'alter_table_alter_columns_invalid_schema_must_422',
    operation: 'AlterTableAlterColumns',
    given: {},
    request: post('/v1/table/tbl_a/alter_columns', ALTER_ID),
    expect: code(C.TableSchemaValidationError),
    requires: [COLUMNS, OCC],
  },
  {
    id: 'alter_table_alter_columns_namespace_not_found_must_404',
    operation: 'AlterTableAlterColumns',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/alter_columns', ALTER_ID),
    expect: code(C.NamespaceNotFound),
    requires: [COLUMNS, NS_NOT_FOUND],
  },
];

const dropColumns: CtsCase[] = [
  {
    id: 'alter_table_drop_columns_unsupported_in_directory_namespace',
    operation: 'AlterTableDropColumns',
    given: {},
    request: post('/v1/table/tbl_a/drop_columns', { columns: ['id'] }),
    expect: code(C.Unsupported),
    onlyWithout: [COLUMNS],
  },
  {
    id: 'alter_table_drop_columns_unknown_table_must_404',
    operation: 'AlterTableDropColumns',
    given: {},
    request: post('/v1/table/tbl_missing/drop_columns', { columns: ['id'] }),
    expect: code(C.TableNotFound),
    requires: [COLUMNS],
  },
  {
    id: 'alter_table_drop_columns_unknown_column_must_412',
    operation: 'AlterTableDropColumns',
    given: TBL_A,
    request: post('/v1/table/tbl_a/drop_columns', { columns: ['no_such_column'] }),
    expect: code(C.TableColumnNotFound),
    requires: [COLUMNS],
  },
  {
    id: 'alter_table_drop_columns_concurrent_modification_must_409',
    operation: 'AlterTableDropColumns',
    given: {},
    request: post('/v1/table/tbl_a/drop_columns', { columns: ['id'] }),
    expect: code(C.ConcurrentModification),
    requires: [COLUMNS, OCC],
  },
  {
    id: 'alter_table_drop_columns_namespace_not_found_must_404',
    operation: 'AlterTableDropColumns',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/drop_columns', { columns: ['id'] }),
    expect: code(C.NamespaceNotFound),
    requires: [COLUMNS, NS_NOT_FOUND],
  },
];

const tableVersions: CtsCase[] = [
  {
    id: 'list_versions_on_nonexistent_table_must_404',
    operation: 'ListTableVersions',
    given: {},
    request: post('/v1/table/tbl_missing/version/list'),
    expect: code(C.TableNotFound),
    requires: [VERSIONS],
  },
  {
    id: 'list_versions_after_create_returns_v0',
    operation: 'ListTableVersions',
    given: TBL_A,
    request: post('/v1/table/tbl_a/version/list'),
    expect: ok({ list: { field: 'versions', minLength: 1 } }),
    requires: [VERSIONS],
  },
  {
    id: 'list_versions_namespace_not_found_must_404',
    operation: 'ListTableVersions',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/version/list'),
    expect: code(C.NamespaceNotFound),
    requires: [VERSIONS, NS_NOT_FOUND],
  },
  {
    id: 'describe_version_on_nonexistent_table_must_404',
    operation: 'DescribeTableVersion',
    given: {},
    request: post('/v1/table/tbl_missing/version/describe', { version: 0 }),
    expect: code(C.TableNotFound),
    requires: [VERSIONS],
  },
  {
    id: 'describe_version_unknown_version_must_404',
    operation: 'DescribeTableVersion',
    given: TBL_A,
    request: post('/v1/table/tbl_a/version/describe', { version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [VERSIONS],
  },
  {
    id: 'describe_version_namespace_not_found_must_404',
    operation: 'DescribeTableVersion',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/version/describe', { version: 0 }),
    expect: code(C.NamespaceNotFound),
    requires: [VERSIONS, NS_NOT_FOUND],
  },
  {
    id: 'create_version_on_nonexistent_table_must_404',
    operation: 'CreateTableVersion',
    given: {},
    request: post('/v1/table/tbl_missing/version/create', STAGED),
    expect: code(C.TableNotFound),
    requires: [VERSIONS],
  },
  {
    id: 'create_version_concurrent_modification_must_409',
    operation: 'CreateTableVersion',
    given: {},
    request: post('/v1/table/tbl_a/version/create', STAGED),
    expect: code(C.ConcurrentModification),
    requires: [VERSIONS, OCC],
  },
  {
    id: 'create_version_namespace_not_found_must_404',
    operation: 'CreateTableVersion',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/version/create', STAGED),
    expect: code(C.NamespaceNotFound),
    requires: [VERSIONS, NS_NOT_FOUND],
  },
  // BatchCreateTableVersions: upstream has no cases (its Rust trait pin lacks the method).
  {
    id: 'batch_delete_versions_on_nonexistent_table_must_404',
    operation: 'BatchDeleteTableVersions',
    given: {},
    request: post('/v1/table/tbl_missing/version/delete', { ranges: [] }),
    expect: code(C.TableNotFound),
    requires: [VERSIONS, OCC],
  },
  {
    id: 'batch_delete_versions_namespace_not_found_must_404',
    operation: 'BatchDeleteTableVersions',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/version/delete', { ranges: [] }),
    expect: code(C.NamespaceNotFound),
    requires: [VERSIONS, NS_NOT_FOUND],
  },
];

export const tableCases: CtsCase[] = [
  ...listTables,
  ...createTable,
  ...describeTable,
  ...tableExists,
  ...dropTable,
  ...registerTable,
  ...deregisterTable,
  ...renameTable,
  ...insertIntoTable,
  ...countTableRows,
  ...restoreTable,
  ...updateSchemaMetadata,
  ...tableStats,
  ...addColumns,
  ...alterColumns,
  ...dropColumns,
  ...tableVersions,
];
