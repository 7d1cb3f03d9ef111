/**
 * The schema builder's model: a tree of field drafts (scalars, vectors, lists, structs with
 * children), the problems that would make the table unusable, and the JSON schema that
 * `tables:create-empty` takes.
 */
import type {
  JsonArrowDataType,
  JsonArrowField,
  JsonArrowSchema,
} from '../../../src-shared/vocabulary/json-arrow-types';
import { dimensionProblem } from '../../common/schema/vector-dimension';
import { SCALAR_TYPE_LABELS, type ScalarType } from '../../common/schema/type-names';

export type BuilderType = ScalarType | 'vector' | 'list' | 'struct';

export const BUILDER_TYPE_LABELS: Record<BuilderType, string> = {
  ...SCALAR_TYPE_LABELS,
  vector: 'vector (float32 × dim)',
  list: 'list of …',
  struct: 'struct (nested fields)',
};

export interface FieldDraft {
  id: string;
  name: string;
  type: BuilderType;
  nullable: boolean;
  /** For vectors: the dimension as typed. */
  dimension: string;
  /** For lists: the item type. */
  itemType: ScalarType;
  /** For structs. */
  children: FieldDraft[];
}

let nextId = 0;
export function newFieldDraft(patch: Partial<FieldDraft> = {}): FieldDraft {
  nextId += 1;
  return {
    id: `f${nextId}`,
    name: '',
    type: 'utf8',
    nullable: true,
    dimension: '',
    itemType: 'utf8',
    children: [],
    ...patch,
  };
}

/** A field's problem by its id; every level checks its own siblings for duplicate names. */
export function schemaProblems(fields: readonly FieldDraft[]): Map<string, string> {
  const problems = new Map<string, string>();
  const walk = (level: readonly FieldDraft[]) => {
    const seen = new Set<string>();
    for (const field of level) {
      const name = field.name.trim();
      if (name === '') problems.set(field.id, 'Every field needs a name');
      else if (seen.has(name)) problems.set(field.id, `The name ${name} is used twice here`);
      else if (field.type === 'vector') {
        const problem = dimensionProblem(field.dimension);
        if (problem) problems.set(field.id, problem);
      } else if (field.type === 'struct' && field.children.length === 0)
        problems.set(field.id, 'A struct needs at least one field');
      seen.add(name);
      if (field.type === 'struct') walk(field.children);
    }
  };
  walk(fields);
  return problems;
}

/** The first problem in words, for the form's summary; undefined when the schema is usable. */
export function schemaProblem(fields: readonly FieldDraft[]): string | undefined {
  if (fields.length === 0) return 'Add at least one field';
  const problems = schemaProblems(fields);
  const label = (field: FieldDraft) => field.name.trim() || 'a field without a name';
  const find = (level: readonly FieldDraft[], prefix: string): string | undefined => {
    for (const field of level) {
      const path = prefix ? `${prefix}.${label(field)}` : label(field);
      const problem = problems.get(field.id);
      if (problem) return `Field ${path}: ${problem}`;
      const inner = field.type === 'struct' ? find(field.children, path) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return find(fields, '');
}

function item(type: JsonArrowDataType): JsonArrowField[] {
  return [{ name: 'item', nullable: true, type }];
}

function toJsonType(field: FieldDraft): JsonArrowDataType {
  switch (field.type) {
    case 'vector':
      return {
        type: 'fixed_size_list',
        length: Number(field.dimension.trim()),
        fields: item({ type: 'float32' }),
      };
    case 'list':
      return { type: 'list', fields: item({ type: field.itemType }) };
    case 'struct':
      return { type: 'struct', fields: field.children.map(toJsonField) };
    default:
      return { type: field.type };
  }
}

function toJsonField(field: FieldDraft): JsonArrowField {
  return { name: field.name.trim(), nullable: field.nullable, type: toJsonType(field) };
}

export function toJsonSchema(fields: readonly FieldDraft[]): JsonArrowSchema {
  return { fields: fields.map(toJsonField) };
}

// ---- tree edits, by id, so nested rows change without index bookkeeping --------------------

export function updateField(
  fields: readonly FieldDraft[],
  id: string,
  patch: Partial<FieldDraft>,
): FieldDraft[] {
  return fields.map((f) =>
    f.id === id
      ? { ...f, ...patch }
      : f.children.length
        ? { ...f, children: updateField(f.children, id, patch) }
        : f,
  );
}

export function removeField(fields: readonly FieldDraft[], id: string): FieldDraft[] {
  return fields
    .filter((f) => f.id !== id)
    .map((f) => (f.children.length ? { ...f, children: removeField(f.children, id) } : f));
}

export function addChild(fields: readonly FieldDraft[], parentId: string): FieldDraft[] {
  return fields.map((f) =>
    f.id === parentId
      ? { ...f, children: [...f.children, newFieldDraft()] }
      : f.children.length
        ? { ...f, children: addChild(f.children, parentId) }
        : f,
  );
}
