/**
 * The upstream capability flags, and which of them this server claims. A case gated on a flag we
 * do not claim is "not applicable"; a case marked `onlyWithout` a flag we claim describes a back
 * end lacking the feature and is not applicable either. Each reason is shown in the skipped
 * test's title, so it must stand alone.
 */
import type { Capability } from './types';

export interface Claim {
  claimed: boolean;
  reason: string;
}

export const CAPABILITIES: Record<Capability, Claim> = {
  supports_one_level_namespace_path: {
    claimed: true,
    reason: 'namespaces one level below the root are manifest rows of the dir catalog',
  },
  supports_two_level_namespace_path: {
    claimed: true,
    reason: 'namespaces nest to any depth; the parent must exist first',
  },
  supports_drop_namespace_cascade: {
    claimed: true,
    reason: 'drop with behavior=cascade removes child namespaces and tables first',
  },
  supports_create_namespace_overwrite: {
    claimed: true,
    reason: 'create with mode=overwrite drops the existing namespace (cascade) and recreates it',
  },
  supports_create_table: {
    claimed: true,
    reason: 'POST /v1/table/{id}/create writes a Lance dataset from an Arrow IPC stream',
  },
  supports_drop_table: { claimed: true, reason: 'drop removes the manifest row and the dataset' },
  supports_register_table: {
    claimed: true,
    reason: 'register adopts a location relative to the catalog root',
  },
  supports_deregister_table: {
    claimed: true,
    reason: 'deregister removes the catalog entry and keeps the data',
  },
  supports_rename_table: {
    claimed: true,
    reason: 'rename moves a table to a new name, optionally in another namespace',
  },
  supports_alter_table_columns: {
    claimed: true,
    reason: 'LanceDB tables offer addColumns, alterColumns and dropColumns for the three routes',
  },
  supports_table_indices: {
    claimed: true,
    reason: 'create (scalar and vector), list, stats and drop of indices are served',
  },
  supports_table_tags: {
    claimed: true,
    reason: 'tags list/version/create/update/delete map to LanceDB table tags',
  },
  supports_table_versioning: {
    claimed: true,
    reason: 'list/describe/create/delete of table versions are part of the served contract',
  },
  supports_table_data_read: {
    claimed: true,
    reason: 'query, count_rows, explain_plan and analyze_plan are served',
  },
  supports_table_data_write: { claimed: true, reason: 'insert and merge_insert are served' },
  supports_update_table: { claimed: true, reason: 'update maps to LanceDB Table.update' },
  supports_delete_from_table: { claimed: true, reason: 'delete maps to LanceDB Table.delete' },
  supports_transactions: {
    claimed: true,
    reason:
      "describe answers a version's commit, read from the transaction Lance keeps with each manifest; a transaction is named by its version number",
  },
  supports_alter_transaction: {
    claimed: false,
    reason: 'a committed version is not changed after the fact, so alter answers Unsupported',
  },
  supports_materialized_view: {
    claimed: false,
    reason: 'materialized views are not served',
  },
  enforces_optimistic_concurrency: {
    claimed: false,
    reason:
      'its cases are upstream placeholders (no fixture, no race) that no back end passes as written',
  },
  surfaces_namespace_not_found_for_table_ops: {
    claimed: true,
    reason:
      'namespaces are real catalog entries: a table id under a missing namespace is NamespaceNotFound (1)',
  },
  trait_has_batch_create_table_versions: {
    claimed: false,
    reason: 'a pin of the upstream Rust trait, not a REST behaviour; no case uses it',
  },
  surfaces_table_tag_not_found: {
    claimed: true,
    reason: 'a missing tag on an existing table is TableTagNotFound (8), not TableNotFound (4)',
  },
};
