/**
 * A create-index request (the contract's CreateTableIndexRequest, plus LanceDB's extras) and its
 * validation against the index-type table. Shared, not engine-only: the app's form runs the same
 * checks as the engine before anything is sent, so its messages are the engine's.
 */
import { z } from 'zod';
import { errors } from './vocabulary/errors';
import { componentProblem } from './vocabulary/ids';
import type { JsonArrowField } from './vocabulary/json-arrow-types';
import { suggestSubVectors } from './index-advice';
import {
  describeFieldType,
  isBinaryVector,
  vectorDimension,
} from './vocabulary/index-types/column-kinds';
import {
  findIndexSpec,
  indexTypesForField,
  INDEX_SPECS,
} from './vocabulary/index-types/spec-table';
import type { IndexSpec, ParamSpec } from './vocabulary/index-types/spec-types';

/** Every field a create-index request may carry (CreateTableIndexRequest, plus LanceDB extras). */
export const IndexRequestSchema = z
  .object({
    column: z.string().min(1),
    index_type: z.string().min(1),
    name: z.string().optional(),
    branch: z.string().optional(),
    replace: z.boolean().optional(),
    distance_type: z.string().optional(),
    num_partitions: z.number().optional(),
    target_partition_size: z.number().optional(),
    num_sub_vectors: z.number().optional(),
    num_bits: z.number().optional(),
    sample_rate: z.number().optional(),
    max_iterations: z.number().optional(),
    m: z.number().optional(),
    ef_construction: z.number().optional(),
    with_position: z.boolean().optional(),
    base_tokenizer: z.string().optional(),
    language: z.string().optional(),
    max_token_length: z.number().optional(),
    lower_case: z.boolean().optional(),
    stem: z.boolean().optional(),
    remove_stop_words: z.boolean().optional(),
    custom_stop_words: z.array(z.string()).optional(),
    ascii_folding: z.boolean().optional(),
    ngram_min_length: z.number().optional(),
    ngram_max_length: z.number().optional(),
    prefix_only: z.boolean().optional(),
    block_size: z.number().optional(),
  })
  .strict();

export type IndexRequest = z.infer<typeof IndexRequestSchema>;

type ParamValue = string | number | boolean | string[];

/** A request after validation: the canonical type, the resolved name, and typed parameters. */
export interface ValidatedIndexRequest {
  spec: IndexSpec;
  name: string;
  replace: boolean;
  params: Record<string, ParamValue>;
}

const GENERAL_FIELDS = new Set(['column', 'index_type', 'name', 'branch', 'replace']);

function checkParamValue(param: ParamSpec, value: unknown): ParamValue {
  const bad = (why: string) =>
    errors.InvalidInput(`Parameter ${param.name} ${why} (got ${JSON.stringify(value)})`);
  const t = param.type;
  switch (t.kind) {
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw bad('must be a whole number');
      if (t.min !== undefined && value < t.min) throw bad(`must be at least ${t.min}`);
      if (t.max !== undefined && value > t.max) throw bad(`must be at most ${t.max}`);
      return value;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('must be a number');
      if (t.min !== undefined && (t.exclusiveMin ? value <= t.min : value < t.min)) {
        throw bad(`must be ${t.exclusiveMin ? 'greater than' : 'at least'} ${t.min}`);
      }
      if (t.max !== undefined && value > t.max) throw bad(`must be at most ${t.max}`);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('must be true or false');
      return value;
    case 'enum': {
      const text =
        typeof value === 'number'
          ? String(value)
          : typeof value === 'string'
            ? value.toLowerCase()
            : undefined;
      if (text === undefined || !t.values.includes(text))
        throw bad(`must be one of ${t.values.join(', ')}`);
      return typeof value === 'number' ? value : text;
    }
    case 'string':
      if (typeof value !== 'string' || value.length === 0) throw bad('must be a non-empty string');
      if (t.pattern && !t.pattern.test(value))
        throw bad(`must be ${t.patternHelp ?? 'well formed'}`);
      return value;
    case 'string-list':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw bad('must be a list of strings');
      }
      return value as string[];
  }
}

