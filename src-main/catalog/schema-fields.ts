/**
 * Column paths resolved against an Arrow schema: which field a path names, and every path a
 * schema has. The path grammar itself is the vocabulary's (src-shared/vocabulary/field-paths).
 */
import type { Field, Schema } from 'apache-arrow';
import { errors } from '../../src-shared/vocabulary/errors';
import { formatFieldPath, parseFieldPath } from '../../src-shared/vocabulary/field-paths';
import { arrow } from './arrow';

const { DataType } = arrow;

export interface ResolvedField {
  segments: string[];
  canonicalPath: string;
  field: Field;
}

function structChildren(field: Field): Field[] | undefined {
  return DataType.isStruct(field.type) ? (field.type.children as Field[]) : undefined;
}

/** Every field path in a schema, depth first, with nested struct fields included. */
export function listFieldPaths(schema: Schema): ResolvedField[] {
  const out: ResolvedField[] = [];
  const walk = (fields: Field[], prefix: string[]) => {
    for (const field of fields) {
      const segments = [...prefix, field.name];
      out.push({ segments, canonicalPath: formatFieldPath(segments), field });
      const children = structChildren(field);
      if (children) walk(children, segments);
    }
  };
  walk(schema.fields, []);
  return out;
}

/**
 * Resolves a path against a schema. Malformed → InvalidInput; no such field →
 * TableColumnNotFound, naming the nested fields with that leaf name when a bare leaf was given.
 */
export function resolveFieldPath(schema: Schema, path: string): ResolvedField {
  const segments = parseFieldPath(path);
  let fields: Field[] | undefined = schema.fields;
  let field: Field | undefined;
  for (let depth = 0; depth < segments.length; depth++) {
    field = fields?.find((candidate) => candidate.name === segments[depth]);
    if (!field) {
      const canonical = formatFieldPath(segments);
      let hint = '';
      if (segments.length === 1) {
        const nested = listFieldPaths(schema).filter(
          (entry) => entry.segments.length > 1 && entry.field.name === segments[0],
        );
        if (nested.length > 0) {
          hint = `; a bare name addresses only top-level fields, did you mean ${nested.map((n) => n.canonicalPath).join(' or ')}?`;
        }
      } else if (depth > 0 && fields === undefined) {
        hint = `; ${formatFieldPath(segments.slice(0, depth))} is not a struct`;
      }
      throw errors.TableColumnNotFound(`Column ${canonical} was not found${hint}`);
    }
    fields = structChildren(field);
  }
  return { segments, canonicalPath: formatFieldPath(segments), field: field! };
}
