/**
 * Reads a query body in either dialect: the namespace contract's QueryTableRequest
 * (`vector: {single_vector}`, `columns: {column_names}`, `full_text_query: {string_query}`) or
 * LanceDB's remote shape (a flat `vector`, an array `columns`, `full_text_query: {columns, query}`).
 */
import { z } from 'zod';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { describeZodError } from '../../catalog/parse-options';
import { QueryTableBody } from '../../../src-shared/rest-contract/bodies';

const opt = <T extends z.ZodType>(schema: T) => schema.optional().nullable();

/** The query body as the contract's own schema (`REST.queryTable`) has checked it. */
export type QueryBody = z.infer<typeof QueryTableBody>;

/** LanceDB's remote client sends a huge k when the caller set no limit. */
const NO_LIMIT_THRESHOLD = 2 ** 31;

type FullTextQuery = NonNullable<QueryRequest['fullTextQuery']>;

/**
 * A full-text query in any of its three shapes: the contract's `string_query`, its
 * `structured_query`, or LanceDB's remote `{query, columns}` whose query may itself be structured.
 */
function ftsFrom(value: Record<string, unknown>): FullTextQuery {
  const stringQuery = value.string_query as { query?: unknown; columns?: unknown } | undefined;
  const source = stringQuery ?? value;
  const structured =
    (value.structured_query as { query?: unknown } | undefined)?.query ??
    (typeof source.query === 'object' && source.query !== null ? source.query : undefined);
  if (structured !== undefined) return structuredFts(structured);
  const { query, columns } = source;
  if (typeof query !== 'string') throw errors.InvalidInput('full_text_query needs a query string');
  if (
    columns !== undefined &&
    (!Array.isArray(columns) || columns.some((c) => typeof c !== 'string'))
  ) {
    throw errors.InvalidInput('full_text_query columns must be an array of column names');
  }
  return {
    query,
    ...(columns && (columns as string[]).length ? { columns: columns as string[] } : {}),
  };
}

const MatchSchema = z
  .object({
    terms: z.string(),
    column: opt(z.string()),
    operator: opt(z.string()),
    fuzziness: opt(z.number().int().min(0).max(2)),
  })
  .passthrough();
const StructuredSchema = z.union([
  z.object({ match: MatchSchema }).strict(),
  z
    .object({
      phrase: z
        .object({ terms: z.string(), column: opt(z.string()), slop: opt(z.number().int().min(0)) })
        .passthrough(),
    })
    .strict(),
  z.object({ multi_match: z.object({ match_queries: z.array(MatchSchema).min(1) }) }).strict(),
]);

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** The structured queries the engine maps: match, phrase and multi-match (boost and boolean not). */
function structuredFts(given: unknown): FullTextQuery {
  // Some clients send every kind of query with the unused ones null.
  const raw = withoutNulls(given);
  if (raw && typeof raw === 'object' && ('boost' in raw || 'boolean' in raw)) {
    throw errors.Unsupported('Boost and boolean full-text queries are not supported');
  }
  const parsed = StructuredSchema.safeParse(raw);
  if (!parsed.success) {
    throw errors.InvalidInput(`Invalid full_text_query: ${describeZodError(parsed.error)}`);
  }
  const q = parsed.data;
  const operatorOf = (operator: string | null | undefined) => {
    if (operator === undefined || operator === null) return {};
    const word = operator.toLowerCase();
    if (word !== 'and' && word !== 'or')
      throw errors.InvalidInput(`Unknown full-text operator ${JSON.stringify(operator)}`);
    return { operator: word as 'and' | 'or' };
  };
  if ('match' in q) {
    return {
      query: q.match.terms,
      ...(q.match.column ? { columns: [q.match.column] } : {}),
      ...operatorOf(q.match.operator),
      ...(q.match.fuzziness ? { fuzziness: q.match.fuzziness } : {}),
    };
  }
  if ('phrase' in q) {
    return {
      query: q.phrase.terms,
      kind: 'phrase',
      ...(q.phrase.column ? { columns: [q.phrase.column] } : {}),
      ...(q.phrase.slop ? { slop: q.phrase.slop } : {}),
    };
  }
  const [first, ...rest] = q.multi_match.match_queries;
  if (rest.some((m) => m.terms !== first!.terms || m.operator !== first!.operator)) {
    throw errors.Unsupported(
      'A multi-match query searches the same words, the same way, in each column',
    );
  }
  if (q.multi_match.match_queries.some((m) => m.fuzziness)) {
    throw errors.Unsupported('Fuzziness applies to a search of one column');
  }
  return {
    query: first!.terms,
    columns: q.multi_match.match_queries.map((m) => m.column ?? '').filter((c) => c !== ''),
    ...operatorOf(first!.operator),
  };
}