export interface IndexTarget {
  /** The resolved column in its JSON form, with its canonical path. */
  field: JsonArrowField;
  canonicalPath: string;
  segments: readonly string[];
  /** Rows in the table now, when known: bounds partitions and drives suggestions. */
  rowCount?: number;
}
export function defaultIndexName(segments: readonly string[]): string {
  // Kept under the 255-character name limit however long the column path is.
  return `${segments
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 240)}_idx`;
}

/**
 * Checks a request against the spec table and the target column, before any work starts.
 * Every refusal is InvalidInput with a message that says what to change.
 */
export function validateIndexRequest(
  request: IndexRequest,
  target: IndexTarget,
): ValidatedIndexRequest {
  const spec = findIndexSpec(request.index_type);
  if (!spec) {
    throw errors.InvalidInput(
      `Unknown index type ${JSON.stringify(request.index_type)}; known types are ${INDEX_SPECS.map((s) => s.type).join(', ')}`,
    );
  }
  if (spec.unsupported) {
    throw errors.Unsupported(`Index type ${spec.type} is ${spec.unsupported}`);
  }
  if (!spec.acceptsField(target.field)) {
    const fits = indexTypesForField(target.field)
      .filter((s) => !s.unsupported)
      .map((s) => s.type);
    throw errors.InvalidInput(
      `Index type ${spec.type} needs ${spec.accepts}, but column ${target.canonicalPath} is ${describeFieldType(target.field)}` +
        (fits.length > 0
          ? `; this column can take ${fits.join(', ')}`
          : '; no index type fits this column'),
    );
  }

  const params: Record<string, ParamValue> = {};
  const known = new Map(spec.params.map((p) => [p.name, p]));
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || GENERAL_FIELDS.has(key)) continue;
    const param = known.get(key);
    if (!param) {
      throw errors.InvalidInput(
        `Parameter ${key} does not apply to ${spec.type}` +
          (spec.params.length > 0
            ? `; it takes ${spec.params.map((p) => p.name).join(', ')}`
            : '; it takes no parameters'),
      );
    }
    params[key] = checkParamValue(param, value);
  }

  if (params.num_partitions !== undefined && params.target_partition_size !== undefined) {
    throw errors.InvalidInput('Give num_partitions or target_partition_size, not both');
  }
  const dimension = vectorDimension(target.field);
  if (params.num_sub_vectors !== undefined && dimension !== undefined) {
    const sub = params.num_sub_vectors as number;
    if (dimension % sub !== 0) {
      throw errors.InvalidInput(
        `num_sub_vectors ${sub} does not divide the vector dimension ${dimension}; try ${suggestSubVectors(dimension)}`,
      );
    }
  }
  if (params.distance_type === 'hamming' && !isBinaryVector(target.field)) {
    throw errors.InvalidInput('hamming distance needs a uint8 vector column');
  }
  if (
    spec.kind === 'vector' &&
    isBinaryVector(target.field) &&
    params.distance_type !== 'hamming'
  ) {
    throw errors.InvalidInput(
      `Column ${target.canonicalPath} holds binary vectors; use distance_type hamming`,
    );
  }
  if (
    params.ngram_min_length !== undefined &&
    params.ngram_max_length !== undefined &&
    (params.ngram_min_length as number) > (params.ngram_max_length as number)
  ) {
    throw errors.InvalidInput('ngram_min_length must not exceed ngram_max_length');
  }
  const rows = target.rowCount;
  if (spec.kind === 'vector' && rows !== undefined) {
    if (rows === 0) {
      throw errors.InvalidInput(
        `A ${spec.type} index is trained on the data; the table has no rows yet`,
      );
    }
    if (params.num_partitions !== undefined && (params.num_partitions as number) > rows) {
      throw errors.InvalidInput(
        `num_partitions ${String(params.num_partitions)} exceeds the ${rows} rows in the table; use at most ${rows}`,
      );
    }
  }

  const name = request.name ?? defaultIndexName(target.segments);
  const nameProblem = componentProblem(name);
  if (nameProblem)
    throw errors.InvalidInput(`Invalid index name ${JSON.stringify(name)}: it ${nameProblem}`);

  return { spec, name, replace: request.replace ?? true, params };
}
