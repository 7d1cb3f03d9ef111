/** Upstream CTS family `tag`: list, get-version, create, delete and update of table tags. */
import { C } from '../codes';
import { code, post } from '../requests';
import type { Capability, CtsCase } from '../types';

const OCC: Capability = 'enforces_optimistic_concurrency';
const NS_NOT_FOUND: Capability = 'surfaces_namespace_not_found_for_table_ops';
const TAGS: Capability = 'supports_table_tags';
const TBL_A = { tables: [['tbl_a']] };

const listAndGet: CtsCase[] = [
  {
    id: 'list_tags_on_nonexistent_table_must_404',
    operation: 'ListTableTags',
    given: {},
    request: post('/v1/table/tbl_missing/tags/list'),
    expect: code(C.TableNotFound),
    requires: [TAGS],
  },
  {
    id: 'list_tags_namespace_not_found_must_404',
    operation: 'ListTableTags',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/tags/list'),
    expect: code(C.NamespaceNotFound),
    requires: [TAGS, NS_NOT_FOUND],
  },
  {
    id: 'get_tag_version_on_nonexistent_table_must_404',
    operation: 'GetTableTagVersion',
    given: {},
    request: post('/v1/table/tbl_missing/tags/version', { tag: 'v1' }),
    expect: code(C.TableNotFound),
    requires: [TAGS],
  },
  {
    id: 'get_tag_version_unknown_tag_must_404',
    operation: 'GetTableTagVersion',
    given: TBL_A,
    request: post('/v1/table/tbl_a/tags/version', { tag: 'no_such_tag' }),
    expect: code(C.TableTagNotFound),
    requires: [TAGS],
  },
  {
    id: 'get_tag_version_namespace_not_found_must_404',
    operation: 'GetTableTagVersion',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/tags/version', { tag: 'v1' }),
    expect: code(C.NamespaceNotFound),
    requires: [TAGS, NS_NOT_FOUND],
  },
];

const createTag: CtsCase[] = [
  {
    id: 'create_tag_on_nonexistent_table_must_404',
    operation: 'CreateTableTag',
    given: {},
    request: post('/v1/table/tbl_missing/tags/create', { tag: 'v1', version: 1 }),
    expect: code(C.TableNotFound),
    requires: [TAGS],
  },
  {
    id: 'create_tag_already_exists_must_409',
    operation: 'CreateTableTag',
    given: TBL_A,
    request: post('/v1/table/tbl_a/tags/create', { tag: 'v1', version: 1 }),
    expect: code(C.TableTagAlreadyExists),
    requires: [TAGS, OCC],
  },
  {
    id: 'create_tag_unknown_version_must_404',
    operation: 'CreateTableTag',
    given: TBL_A,
    request: post('/v1/table/tbl_a/tags/create', { tag: 'v1', version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [TAGS],
  },
  {
    id: 'create_tag_concurrent_modification_must_409',
    operation: 'CreateTableTag',
    given: {},
    request: post('/v1/table/tbl_a/tags/create', { tag: 'v1', version: 1 }),
    expect: code(C.ConcurrentModification),
    requires: [TAGS, OCC],
  },
  {
    id: 'create_tag_namespace_not_found_must_404',
    operation: 'CreateTableTag',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/tags/create', { tag: 'v1', version: 1 }),
    expect: code(C.NamespaceNotFound),
    requires: [TAGS, NS_NOT_FOUND],
  },
];

const deleteTag: CtsCase[] = [
  {
    id: 'delete_tag_on_nonexistent_table_must_404',
    operation: 'DeleteTableTag',
    given: {},
    request: post('/v1/table/tbl_missing/tags/delete', { tag: 'v1' }),
    expect: code(C.TableNotFound),
    requires: [TAGS],
  },
  {
    id: 'delete_tag_unknown_tag_must_404',
    operation: 'DeleteTableTag',
    given: TBL_A,
    request: post('/v1/table/tbl_a/tags/delete', { tag: 'no_such_tag' }),
    expect: code(C.TableTagNotFound),
    requires: [TAGS],
  },
  {
    id: 'delete_tag_namespace_not_found_must_404',
    operation: 'DeleteTableTag',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/tags/delete', { tag: 'v1' }),
    expect: code(C.NamespaceNotFound),
    requires: [TAGS, NS_NOT_FOUND],
  },
];

const updateTag: CtsCase[] = [
  {
    id: 'update_tag_on_nonexistent_table_must_404',
    operation: 'UpdateTableTag',
    given: {},
    request: post('/v1/table/tbl_missing/tags/update', { tag: 'v1', version: 2 }),
    expect: code(C.TableNotFound),
    requires: [TAGS],
  },
  {
    id: 'update_tag_unknown_tag_must_404',
    operation: 'UpdateTableTag',
    given: TBL_A,
    request: post('/v1/table/tbl_a/tags/update', { tag: 'no_such_tag', version: 1 }),
    expect: code(C.TableTagNotFound),
    requires: [TAGS],
  },
  {
    id: 'update_tag_unknown_version_must_404',
    operation: 'UpdateTableTag',
    given: TBL_A,
    // As upstream: tag v1 was never made, and the missing version is still the answer.
    request: post('/v1/table/tbl_a/tags/update', { tag: 'v1', version: 999 }),
    expect: code(C.TableVersionNotFound),
    requires: [TAGS],
  },
  {
    id: 'update_tag_concurrent_modification_must_409',
    operation: 'UpdateTableTag',
    given: {},
    request: post('/v1/table/tbl_a/tags/update', { tag: 'v1', version: 2 }),
    expect: code(C.ConcurrentModification),
    requires: [TAGS, OCC],
  },
  {
    id: 'update_tag_namespace_not_found_must_404',
    operation: 'UpdateTableTag',
    given: {},
    request: post('/v1/table/ns_missing$tbl_missing/tags/update', { tag: 'v1', version: 2 }),
    expect: code(C.NamespaceNotFound),
    requires: [TAGS, NS_NOT_FOUND],
  },
];

export const tagCases: CtsCase[] = [...listAndGet, ...createTag, ...deleteTag, ...updateTag];
