/**
 * The create-index form's state as data: a value per parameter of the chosen spec (text for
 * numbers, lists and strings as typed; booleans as booleans), seeded from the spec's defaults
 * and from suggestions for this table, and turned into an `indexes:create` request that the
 * engine's own `validateIndexRequest` checks before anything is sent.
 */
import { suggestPartitions, suggestSubVectors } from '../../src-shared/index-advice';
import { validateIndexRequest, type IndexRequest } from '../../src-shared/index-request';
import { vectorDimension } from '../../src-shared/vocabulary/index-types/column-kinds';
import type { IndexSpec, ParamSpec } from '../../src-shared/vocabulary/index-types/spec-types';
import type { ColumnOption } from '../common/schema/column-paths';

export type ParamValues = Record<string, string | boolean>;

export interface TableFacts {
  rowCount: number | undefined;
  dimension: number | undefined;
}

export function factsFor(column: ColumnOption | undefined, rowCount: number | undefined) {
  return { rowCount, dimension: column ? vectorDimension(column.field) : undefined };
}

/** A value worked out for this table, where the spec's default is a rule ("sqrt(rows)"). */
export function suggestedValue(param: ParamSpec, facts: TableFacts): number | undefined {
  if (param.name === 'num_partitions' && facts.rowCount) return suggestPartitions(facts.rowCount);
  if (param.name === 'num_sub_vectors' && facts.dimension)
    return suggestSubVectors(facts.dimension);
  return undefined;
}

function initialValue(param: ParamSpec, facts: TableFacts): string | boolean {
  if (param.type.kind === 'boolean') return param.default === true;
  const suggested = suggestedValue(param, facts);
  if (suggested !== undefined) return String(suggested);
  if (param.default === null || typeof param.default === 'boolean') return '';
  // A computed default ("sqrt(rows)") is not a value: leave it empty, the engine works it out.
  if (
    typeof param.default === 'string' &&
    (param.type.kind === 'integer' || param.type.kind === 'number')
  )
    return '';
  return String(param.default);
}

export function initialParamValues(spec: IndexSpec, facts: TableFacts): ParamValues {
  return Object.fromEntries(spec.params.map((p) => [p.name, initialValue(p, facts)]));
}

type RequestValue = string | number | boolean | string[];

/** One control's value as the request carries it; undefined leaves the engine's default. */
function requestValue(
  param: ParamSpec,
  value: string | boolean | undefined,
): { value?: RequestValue; problem?: string } {
  if (value === undefined) return {};
  const t = param.type;
  if (t.kind === 'boolean') return value === param.default ? {} : { value: Boolean(value) };
  const text = String(value).trim();
  if (text === '') return {};
  switch (t.kind) {
    case 'integer':
    case 'number': {
      const n = Number(text);
      if (Number.isNaN(n)) return { problem: `${param.label} must be a number, not ${text}` };
      return n === param.default ? {} : { value: n };
    }
    case 'enum': {
      if (text === String(param.default)) return {};
      // Enums of numbers (bits, block sizes) travel as numbers.
      return { value: t.values.every((v) => /^\d+$/.test(v)) ? Number(text) : text };
    }
    case 'string-list': {
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? { value: items } : {};
    }
    default:
      return text === param.default ? {} : { value: text };
  }
}

export interface IndexFormState {
  column: ColumnOption;
  spec: IndexSpec;
  name: string;
  params: ParamValues;
}

export function buildIndexRequest(state: IndexFormState): {
  request: IndexRequest;
  problem?: string;
} {
  const request: Record<string, unknown> = {
    column: state.column.path,
    index_type: state.spec.type,
    name: state.name.trim(),
  };
  for (const param of state.spec.params) {
    const { value, problem } = requestValue(param, state.params[param.name]);
    if (problem) return { request: request as IndexRequest, problem };
    if (value !== undefined) request[param.name] = value;
  }
  return { request: request as IndexRequest };
}

/** The request if the engine would accept it, else the engine's own reason. */
export function checkIndexForm(
  state: IndexFormState,
  rowCount: number | undefined,
): { request: IndexRequest; problem?: string } {
  const built = buildIndexRequest(state);
  if (built.problem) return built;
  if (built.request.name === '') return { ...built, problem: 'The index needs a name' };
  try {
    validateIndexRequest(built.request, {
      field: state.column.field,
      canonicalPath: state.column.path,
      segments: state.column.segments,
      ...(rowCount === undefined ? {} : { rowCount }),
    });
    return built;
  } catch (error) {
    return { ...built, problem: error instanceof Error ? error.message : String(error) };
  }
}
