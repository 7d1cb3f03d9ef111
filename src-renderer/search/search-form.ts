/**
 * The Search tab's form as plain data, and its one way into a QueryRequest. Everything the engine
 * would refuse is caught here first and named by field, so nothing refused is sent: a malformed
 * vector, a k out of range, nprobes beyond the index's partitions, a text search on a column
 * without a full-text index, a hybrid search that lacks one of its two indexes.
 */
import type { IndexInfo, QueryRequest } from '../../src-shared/catalog-api';
import { isTextColumn } from '../../src-shared/vocabulary/index-types/column-kinds';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { flattenColumns, vectorColumns } from '../common/schema/column-paths';
import { formatNumber } from '../../src-shared/format';

export type SearchMode = 'vector' | 'text' | 'hybrid';
export type Metric = '' | 'l2' | 'cosine' | 'dot' | 'hamming';

export interface SearchForm {
  mode: SearchMode;
  vectorColumn: string;
  /** The query vector as typed or pasted: a JSON array, or numbers separated by commas. */
  vectorText: string;
  k: string;
  metric: Metric;
  nprobes: string;
  refineFactor: string;
  /** Exact search: LanceDB's bypass_vector_index. */
  exact: boolean;
  lower: string;
  upper: string;
  filter: string;
  /** The filter before the search (LanceDB's default) or after it. */
  prefilter: boolean;
  textQuery: string;
  textColumns: string[];
  textKind: 'match' | 'phrase';
  operator: 'or' | 'and';
  fuzziness: string;
  /** Columns to return; empty = all. */
  returnColumns: string[];
}

export const EMPTY_FORM: SearchForm = {
  mode: 'vector',
  vectorColumn: '',
  vectorText: '',
  k: '10',
  metric: '',
  nprobes: '',
  refineFactor: '',
  exact: false,
  lower: '',
  upper: '',
  filter: '',
  prefilter: true,
  textQuery: '',
  textColumns: [],
  textKind: 'match',
  operator: 'or',
  fuzziness: '',
  returnColumns: [],
};

export type FormField = keyof SearchForm;
export type Problems = Partial<Record<FormField, string>>;

export interface SearchFacts {
  fields: readonly JsonArrowField[];
  indexes: readonly IndexInfo[];
  /** Partition counts of vector indexes, by index name, where this app recorded the build. */
  partitions: ReadonlyMap<string, number>;
}

export function textColumns(fields: readonly JsonArrowField[]): string[] {
  return flattenColumns({ fields })
    .filter((c) => isTextColumn(c.field))
    .map((c) => c.path);
}

const VECTOR_INDEX = /^IVF_|HNSW/;

export function indexOn(
  indexes: readonly IndexInfo[],
  column: string,
  kind: 'vector' | 'fts',
): IndexInfo | undefined {
  return indexes.find(
    (i) =>
      i.columns[0] === column &&
      i.status !== 'building' &&
      (kind === 'fts' ? i.indexType === 'FTS' : VECTOR_INDEX.test(i.indexType)),
  );
}

const MAX_K = 10_000;

/** The query vector from its text: every value a finite number, none missing. */
export function parseVector(text: string): number[] | string {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  if (inner === '') return 'Paste a vector: numbers in [ ], separated by commas';
  const parts = inner.split(/[\s,]+/).filter((p) => p !== '');
  const values: number[] = [];
  for (const [i, part] of parts.entries()) {
    const value = Number(part);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(part) || !Number.isFinite(value)) {
      return `Value ${i + 1} (${part.slice(0, 20)}) is not a number`;
    }
    values.push(value);
  }
  return values;
}

function wholeNumber(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | string {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    return max === Number.MAX_SAFE_INTEGER
      ? `A whole number of at least ${min}`
      : `A whole number from ${min} to ${formatNumber(max)}`;
  }
  return value;
}

function optionalNumber(text: string): number | undefined | string {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'A number';
}

/** The request the form describes, or what is wrong with it, by field. */
export function toSearchRequest(
  form: SearchForm,
  facts: SearchFacts,
): { request: QueryRequest } | { problems: Problems } {
  const problems: Problems = {};
  const request: QueryRequest = {};
  const k = wholeNumber(form.k, 1, MAX_K);
  if (typeof k === 'string') problems.k = k;
  else request.limit = k;
  if (form.filter.trim() !== '') request.filter = form.filter.trim();
  if (form.returnColumns.length > 0) request.columns = [...form.returnColumns];

  if (form.mode !== 'text') vectorPart(form, facts, request, problems);
  if (form.mode !== 'vector') textPart(form, facts, request, problems);
  return Object.keys(problems).length > 0 ? { problems } : { request };
}

