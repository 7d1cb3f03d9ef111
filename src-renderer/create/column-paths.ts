/**
 * A table's columns as the create-index form lists them: every field, nested struct children
 * included, under the canonical path the engine resolves (`meta.score`, `` meta.`a.b` ``).
 * The engine's field-paths module loads Arrow, which the renderer does not bundle; the path
 * rule is repeated here and a unit test keeps the two in step.
 */
import type { JsonArrowField } from '../../src-main/catalog/json-arrow-types';

export interface ColumnOption {
  path: string;
  segments: string[];
  field: JsonArrowField;
  depth: number;
}

const BARE_SEGMENT = /^[A-Za-z0-9_]+$/;

export function formatColumnPath(segments: readonly string[]): string {
  return segments
    .map((segment) =>
      BARE_SEGMENT.test(segment) ? segment : `\`${segment.replaceAll('`', '``')}\``,
    )
    .join('.');
}

/** Depth first, parents before their children, in schema order. */
export function flattenColumns(schema: { fields: readonly JsonArrowField[] }): ColumnOption[] {
  const out: ColumnOption[] = [];
  const walk = (fields: readonly JsonArrowField[], prefix: string[]) => {
    for (const field of fields) {
      const segments = [...prefix, field.name];
      out.push({ path: formatColumnPath(segments), segments, field, depth: prefix.length });
      if (field.type.type === 'struct' && field.type.fields) walk(field.type.fields, segments);
    }
  };
  walk(schema.fields, []);
  return out;
}
