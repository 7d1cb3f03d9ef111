/**
 * Hybrid search: a vector search and a full-text search, fused by LanceDB's own reciprocal-rank
 * reranker (RRF).
 *
 * LanceDB's one-query hybrid normalises both searches' scores before fusing and answers only
 * `_relevance_score`, so a user could not see why a row ranks where it does. So the two searches
 * run here side by side, their answers go to the same reranker, and each fused row keeps its own
 * `_distance` and `_score` (null where that search did not find it).
 *
 * LanceDB cannot plan the two together ("Cannot have both nearest and full text search"), so the
 * plan of a hybrid search is the plans of its two parts.
 */
import { rerankers, type Table as LanceTable } from '@lancedb/lancedb';
import type {
  Data,
  DataType,
  RecordBatch,
  Schema,
  Table as ArrowTable,
  Vector,
} from 'apache-arrow';
import type { QueryRequest } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { arrow } from '../../arrow';
import { lance } from '../lance-errors';
import { buildQuery, DEFAULT_SEARCH_LIMIT, projectedSchema } from './query-builder';

/** The columns a hybrid answer ends with, in this order. */
const SCORE_COLUMNS = ['_distance', '_score', '_relevance_score'] as const;

export function isHybrid(request: QueryRequest): boolean {
  return request.vector !== undefined && request.fullTextQuery !== undefined;
}

/** The request's two searches: each finds as many rows as the fused answer may need. */
function parts(request: QueryRequest): { vector: QueryRequest; text: QueryRequest } {
  const wanted = (request.limit ?? DEFAULT_SEARCH_LIMIT) + (request.offset ?? 0);
  const vector: QueryRequest = { ...request, limit: wanted, withRowId: true };
  delete vector.fullTextQuery;
  delete vector.offset;
  const text: QueryRequest = { ...request, limit: wanted, withRowId: true };
  delete text.vector;
  delete text.distanceRange;
  delete text.offset;
  return { vector, text };
}

export async function runHybridSearch(
  table: LanceTable,
  schema: Schema,
  request: QueryRequest,
): Promise<ArrowTable> {
  // Each page would be fused from its own window of candidates, so pages could overlap.
  if (request.offset) {
    throw errors.InvalidInput('A hybrid search returns its top k; it has no offset (raise k)');
  }
  const { vector, text } = parts(request);
  const limit = request.limit ?? DEFAULT_SEARCH_LIMIT;
  const offset = request.offset ?? 0;
  // One batch each, which is what the reranker takes.
  const oneBatch = { maxBatchLength: Math.max(1024, limit + offset) };
  const [vectorHits, textHits, rrf] = await Promise.all([
    lance(() => buildQuery(table, schema, vector).toArrow(oneBatch)),
    lance(() => buildQuery(table, schema, text).toArrow(oneBatch)),
    lance(() => rerankers.RRFReranker.create()),
  ]);
  if (vectorHits.numRows === 0 && textHits.numRows === 0) return emptyAnswer(schema, request);
  const fused = await lance(() =>
    rrf.rerankHybrid(
      request.fullTextQuery!.query,
      soleBatch(vectorHits, textHits, '_distance'),
      soleBatch(textHits, vectorHits, '_score'),
    ),
  );
  return withSourceScores(
    new arrow.Table(fused).slice(offset, offset + limit),
    request,
    scoresByRow(vectorHits, '_distance'),
    scoresByRow(textHits, '_score'),
  );
}

/** A search's answer as one batch; an empty answer as an empty batch of the other's columns. */
function soleBatch(
  hits: ArrowTable,
  other: ArrowTable,
  score: '_distance' | '_score',
): RecordBatch {
  if (hits.batches.length === 1) return hits.batches[0]!;
  if (hits.numRows > 0) {
    throw errors.Internal(`LanceDB answered a search in ${hits.batches.length} batches, not one`);
  }
  // The other answer's columns, in its order, with this search's score in place of its own.
  const schema = new arrow.Schema(
    other.schema.fields.map((f) =>
      (SCORE_COLUMNS as readonly string[]).includes(f.name)
        ? new arrow.Field(score, new arrow.Float32(), true)
        : f,
    ),
  );
  return new arrow.RecordBatch(
    schema,
    arrow.makeData({
      type: new arrow.Struct(schema.fields),
      length: 0,
      nullCount: 0,
      children: schema.fields.map(
        (f): Data => arrow.vectorFromArray([], f.type as DataType).data[0]!,
      ),
    }),
  );
}

function scoresByRow(hits: ArrowTable, column: string): Map<bigint, number | null> {
  const byRow = new Map<bigint, number | null>();
  const ids = hits.getChild('_rowid');
  const values = hits.getChild(column);
  if (!ids || !values) return byRow;
  for (let i = 0; i < hits.numRows; i++) byRow.set(ids.get(i) as bigint, values.get(i) as number);
  return byRow;
}

function emptyAnswer(schema: Schema, request: QueryRequest): ArrowTable {
  const columns: Record<string, Vector> = {};
  const empty = new arrow.Table(projectedSchema(schema, request));
  for (const field of empty.schema.fields) columns[field.name] = empty.getChild(field.name)!;
  for (const name of SCORE_COLUMNS) columns[name] = arrow.vectorFromArray([], new arrow.Float32());
  if (request.withRowId) columns._rowid = arrow.vectorFromArray([], new arrow.Uint64());
  return new arrow.Table(columns);
}

function withSourceScores(
  fused: ArrowTable,
  request: QueryRequest,
  distances: Map<bigint, number | null>,
  scores: Map<bigint, number | null>,
): ArrowTable {
  const columns: Record<string, Vector> = {};
  for (const field of fused.schema.fields) {
    if ((SCORE_COLUMNS as readonly string[]).includes(field.name) || field.name === '_rowid')
      continue;
    columns[field.name] = fused.getChild(field.name)!;
  }
  const ids = fused.getChild('_rowid')!;
  const byRow = (from: Map<bigint, number | null>) =>
    arrow.vectorFromArray(
      Array.from({ length: fused.numRows }, (_, i) => from.get(ids.get(i) as bigint) ?? null),
      new arrow.Float32(),
    );
  columns._distance = byRow(distances);
  columns._score = byRow(scores);
  columns._relevance_score = fused.getChild('_relevance_score')!;
  if (request.withRowId) columns._rowid = ids;
  return new arrow.Table(columns);
}

/** The plans of the two searches a hybrid search runs, one after the other. */
export async function explainHybrid(
  table: LanceTable,
  schema: Schema,
  request: QueryRequest,
  mode: { verbose: boolean } | 'analyze',
): Promise<string> {
  const { vector: vectorPart, text: textPart } = parts(request);
  const plan = (part: QueryRequest) => {
    const query = buildQuery(table, schema, part);
    return lance(() =>
      mode === 'analyze' ? query.analyzePlan() : query.explainPlan(mode.verbose),
    );
  };
  const vectorPlan = await plan(vectorPart);
  const textPlan = await plan(textPart);
  return [
    '-- Vector search',
    vectorPlan.trimEnd(),
    '',
    '-- Full-text search',
    textPlan.trimEnd(),
    '',
    '-- Fused by reciprocal rank (RRF, k = 60)',
  ].join('\n');
}