function vectorPart(
  form: SearchForm,
  facts: SearchFacts,
  request: QueryRequest,
  problems: Problems,
) {
  const column = vectorColumns(facts.fields).find((c) => c.path === form.vectorColumn);
  if (!column) {
    problems.vectorColumn = 'Choose a vector column';
    return;
  }
  request.vectorColumn = column.path;
  const vector = parseVector(form.vectorText);
  if (typeof vector === 'string') problems.vectorText = vector;
  else if (vector.length !== column.dimension) {
    problems.vectorText = `${vector.length} values; ${column.path} holds vectors of ${column.dimension}`;
  } else request.vector = vector;
  if (form.metric) {
    if (form.metric === 'hamming' && !column.binary)
      problems.metric = 'Hamming distance is for binary vectors';
    else request.distanceType = form.metric;
  }
  const index = indexOn(facts.indexes, column.path, 'vector');
  if (form.mode === 'hybrid' && !index) {
    problems.vectorColumn = `Hybrid search needs a vector index on ${column.path}; create one with New index… on the Indexes tab`;
  }
  if (form.exact) request.bypassVectorIndex = true;
  if (form.nprobes.trim() !== '') {
    const partitions = index ? facts.partitions.get(index.name) : undefined;
    const nprobes = wholeNumber(form.nprobes, 1, partitions);
    if (typeof nprobes === 'string') {
      problems.nprobes =
        partitions === undefined ? nprobes : `${nprobes}: the index has ${partitions} partitions`;
    } else request.nprobes = nprobes;
  }
  if (form.refineFactor.trim() !== '') {
    const refine = wholeNumber(form.refineFactor, 1, 1_000);
    if (typeof refine === 'string') problems.refineFactor = refine;
    else request.refineFactor = refine;
  }
  const lower = optionalNumber(form.lower);
  const upper = optionalNumber(form.upper);
  if (typeof lower === 'string') problems.lower = lower;
  if (typeof upper === 'string') problems.upper = upper;
  if (typeof lower === 'number' && typeof upper === 'number' && lower >= upper) {
    problems.upper = 'Must be above the lower bound';
  } else if (typeof lower !== 'string' && typeof upper !== 'string') {
    if (lower !== undefined || upper !== undefined) {
      request.distanceRange = {
        ...(lower === undefined ? {} : { lower }),
        ...(upper === undefined ? {} : { upper }),
      };
    }
  }
  if (!form.prefilter && request.filter) request.prefilter = false;
}

function textPart(form: SearchForm, facts: SearchFacts, request: QueryRequest, problems: Problems) {
  if (form.textQuery.trim() === '') problems.textQuery = 'Type the words to search for';
  if (form.textColumns.length === 0) {
    problems.textColumns = 'Choose a column with a full-text index';
    return;
  }
  const unindexed = form.textColumns.filter((c) => !indexOn(facts.indexes, c, 'fts'));
  if (unindexed.length > 0) {
    problems.textColumns = `${unindexed.join(', ')} ${unindexed.length === 1 ? 'has' : 'have'} no full-text index; create one with New index… on the Indexes tab`;
    return;
  }
  if (form.textKind === 'phrase' && form.textColumns.length !== 1) {
    problems.textColumns = 'A phrase search looks in one column';
    return;
  }
  let fuzziness: number | undefined;
  if (form.fuzziness.trim() !== '') {
    const value = wholeNumber(form.fuzziness, 0, 2);
    if (typeof value === 'string') problems.fuzziness = value;
    else if (form.textColumns.length > 1 || form.textKind === 'phrase')
      problems.fuzziness = 'Fuzzy matching searches one column, not a phrase';
    else fuzziness = value;
  }
  request.fullTextQuery = {
    query: form.textQuery.trim(),
    columns: [...form.textColumns],
    ...(form.textKind === 'phrase' ? { kind: 'phrase' as const } : {}),
    ...(form.operator === 'and' && form.textKind === 'match' ? { operator: 'and' as const } : {}),
    ...(fuzziness ? { fuzziness } : {}),
  };
}

/** The form that re-runs a request from the history. */
export function formFromRequest(request: QueryRequest): SearchForm {
  const fts = request.fullTextQuery;
  return {
    ...EMPTY_FORM,
    mode: request.vector ? (fts ? 'hybrid' : 'vector') : 'text',
    vectorColumn: request.vectorColumn ?? '',
    vectorText: request.vector ? JSON.stringify(request.vector) : '',
    k: String(request.limit ?? 10),
    metric: request.distanceType ?? '',
    nprobes: request.nprobes === undefined ? '' : String(request.nprobes),
    refineFactor: request.refineFactor === undefined ? '' : String(request.refineFactor),
    exact: request.bypassVectorIndex ?? false,
    lower: request.distanceRange?.lower === undefined ? '' : String(request.distanceRange.lower),
    upper: request.distanceRange?.upper === undefined ? '' : String(request.distanceRange.upper),
    filter: request.filter ?? '',
    prefilter: request.prefilter !== false,
    textQuery: fts?.query ?? '',
    textColumns: fts?.columns ?? [],
    textKind: fts?.kind ?? 'match',
    operator: fts?.operator ?? 'or',
    fuzziness: fts?.fuzziness === undefined ? '' : String(fts.fuzziness),
    returnColumns: request.columns ?? [],
  };
}

/** A line that tells history entries apart. */
/**
 * A query vector told apart from another of the same length: its first values and its length,
 * "[0.12, -0.4, 0.93, … 128 values]". Searches from different rows read differently in the history.
 */
export function vectorPreview(vector: readonly number[], shown = 3): string {
  const head = vector.slice(0, shown).map((v) => formatNumber(v));
  return vector.length <= shown
    ? `[${head.join(', ')}]`
    : `[${head.join(', ')}, … ${formatNumber(vector.length)} values]`;
}

export function describeRequest(request: QueryRequest): string {
  const parts: string[] = [];
  if (request.vector)
    parts.push(
      `nearest to ${vectorPreview(request.vector)} in ${request.vectorColumn ?? 'vector'}`,
    );
  if (request.fullTextQuery) {
    const q = request.fullTextQuery;
    parts.push(
      `${q.kind === 'phrase' ? 'phrase' : 'text'} "${q.query}"${q.columns ? ` in ${q.columns.join(', ')}` : ''}`,
    );
  }
  if (request.filter) parts.push(`where ${request.filter}`);
  if (request.nprobes) parts.push(`nprobes ${request.nprobes}`);
  if (request.refineFactor) parts.push(`refine ${request.refineFactor}`);
  if (request.bypassVectorIndex) parts.push('exact');
  parts.push(`k ${request.limit ?? 10}`);
  return parts.join(' · ');
}
