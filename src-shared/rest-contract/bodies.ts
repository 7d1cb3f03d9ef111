/**
 * Request bodies of the REST contract's routes (the namespace contract and LanceDB's remote
 * variants) as zod schemas. Unknown fields are allowed: clients send `identity`, `context` and fields of newer contract
 * versions, and the contract says to ignore what a server does not use.
 */
import { z } from 'zod';
import { numberList } from '../vocabulary/number-list';

const Strings = z.record(z.string(), z.string());
const Identity = z
  .object({ api_key: z.string().optional(), auth_token: z.string().optional() })
  .passthrough();

export const Common = z
  .object({
    id: z.array(z.string()).optional().nullable(),
    identity: Identity.optional().nullable(),
    context: z.record(z.string(), z.unknown()).optional().nullable(),
  })
  .passthrough();

const opt = <T extends z.ZodType>(schema: T) => schema.optional().nullable();

export const CreateNamespaceBody = Common.extend({
  mode: opt(z.string()),
  properties: opt(Strings),
});
export const DropNamespaceBody = Common.extend({
  mode: opt(z.string()),
  behavior: opt(z.string()),
});
export const EmptyBody = Common;
export const DescribeTableBody = Common.extend({
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
  tag: opt(z.string()),
  with_table_uri: opt(z.boolean()),
  load_detailed_metadata: opt(z.boolean()),
  check_declared: opt(z.boolean()),
  vend_credentials: opt(z.boolean()),
});
export const TableExistsBody = Common.extend({
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
});
export const RenameTableBody = Common.extend({
  new_table_name: z.string(),
  new_namespace_id: opt(z.array(z.string())),
  new_namespace: opt(z.array(z.string())),
});
export const RestoreTableBody = Common.extend({
  // The specification allows 0; versions start at 1, so 0 is TableVersionNotFound once resolved.
  version: z.number().int().min(0),
  branch: opt(z.string()),
});
export const CountRowsBody = Common.extend({
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
  predicate: opt(z.string()),
});
export const UpdateTableBody = Common.extend({
  // The specification sets no minimum; an empty list is refused once the table is resolved.
  updates: z.array(z.tuple([z.string(), z.string()])),
  predicate: opt(z.string()),
  branch: opt(z.string()),
});
export const DeleteBody = Common.extend({ predicate: z.string(), branch: opt(z.string()) });
export const BranchBody = Common.extend({ branch: opt(z.string()) });
export const CleanupBody = Common.extend({
  older_than_millis: z.number().int().min(0),
  keep_versions: opt(z.array(z.number().int().min(1)).max(1000)),
  branch: opt(z.string()),
});
export const ListIndicesBody = Common.extend({
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
  page_token: opt(z.string()),
  limit: opt(z.number().int().min(1)),
});
export const CreateBranchBody = Common.extend({
  name: z.string(),
  from_branch: opt(z.string()),
  from_version: opt(z.number().int().min(1)),
});
export const NamedBody = Common.extend({ name: z.string() });
export const TagBody = Common.extend({
  tag: z.string(),
  version: opt(z.number().int().min(1)),
  branch: opt(z.string()),
});
export const JobIdBody = Common.extend({ job_id: z.string().min(1) });
export const DeclareTableBody = Common.extend({
  location: opt(z.string()),
  vend_credentials: opt(z.boolean()),
  properties: opt(Strings),
});
export const RegisterTableBody = Common.extend({
  location: z.string().min(1),
  mode: opt(z.string()),
  properties: opt(Strings),
});

// ---- schema evolution ----------------------------------------------------------------------

