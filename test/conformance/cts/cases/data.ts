/** Upstream CTS family `data`: merge-insert, update, delete, query, explain and analyze. */
import { C } from '../codes';
import { code, post, postArrow } from '../requests';
import type { Capability, CtsCase } from '../types';

const OCC: Capability = 'enforces_optimistic_concurrency';
const NS_NOT_FOUND: Capability = 'surfaces_namespace_not_found_for_table_ops';
const WRITE: Capability = 'supports_table_data_write';
const UPDATE: Capability = 'supports_update_table';
const DELETE: Capability = 'supports_delete_from_table';
const READ: Capability = 'supports_table_data_read';
const TBL_A = { tables: [['tbl_a']] };

/**
 * Upstream sends UpdateTable without `updates`; its Rust client serialises the empty default,
 * so the REST body carries `updates: []`.
 */
const UPDATE_NOTHING = { updates: [], predicate: 'id = 1' };

/** Upstream's query requests carry only the id; the wire contract requires `vector` and `k`. */
const QUERY = { k: 10, vector: { single_vector: [] } };
const QUERY_NOTE =
  'Upstream sends no query fields; the wire contract says "QueryTableRequest (`*vector`, `*k` required)", so the body carries both.';

const mergeInsert: CtsCase[] = [
  {
    id: 'merge_insert_missing_on_must_400',
    operation: 'MergeInsertIntoTable',
    given: TBL_A,
    request: postArrow('/v1/table/tbl_a/merge_insert'),
    expect: code(C.InvalidInput),
    requires: [WRITE],
  },
  {
    id: 'merge_insert_into_nonexistent_table_must_404',
    operation: 'MergeInsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_missing/merge_insert', { on: 'id' }),
    expect: code(C.TableNotFound),
    requires: [WRITE],
  },
  {
    id: 'merge_insert_unknown_column_in_filter_must_412',
    operation: 'MergeInsertIntoTable',
    given: TBL_A,
    request: postArrow('/v1/table/tbl_a/merge_insert', {
      on: 'id',
      when_matched_update_all_filt: 'no_such_column = 1',
    }),
    expect: code(C.TableColumnNotFound),
    requires: [WRITE, OCC],
  },
  {
    id: 'merge_insert_concurrent_modification_must_409',
    operation: 'MergeInsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/merge_insert', { on: 'id' }),
    expect: code(C.ConcurrentModification),
    requires: [WRITE, OCC],
  },
  {
    id: 'merge_insert_invalid_state_must_409',
    operation: 'MergeInsertIntoTable',
    given: {},
    request: postArrow('/v1/table/tbl_a/merge_insert', { on: 'id' }),
    expect: code(C.InvalidTableState),
    requires: [WRITE, OCC],
  },
  {
    id: 'merge_insert_namespace_not_found_must_404',
    operation: 'MergeInsertIntoTable',
    given: {},
    request: postArrow('/v1/table/ns_missing$tbl_missing/merge_insert', { on: 'id' }),
    expect: code(C.NamespaceNotFound),
    requires: [WRITE, NS_NOT_FOUND],
  },
];

const updateTable: CtsCase[] = [
  {
    id: 'update_table_unsupported_in_directory_namespace',
    operation: 'UpdateTable',
    given: {},
    request: post('/v1/table/tbl_a/update', UPDATE_NOTHING),
    expect: code(C.Unsupported),
    // Upstream gates the whole operation on the capability this case says is missing, so no
    // back end can run it; a server that updates skips it either way.
    requires: [UPDATE],
    onlyWithout: [UPDATE],
  },
  {
    id: 'update_table_unknown_table_must_404',
    operation: 'UpdateTable',
    given: {},
    request: post('/v1/table/tbl_missing/update', UPDATE_NOTHING),
    expect: code(C.TableNotFound),
    requires: [UPDATE],
  },
  {
    id: 'update_table_unknown_column_must_412',
    operation: 'UpdateTable',
    // Upstream gives no fixture, so the table would be missing (4) before any column is read;
    // one valid assignment leaves the predicate as the only fault.
    given: TBL_A,
    request: post('/v1/table/tbl_a/update', {
      updates: [['id', '1']],
      predicate: 'no_such_column = 1',
    }),
    expect: code(C.TableColumnNotFound),
    requires: [UPDATE],
  },
  {
    id: 'update_table_concurrent_modification_must_409',
    operation: 'UpdateTable',
    given: {},
    request: post('/v1/table/tbl_a/update', UPDATE_NOTHING),
    expect: code(C.ConcurrentModification),
    requires: [UPDATE, OCC],
  },
  {
    id: 'update_table_invalid_state_must_409',
    operation: 'UpdateTable',
    given: {},
    request: post('/v1/table/tbl_a/update', UPDATE_NOTHING),
    expect: code(C.InvalidTableState),
    requires: [UPDATE, OCC],
  },
  {
    id: 'update_table_namespace_not_found_must_404',
    operation: 'UpdateTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/update', UPDATE_NOTHING),
    expect: code(C.NamespaceNotFound),
    requires: [UPDATE, NS_NOT_FOUND],
  },
];

