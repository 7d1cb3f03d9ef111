/**
 * The shape of the index-type table: what kind of index, which columns it takes, and each
 * parameter with its type, default and help. Parameter names are the contract's snake_case field
 * names (CreateTableIndexRequest), so a request body, a form and a spec entry speak the same words.
 */
import type { JsonArrowField } from '../json-arrow-types';

export type IndexKind = 'vector' | 'scalar' | 'fts';

export type ParamType =
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'number'; min?: number; max?: number; exclusiveMin?: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'string'; pattern?: RegExp; patternHelp?: string }
  | { kind: 'string-list' };

export interface ParamSpec {
  name: string;
  label: string;
  type: ParamType;
  /** What the engine uses when the parameter is absent; a string for computed defaults. */
  default: string | number | boolean | null;
  help: string;
}

export interface IndexSpec {
  type: string;
  aliases: readonly string[];
  kind: IndexKind;
  label: string;
  help: string;
  /** Present when the pinned LanceDB cannot build this type; the reason says why. */
  unsupported?: string;
  /** Which columns it indexes, in words, for errors and the form. */
  accepts: string;
  acceptsField: (field: JsonArrowField) => boolean;
  params: readonly ParamSpec[];
}
