/** Upstream CTS family `namespace`: create, drop, describe, exists and list of namespaces. */
import { C } from '../codes';
import { code, get, ok, post } from '../requests';
import type { CtsCase } from '../types';

const TWO_LEVEL = 'supports_two_level_namespace_path' as const;

export const namespaceCases: CtsCase[] = [
  // CreateNamespace
  {
    id: 'create_root_must_fail',
    operation: 'CreateNamespace',
    given: {},
    request: post('/v1/namespace/$/create', { mode: 'create' }),
    // The root always exists; refusing it as a bad path is allowed too.
    expect: code(C.NamespaceAlreadyExists, C.InvalidInput),
  },
  {
    id: 'create_existing_namespace_must_conflict',
    operation: 'CreateNamespace',
    given: { namespaces: [['ns_a']] },
    request: post('/v1/namespace/ns_a/create', { mode: 'create' }),
    expect: code(C.NamespaceAlreadyExists),
  },
  {
    id: 'create_then_describe_succeeds',
    operation: 'CreateNamespace',
    given: {},
    request: post('/v1/namespace/ns_a/create', { mode: 'create' }),
    expect: ok(),
    after: [{ request: post('/v1/namespace/ns_a/describe'), expect: ok() }],
  },
  {
    id: 'create_two_level_under_unknown_parent',
    operation: 'CreateNamespace',
    given: {},
    request: post('/v1/namespace/ns_unknown$ns_child/create', { mode: 'create' }),
    expect: code(C.NamespaceNotFound),
    requires: [TWO_LEVEL],
  },

  // DropNamespace
  {
    id: 'drop_nonexistent_must_404',
    operation: 'DropNamespace',
    given: {},
    request: post('/v1/namespace/ns_missing/drop'),
    expect: code(C.NamespaceNotFound),
  },
  {
    id: 'drop_root_must_fail',
    operation: 'DropNamespace',
    given: {},
    request: post('/v1/namespace/$/drop'),
    expect: code(C.InvalidInput, C.NamespaceNotEmpty),
  },
  {
    id: 'drop_then_namespace_exists_must_404',
    operation: 'DropNamespace',
    given: { namespaces: [['ns_a']] },
    request: post('/v1/namespace/ns_a/drop'),
    expect: ok(),
    after: [{ request: post('/v1/namespace/ns_a/exists'), expect: code(C.NamespaceNotFound) }],
  },
  {
    id: 'drop_nonempty_restrict_must_409',
    operation: 'DropNamespace',
    given: { namespaces: [['ns_parent'], ['ns_parent', 'ns_child']] },
    request: post('/v1/namespace/ns_parent/drop', { behavior: 'restrict' }),
    expect: code(C.NamespaceNotEmpty),
    // Refused means untouched: the child must still be there.
    after: [{ request: post('/v1/namespace/ns_parent$ns_child/exists'), expect: ok() }],
    requires: [TWO_LEVEL],
  },
  {
    id: 'drop_nonempty_cascade_succeeds',
    operation: 'DropNamespace',
    given: { namespaces: [['ns_parent'], ['ns_parent', 'ns_child']] },
    request: post('/v1/namespace/ns_parent/drop', { behavior: 'cascade' }),
    expect: ok(),
    // Upstream checks the parent; its description also says the children must go.
    after: [
      { request: post('/v1/namespace/ns_parent/exists'), expect: code(C.NamespaceNotFound) },
      {
        request: post('/v1/namespace/ns_parent$ns_child/exists'),
        expect: code(C.NamespaceNotFound),
      },
    ],
    requires: [TWO_LEVEL, 'supports_drop_namespace_cascade'],
  },

  // DescribeNamespace
  {
    id: 'describe_root_succeeds',
    operation: 'DescribeNamespace',
    given: {},
    request: post('/v1/namespace/$/describe'),
    expect: ok(),
  },
  {
    id: 'describe_nonexistent_must_404',
    operation: 'DescribeNamespace',
    given: {},
    request: post('/v1/namespace/ns_missing/describe'),
    expect: code(C.NamespaceNotFound),
  },
  {
    id: 'describe_existing_namespace_succeeds',
    operation: 'DescribeNamespace',
    given: { namespaces: [['ns_a']] },
    request: post('/v1/namespace/ns_a/describe'),
    expect: ok(),
  },

  // NamespaceExists
  {
    id: 'exists_root_succeeds',
    operation: 'NamespaceExists',
    given: {},
    request: post('/v1/namespace/$/exists'),
    expect: ok(),
  },
  {
    id: 'exists_nonexistent_must_404',
    operation: 'NamespaceExists',
    given: {},
    request: post('/v1/namespace/ns_missing/exists'),
    expect: code(C.NamespaceNotFound),
  },
  {
    id: 'exists_after_create_succeeds',
    operation: 'NamespaceExists',
    given: { namespaces: [['ns_a']] },
    request: post('/v1/namespace/ns_a/exists'),
    expect: ok(),
  },

  // ListNamespaces
  {
    id: 'list_root_on_empty_catalog',
    operation: 'ListNamespaces',
    given: {},
    request: get('/v1/namespace/$/list'),
    expect: ok({ list: { field: 'namespaces', length: 0 } }),
  },
  {
    id: 'list_root_after_two_creates',
    operation: 'ListNamespaces',
    given: { namespaces: [['ns_a'], ['ns_b']] },
    request: get('/v1/namespace/$/list'),
    expect: ok({ list: { field: 'namespaces', includes: ['ns_a', 'ns_b'] } }),
  },
  {
    id: 'list_under_unknown_parent_must_404',
    operation: 'ListNamespaces',
    given: {},
    request: get('/v1/namespace/ns_missing/list'),
    expect: code(C.NamespaceNotFound),
    requires: [TWO_LEVEL],
  },
];