const DELETE_ONE = { predicate: 'id = 1' };

const deleteFromTable: CtsCase[] = [
  {
    id: 'delete_from_table_unsupported_in_directory_namespace',
    operation: 'DeleteFromTable',
    given: {},
    request: post('/v1/table/tbl_a/delete', DELETE_ONE),
    expect: code(C.Unsupported),
    // As with update: gated on the capability it says is missing, so it never runs.
    requires: [DELETE],
    onlyWithout: [DELETE],
  },
  {
    id: 'delete_from_table_unknown_table_must_404',
    operation: 'DeleteFromTable',
    given: {},
    request: post('/v1/table/tbl_missing/delete', DELETE_ONE),
    expect: code(C.TableNotFound),
    requires: [DELETE],
  },
  {
    id: 'delete_from_table_concurrent_modification_must_409',
    operation: 'DeleteFromTable',
    given: {},
    request: post('/v1/table/tbl_a/delete', DELETE_ONE),
    expect: code(C.ConcurrentModification),
    requires: [DELETE, OCC],
  },
  {
    id: 'delete_from_table_invalid_state_must_409',
    operation: 'DeleteFromTable',
    given: {},
    request: post('/v1/table/tbl_a/delete', DELETE_ONE),
    expect: code(C.InvalidTableState),
    requires: [DELETE, OCC],
  },
  {
    id: 'delete_from_table_namespace_not_found_must_404',
    operation: 'DeleteFromTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/delete', DELETE_ONE),
    expect: code(C.NamespaceNotFound),
    requires: [DELETE, NS_NOT_FOUND],
  },
];

const queryTable: CtsCase[] = [
  {
    id: 'query_table_unknown_table_must_404',
    operation: 'QueryTable',
    given: {},
    request: post('/v1/table/tbl_missing/query', QUERY),
    expect: code(C.TableNotFound),
    requires: [READ],
    note: QUERY_NOTE,
  },
  {
    id: 'query_table_unknown_column_must_412',
    operation: 'QueryTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/query', QUERY),
    expect: code(C.TableColumnNotFound),
    requires: [READ, OCC],
    note: QUERY_NOTE,
  },
  {
    id: 'query_table_unknown_version_must_404',
    operation: 'QueryTable',
    given: TBL_A,
    request: post('/v1/table/tbl_a/query', { ...QUERY, version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [READ, OCC],
    note: QUERY_NOTE,
  },
  {
    id: 'query_table_namespace_not_found_must_404',
    operation: 'QueryTable',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/query', QUERY),
    expect: code(C.NamespaceNotFound),
    requires: [READ, NS_NOT_FOUND],
    note: QUERY_NOTE,
  },
];

const queryPlans: CtsCase[] = [
  {
    id: 'explain_query_plan_unknown_table_must_404',
    operation: 'ExplainTableQueryPlan',
    given: {},
    request: post('/v1/table/tbl_missing/explain_plan', { query: QUERY }),
    expect: code(C.TableNotFound),
    requires: [READ],
    note: QUERY_NOTE,
  },
  {
    id: 'explain_query_plan_namespace_not_found_must_404',
    operation: 'ExplainTableQueryPlan',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/explain_plan', { query: QUERY }),
    expect: code(C.NamespaceNotFound),
    requires: [READ, NS_NOT_FOUND],
    note: QUERY_NOTE,
  },
  {
    id: 'analyze_query_plan_unknown_table_must_404',
    operation: 'AnalyzeTableQueryPlan',
    given: {},
    request: post('/v1/table/tbl_missing/analyze_plan', QUERY),
    expect: code(C.TableNotFound),
    requires: [READ],
    note: QUERY_NOTE,
  },
  {
    id: 'analyze_query_plan_namespace_not_found_must_404',
    operation: 'AnalyzeTableQueryPlan',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/analyze_plan', QUERY),
    expect: code(C.NamespaceNotFound),
    requires: [READ, NS_NOT_FOUND],
    note: QUERY_NOTE,
  },
];

export const dataCases: CtsCase[] = [
  ...mergeInsert,
  ...updateTable,
  ...deleteFromTable,
  ...queryTable,
  ...queryPlans,
];
