/**
 * A JSON Arrow schema as the rows of a collapsible tree: each field with its depth, a type label
 * a person reads at a glance ("vector · float32 × 128"), and its canonical path while the field
 * is addressable (every ancestor a struct; list elements have no column path).
 */
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';

export interface SchemaRow {
  /** Stable across renders and unique in the tree: the chain of names from the root. */
  id: string;
  depth: number;
  name: string;
  typeLabel: string;
  nullable: boolean;
  /** Canonical column path; absent inside lists, where no column path reaches. */
  path?: string;
  /** The field names from the root, present exactly when `path` is. */
  segments?: string[];
  dimension?: number;
  expandable: boolean;
  expanded: boolean;
}

const FLOATS = new Set(['float16', 'float32', 'float64']);
const LISTS = new Set(['list', 'large_list']);

function isNested(field: JsonArrowField): boolean {
  const t = field.type.type;
  return t === 'struct' || LISTS.has(t) || t === 'map';
}

export function typeLabel(field: JsonArrowField): string {
  const { type } = field;
  const child = type.fields?.[0] as JsonArrowField | undefined;
  const dimension = vectorDimension(field);
  if (dimension !== undefined && child) {
    const element = child.type.type;
    return FLOATS.has(element)
      ? `vector · ${element} × ${dimension}`
      : `fixed_size_list<${element}> × ${dimension}`;
  }
  if (LISTS.has(type.type) && child) return `${type.type}<${typeLabel(child)}>`;
  if (type.type === 'struct') {
    const n = type.fields?.length ?? 0;
    return `struct · ${n} field${n === 1 ? '' : 's'}`;
  }
  if (type.type === 'fixed_size_binary' && type.length !== undefined) {
    return `fixed_size_binary[${type.length}]`;
  }
  return type.type;
}

/** Children shown under a field: struct members, and the element of a list of nested values. */
function childrenOf(field: JsonArrowField): JsonArrowField[] {
  const t = field.type.type;
  const fields = (field.type.fields ?? []) as JsonArrowField[];
  if (t === 'struct' || t === 'map') return fields;
  if (LISTS.has(t) && fields[0] && isNested(fields[0])) return fields;
  return [];
}

export function flattenSchema(
  fields: readonly JsonArrowField[],
  collapsed: ReadonlySet<string> = new Set(),
): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const walk = (
    list: readonly JsonArrowField[],
    depth: number,
    parentId: string,
    segments: string[] | undefined,
  ) => {
    for (const field of list) {
      const id = parentId === '' ? field.name : `${parentId}\u0000${field.name}`;
      const children = childrenOf(field);
      const ownSegments = segments ? [...segments, field.name] : undefined;
      const expanded = children.length > 0 && !collapsed.has(id);
      const dimension = vectorDimension(field);
      rows.push({
        id,
        depth,
        name: field.name,
        typeLabel: typeLabel(field),
        nullable: field.nullable,
        ...(ownSegments ? { path: formatFieldPath(ownSegments), segments: ownSegments } : {}),
        ...(dimension !== undefined ? { dimension } : {}),
        expandable: children.length > 0,
        expanded,
      });
      if (expanded) {
        // Struct members stay addressable; a list's element and everything under it do not.
        walk(children, depth + 1, id, field.type.type === 'struct' ? ownSegments : undefined);
      }
    }
  };
  walk(fields, 0, '', []);
  return rows;
}
