/**
 * The vocabulary of the conformance case tables: one upstream Lance Namespace CTS case becomes
 * one `CtsCase`, written as the HTTP exchange it stands for on this server's REST routes.
 */

/** The upstream capability flags a server may declare; cases that need an undeclared one do not apply. */
export type Capability =
  | 'supports_one_level_namespace_path'
  | 'supports_two_level_namespace_path'
  | 'supports_drop_namespace_cascade'
  | 'supports_create_namespace_overwrite'
  | 'supports_create_table'
  | 'supports_drop_table'
  | 'supports_register_table'
  | 'supports_deregister_table'
  | 'supports_rename_table'
  | 'supports_alter_table_columns'
  | 'supports_table_indices'
  | 'supports_table_tags'
  | 'supports_table_versioning'
  | 'supports_table_data_read'
  | 'supports_table_data_write'
  | 'supports_update_table'
  | 'supports_delete_from_table'
  | 'supports_transactions'
  | 'supports_alter_transaction'
  | 'supports_materialized_view'
  | 'enforces_optimistic_concurrency'
  | 'surfaces_namespace_not_found_for_table_ops'
  | 'trait_has_batch_create_table_versions'
  | 'surfaces_table_tag_not_found';

/** One HTTP request. `route` joins identifier parts with `$`, the default delimiter. */
export interface CtsRequest {
  method: 'GET' | 'POST';
  route: string;
  query?: Record<string, string>;
  /** A JSON body; absent means no body at all. */
  json?: unknown;
  /** The body is the zero-row Arrow IPC stream over one `id: int32` column. */
  arrow?: 'empty';
}

/** A success: any 2xx, plus optional checks on the reply body. */
export interface CtsSuccess {
  ok: true;
  /** The reply is a bare JSON integer with this value (CountTableRows). */
  bareNumber?: number;
  /** A list field of the reply: its exact or least length, and/or names it must contain. */
  list?: { field: string; length?: number; minLength?: number; includes?: string[] };
}

/** A failure: the error body's `code` is `code` or one of `orCode` (upstream alternatives). */
export interface CtsFailure {
  code: number;
  orCode?: readonly number[];
}

export type CtsExpect = CtsSuccess | CtsFailure;

export interface CtsStep {
  request: CtsRequest;
  expect: CtsExpect;
}

export interface CtsFixtures {
  /** Created in order, each with mode `create`. */
  namespaces?: string[][];
  /** Each created from the zero-row `id: int32` Arrow stream, after the namespaces. */
  tables?: string[][];
}

export interface CtsCase {
  /** The upstream case id, exactly. */
  id: string;
  /** The upstream operation name. */
  operation: string;
  given: CtsFixtures;
  /** Earlier steps of a multi-step upstream case, each held to its own expectation. */
  before?: CtsStep[];
  request: CtsRequest;
  expect: CtsExpect;
  /** Follow-up checks of the state the request left. */
  after?: CtsStep[];
  /** Operation-level and case-level capabilities upstream gates the case on. */
  requires?: Capability[];
  /** The case describes a back end that lacks these capabilities; a server claiming one skips it. */
  onlyWithout?: Capability[];
  /** Where the case contradicts the spec: the spec rule, quoted in one line; the table follows it. */
  note?: string;
}

export type Family = 'namespace' | 'table' | 'data' | 'index' | 'tag' | 'transaction';