/** A query body not yet checked (an explain's `query`) as the engine's request. */
export function toQueryRequest(raw: unknown): QueryRequest {
  const parsed = QueryTableBody.safeParse(raw ?? {});
  if (!parsed.success)
    throw errors.InvalidInput(`Invalid query: ${describeZodError(parsed.error)}`);
  return queryRequestOf(parsed.data);
}

/** A query body its route has checked already (`REST.queryTable`) as the engine's request. */
export function queryRequestOf(b: QueryBody): QueryRequest {
  const out: QueryRequest = {};

  let vector: number[] | undefined;
  if (Array.isArray(b.vector)) {
    if (b.vector.length > 0 && Array.isArray(b.vector[0]))
      throw errors.Unsupported('Multi-vector queries are not supported');
    vector = b.vector as number[];
  } else if (b.vector) {
    if (b.vector.multi_vector) throw errors.Unsupported('Multi-vector queries are not supported');
    vector = b.vector.single_vector ?? undefined;
  }
  if (vector && vector.length > 0) out.vector = vector;

  if (Array.isArray(b.columns)) out.columns = b.columns;
  else if (b.columns && typeof b.columns === 'object') {
    const names = (b.columns as { column_names?: string[] | null }).column_names;
    if (names) out.columns = names;
    else if (Object.keys(b.columns).length > 0)
      throw errors.Unsupported('Column aliases are not supported; list column names');
  }

  if (b.k !== undefined && b.k !== null && b.k < NO_LIMIT_THRESHOLD) {
    if (!Number.isInteger(b.k)) throw errors.InvalidInput('k must be a whole number');
    out.limit = b.k;
  }
  if (b.offset) out.offset = b.offset;
  if (b.filter) out.filter = b.filter;
  if (b.vector_column) out.vectorColumn = b.vector_column;
  if (b.distance_type) {
    const d = b.distance_type.toLowerCase();
    if (!['l2', 'cosine', 'dot', 'hamming'].includes(d))
      throw errors.InvalidInput(`Unknown distance_type ${JSON.stringify(b.distance_type)}`);
    out.distanceType = d as QueryRequest['distanceType'];
  }
  const nprobes = b.nprobes || b.minimum_nprobes || undefined;
  if (nprobes) out.nprobes = nprobes;
  if (b.refine_factor) out.refineFactor = b.refine_factor;
  if (b.ef) out.ef = b.ef;
  if (b.prefilter === false) out.prefilter = false;
  if (b.bypass_vector_index) out.bypassVectorIndex = true;
  const lower = b.lower_bound ?? undefined;
  const upper = b.upper_bound ?? undefined;
  if (lower !== undefined || upper !== undefined) {
    out.distanceRange = {
      ...(lower === undefined ? {} : { lower }),
      ...(upper === undefined ? {} : { upper }),
    };
  }
  if (b.fast_search) out.fastSearch = true;
  if (b.with_row_id) out.withRowId = true;
  if (b.version) out.version = b.version;
  if (b.branch) out.branch = b.branch;
  if (b.order_by?.length) {
    out.orderBy = b.order_by.map((key) => ({
      column: key.column_name,
      ascending: key.ascending ?? true,
      ...(key.nulls_first === undefined || key.nulls_first === null
        ? {}
        : { nullsFirst: key.nulls_first }),
    }));
  }
  if (b.full_text_query && Object.keys(b.full_text_query).length > 0)
    out.fullTextQuery = ftsFrom(b.full_text_query);
  return out;
}
