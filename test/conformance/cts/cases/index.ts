/** Upstream CTS family `index`: create (any and scalar), list, stats and drop of table indices. */
import { C } from '../codes';
import { code, ok, post } from '../requests';
import type { Capability, CtsCase } from '../types';

const OCC: Capability = 'enforces_optimistic_concurrency';
const NS_NOT_FOUND: Capability = 'surfaces_namespace_not_found_for_table_ops';
const INDICES: Capability = 'supports_table_indices';
const TBL_A = { tables: [['tbl_a']] };

const btree = (name: string, column = 'id') => ({ name, column, index_type: 'BTREE' });

const createIndex: CtsCase[] = [
  {
    id: 'create_index_on_nonexistent_table_must_404',
    operation: 'CreateTableIndex',
    given: {},
    request: post('/v1/table/tbl_missing/create_index', btree('idx_missing')),
    expect: code(C.TableNotFound),
    requires: [INDICES],
  },
  {
    id: 'create_index_on_unknown_column_must_412',
    operation: 'CreateTableIndex',
    given: TBL_A,
    request: post('/v1/table/tbl_a/create_index', btree('idx_missing_col', 'no_such_column')),
    expect: code(C.TableColumnNotFound),
    requires: [INDICES],
  },
  {
    id: 'create_index_already_exists_must_409',
    operation: 'CreateTableIndex',
    given: {},
    request: post('/v1/table/tbl_a/create_index', btree('idx_dup')),
    expect: code(C.TableIndexAlreadyExists),
    requires: [INDICES, OCC],
  },
  {
    id: 'create_index_namespace_not_found_must_404',
    operation: 'CreateTableIndex',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/create_index', btree('idx_x')),
    expect: code(C.NamespaceNotFound),
    requires: [INDICES, NS_NOT_FOUND],
  },
  {
    id: 'create_index_concurrent_modification_must_409',
    operation: 'CreateTableIndex',
    given: {},
    request: post('/v1/table/tbl_a/create_index', btree('idx_race')),
    expect: code(C.ConcurrentModification),
    requires: [INDICES, OCC],
  },
];

const createScalarIndex: CtsCase[] = [
  {
    id: 'create_scalar_index_rejects_non_scalar_type',
    operation: 'CreateTableScalarIndex',
    // The type is judged before the table is looked up, so a missing table does not matter.
    given: {},
    request: post('/v1/table/tbl_missing/create_scalar_index', {
      name: 'idx_bad',
      column: 'id',
      index_type: 'IVF_PQ',
    }),
    expect: code(C.InvalidInput),
    requires: [INDICES],
  },
  {
    id: 'create_scalar_index_on_nonexistent_table_must_404',
    operation: 'CreateTableScalarIndex',
    given: {},
    request: post('/v1/table/tbl_missing/create_scalar_index', btree('idx_missing')),
    expect: code(C.TableNotFound),
    requires: [INDICES],
  },
  {
    id: 'create_scalar_index_unknown_column_must_412',
    operation: 'CreateTableScalarIndex',
    given: TBL_A,
    request: post(
      '/v1/table/tbl_a/create_scalar_index',
      btree('idx_missing_col', 'no_such_column'),
    ),
    expect: code(C.TableColumnNotFound),
    requires: [INDICES],
  },
  {
    id: 'create_scalar_index_already_exists_must_409',
    operation: 'CreateTableScalarIndex',
    given: {},
    request: post('/v1/table/tbl_a/create_scalar_index', btree('idx_dup')),
    expect: code(C.TableIndexAlreadyExists),
    requires: [INDICES, OCC],
  },
  {
    id: 'create_scalar_index_namespace_not_found_must_404',
    operation: 'CreateTableScalarIndex',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/create_scalar_index', btree('idx_x')),
    expect: code(C.NamespaceNotFound),
    requires: [INDICES, NS_NOT_FOUND],
  },
  {
    id: 'create_scalar_index_concurrent_modification_must_409',
    operation: 'CreateTableScalarIndex',
    given: {},
    request: post('/v1/table/tbl_a/create_scalar_index', btree('idx_race')),
    expect: code(C.ConcurrentModification),
    requires: [INDICES, OCC],
  },
];

const listIndices: CtsCase[] = [
  {
    id: 'list_indices_on_nonexistent_table_must_404',
    operation: 'ListTableIndices',
    given: {},
    request: post('/v1/table/tbl_missing/index/list', {}),
    expect: code(C.TableNotFound),
    requires: [INDICES],
  },
  {
    id: 'list_indices_after_create_returns_empty',
    operation: 'ListTableIndices',
    given: TBL_A,
    request: post('/v1/table/tbl_a/index/list', {}),
    expect: ok({ list: { field: 'indexes', length: 0 } }),
    requires: [INDICES],
  },
  {
    id: 'list_indices_namespace_not_found_must_404',
    operation: 'ListTableIndices',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/index/list', {}),
    expect: code(C.NamespaceNotFound),
    requires: [INDICES, NS_NOT_FOUND],
  },
];

const statsAndDrop: CtsCase[] = [
  {
    id: 'describe_index_stats_on_nonexistent_table_must_404',
    operation: 'DescribeTableIndexStats',
    given: {},
    request: post('/v1/table/tbl_missing/index/idx_x/stats', {}),
    expect: code(C.TableNotFound),
    requires: [INDICES],
  },
  {
    id: 'describe_index_stats_unknown_index_must_404',
    operation: 'DescribeTableIndexStats',
    given: TBL_A,
    request: post('/v1/table/tbl_a/index/no_such_index/stats', {}),
    expect: code(C.TableIndexNotFound),
    requires: [INDICES],
  },
  {
    id: 'describe_index_stats_namespace_not_found_must_404',
    operation: 'DescribeTableIndexStats',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/index/idx_x/stats', {}),
    expect: code(C.NamespaceNotFound),
    requires: [INDICES, NS_NOT_FOUND],
  },
  {
    id: 'drop_index_on_nonexistent_table_must_404',
    operation: 'DropTableIndex',
    given: {},
    request: post('/v1/table/tbl_missing/index/idx_x/drop'),
    expect: code(C.TableNotFound),
    requires: [INDICES],
  },
  {
    id: 'drop_index_unknown_index_must_404',
    operation: 'DropTableIndex',
    given: TBL_A,
    request: post('/v1/table/tbl_a/index/no_such_index/drop'),
    expect: code(C.TableIndexNotFound),
    requires: [INDICES],
  },
  {
    id: 'drop_index_namespace_not_found_must_404',
    operation: 'DropTableIndex',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/index/idx_x/drop'),
    expect: code(C.NamespaceNotFound),
    requires: [INDICES, NS_NOT_FOUND],
  },
];

export const indexCases: CtsCase[] = [
  ...createIndex,
  ...createScalarIndex,
  ...listIndices,
  ...statsAndDrop,
];