const JsonDataType = z.object({ type: z.string() }).passthrough();
export const AddColumnsBody = Common.extend({
  new_columns: z.array(
    z
      .object({
        name: z.string(),
        expression: opt(z.string()),
        computed: opt(z.string()),
        virtual_column: opt(z.unknown()),
      })
      .passthrough(),
  ),
  branch: opt(z.string()),
});
export const AlterColumnsBody = Common.extend({
  alterations: z.array(
    z
      .object({
        path: z.string(),
        rename: opt(z.string()),
        nullable: opt(z.boolean()),
        data_type: opt(JsonDataType),
        virtual_column: opt(z.unknown()),
      })
      .passthrough(),
  ),
  branch: opt(z.string()),
});
export const DropColumnsBody = Common.extend({
  columns: z.array(z.string()),
  branch: opt(z.string()),
});

// ---- table versions (external manifests) ---------------------------------------------------

export const DescribeVersionBody = Common.extend({
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
});
export const CreateVersionBody = Common.extend({
  version: z.number().int().min(0),
  manifest_path: z.string(),
  manifest_size: opt(z.number()),
  e_tag: opt(z.string()),
  metadata: opt(Strings),
  naming_scheme: opt(z.enum(['V1', 'V2'])),
  branch: opt(z.string()),
});
export const DeleteVersionsBody = Common.extend({
  ranges: z.array(z.object({ start_version: z.number().int(), end_version: z.number().int() })),
  branch: opt(z.string()),
});

export const DescribeTransactionBody = Common.extend({
  /** This server's addition: the branch whose version it is (main when absent). */
  branch: z.string().min(1).optional().nullable(),
});
export const ExplainPlanBody = Common.extend({
  query: opt(z.record(z.string(), z.unknown())),
  verbose: opt(z.boolean()),
});

/** The bare map that replaces a table's schema metadata. */
export const SchemaMetadataBody = z.record(z.string(), z.unknown());

/**
 * A query (`/v1/table/{id}/query`) in either dialect: the namespace contract's QueryTableRequest
 * (`vector: {single_vector}`, `columns: {column_names}`, `full_text_query: {string_query}`) or
 * LanceDB's remote shape (a flat `vector`, an array `columns`, `full_text_query: {columns,
 * query}`). The server maps it to the engine's request (src-main/server/http/query-request.ts).
 */
export const QueryTableBody = Common.extend({
  vector: opt(
    z.union([
      numberList(),
      z.array(numberList()),
      z
        .object({ single_vector: opt(numberList()), multi_vector: opt(z.array(numberList())) })
        .passthrough(),
    ]),
  ),
  vector_column: opt(z.string()),
  // A float: LanceDB's client sends i64::MAX for "no limit", which JSON numbers cannot hold exactly.
  k: opt(z.number().min(0)),
  offset: opt(z.number().int().min(0)),
  filter: opt(z.string()),
  columns: opt(
    z.union([
      z.array(z.string()),
      z
        .object({
          column_names: opt(z.array(z.string())),
          column_aliases: opt(z.record(z.string(), z.string())),
        })
        .passthrough(),
      z.record(z.string(), z.string()),
    ]),
  ),
  distance_type: opt(z.string()),
  nprobes: opt(z.number().int().min(0)),
  minimum_nprobes: opt(z.number().int().min(0)),
  maximum_nprobes: opt(z.number().int().min(0)),
  refine_factor: opt(z.number().int().min(1)),
  ef: opt(z.number().int().min(1)),
  lower_bound: opt(z.number()),
  upper_bound: opt(z.number()),
  prefilter: opt(z.boolean()),
  bypass_vector_index: opt(z.boolean()),
  fast_search: opt(z.boolean()),
  with_row_id: opt(z.boolean()),
  version: opt(z.number().int().min(0)),
  branch: opt(z.string()),
  full_text_query: opt(z.record(z.string(), z.unknown())),
  /** Ours, beside the contract: the row order of a plain scan. */
  order_by: opt(
    z
      .array(
        z
          .object({
            column_name: z.string().min(1),
            ascending: opt(z.boolean()),
            nulls_first: opt(z.boolean()),
          })
          .strict(),
      )
      .max(16),
  ),
});
