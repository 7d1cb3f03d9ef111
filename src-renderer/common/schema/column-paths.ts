/**
 * A table's columns as the create-index form lists them: every field, nested struct children
 * included, under the canonical path the engine resolves (`meta.score`, `` meta.`a.b` ``); and its
 * vector columns, as the Search tab and the recall check offer them.
 */
import {
  isBinaryVector,
  vectorDimension,
} from '../../../src-shared/vocabulary/index-types/column-kinds';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';

export interface ColumnOption {
  path: string;
  segments: string[];
  field: JsonArrowField;
  depth: number;
}

/** Depth first, parents before their children, in schema order. */
export function flattenColumns(schema: { fields: readonly JsonArrowField[] }): ColumnOption[] {
  const out: ColumnOption[] = [];
  const walk = (fields: readonly JsonArrowField[], prefix: string[]) => {
    for (const field of fields) {
      const segments = [...prefix, field.name];
      out.push({ path: formatFieldPath(segments), segments, field, depth: prefix.length });
      if (field.type.type === 'struct' && field.type.fields) walk(field.type.fields, segments);
    }
  };
  walk(schema.fields, []);
  return out;
}

export interface VectorColumn {
  path: string;
  dimension: number;
  binary: boolean;
}

export function vectorColumns(fields: readonly JsonArrowField[]): VectorColumn[] {
  return flattenColumns({ fields }).flatMap((c) => {
    const dimension = vectorDimension(c.field);
    return dimension === undefined
      ? []
      : [{ path: c.path, dimension, binary: isBinaryVector(c.field) }];
  });
}
