/**
 * The editable schema of an import: one draft per file column (keep it or not, its name, its
 * type), seeded from the inferred schema, checked as the person types, and turned into the
 * `columns` of `imports:start` (only when something was edited, and a type only where it changed).
 */
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import {
  IMPORT_COLUMN_TYPES,
  type ImportColumn,
  type ImportColumnType,
} from '../../src-shared/studio-procedures';
import { describeJsonType } from '../common/schema/type-names';
import { dimensionProblem } from '../common/schema/vector-dimension';

/** `as-is`: the file's own type, for types the list does not offer (lists, structs, …). */
export type DraftType = ImportColumnType | 'as-is';

export interface ImportColumnDraft {
  source: string;
  include: boolean;
  name: string;
  type: DraftType;
  /** Text as typed, so that "12.5" or "" can be shown as a problem rather than lost. */
  dimension: string;
  /** The inferred type, in words, and the type the draft started from. */
  inferred: string;
  inferredType: DraftType;
  inferredDimension: string;
}

function draftTypeOf(field: JsonArrowField): { type: DraftType; dimension: string } {
  const t = field.type.type;
  if (t === 'fixed_size_list') {
    const child = field.type.fields?.[0]?.type.type;
    if (child === 'float32' || child === 'float64' || child === 'float16')
      return { type: 'vector', dimension: String(field.type.length ?? '') };
  }
  if ((IMPORT_COLUMN_TYPES as readonly string[]).includes(t) && t !== 'vector')
    return { type: t as ImportColumnType, dimension: '' };
  return { type: 'as-is', dimension: '' };
}

export function draftsFromSchema(schema: {
  fields: readonly JsonArrowField[];
}): ImportColumnDraft[] {
  return schema.fields.map((field) => {
    const { type, dimension } = draftTypeOf(field);
    return {
      source: field.name,
      include: true,
      name: field.name,
      type,
      dimension,
      inferred: describeJsonType(field.type),
      inferredType: type,
      inferredDimension: dimension,
    };
  });
}

/** The problem of each draft (by index), and of the whole: what would make the host refuse. */
export function importColumnsProblems(drafts: readonly ImportColumnDraft[]): {
  byColumn: Map<number, string>;
  overall?: string;
} {
  const byColumn = new Map<number, string>();
  const seen = new Map<string, number>();
  drafts.forEach((draft, i) => {
    if (!draft.include) return;
    const name = draft.name.trim();
    if (name === '') byColumn.set(i, 'Every column needs a name');
    else if (seen.has(name)) byColumn.set(i, `The name ${name} is used twice`);
    else if (draft.type === 'vector') {
      const problem = dimensionProblem(draft.dimension);
      if (problem) byColumn.set(i, problem);
    }
    seen.set(name, i);
  });
  const first = [...byColumn.entries()][0];
  const overall = drafts.some((d) => d.include)
    ? first && `Column ${drafts[first[0]]!.source}: ${first[1]}`
    : 'Keep at least one column';
  return { byColumn, ...(overall ? { overall } : {}) };
}

function edited(draft: ImportColumnDraft): boolean {
  return (
    !draft.include ||
    draft.name.trim() !== draft.source ||
    draft.type !== draft.inferredType ||
    (draft.type === 'vector' && draft.dimension.trim() !== draft.inferredDimension)
  );
}

/** The `columns` of `imports:start`; undefined when nothing was edited (import as inferred). */
export function toImportColumns(drafts: readonly ImportColumnDraft[]): ImportColumn[] | undefined {
  if (!drafts.some(edited)) return undefined;
  return drafts
    .filter((d) => d.include)
    .map((d) => {
      const name = d.name.trim();
      const changedType =
        d.type !== d.inferredType ||
        (d.type === 'vector' && d.dimension.trim() !== d.inferredDimension);
      if (!changedType || d.type === 'as-is') return { source: d.source, name };
      return {
        source: d.source,
        name,
        type: d.type,
        ...(d.type === 'vector' ? { dimension: Number(d.dimension.trim()) } : {}),
      };
    });
}
