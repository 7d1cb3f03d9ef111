/**
 * What a commit did to the columns, from the schemas of its version and the one before (Lance
 * fields keep their id across a rename; a cast keeps the id with a new type, or writes the
 * column anew under a new id with the same name). The transaction alone cannot tell them apart: Lance records adding a column and
 * changing its type both as a Merge, and renaming and dropping both as a Project, which made the
 * timeline call a type change "Add columns" and a rename "Drop or rename columns".
 */
import type { TransactionInfo } from '../../../../src-shared/catalog-api';
import type { ManifestField } from './manifest-types';

export type ColumnChanges = NonNullable<TransactionInfo['columns']>;

/** A field's dotted path (`meta.score`), by the parent ids of its schema. */
function paths(schema: readonly ManifestField[]): Map<number, { path: string; type: string }> {
  const byId = new Map(schema.map((f) => [f.id, f]));
  const pathOf = (f: ManifestField): string => {
    const parent = byId.get(f.parentId);
    return parent ? `${pathOf(parent)}.${f.name}` : f.name;
  };
  return new Map(schema.map((f) => [f.id, { path: pathOf(f), type: f.logicalType }]));
}

export function columnChanges(
  before: readonly ManifestField[],
  after: readonly ManifestField[],
): ColumnChanges {
  const was = paths(before);
  const now = paths(after);
  const wasByPath = new Map([...was].map(([id, f]) => [f.path, { id, ...f }]));
  const changes: ColumnChanges = { added: [], dropped: [], renamed: [], retyped: [] };
  const replaced = new Set<number>();
  for (const [id, f] of now) {
    const old = was.get(id);
    if (old) {
      if (old.path !== f.path) changes.renamed.push({ from: old.path, to: f.path });
      // Lance may cast a column in place, keeping its id.
      if (old.type !== f.type) changes.retyped.push({ path: f.path, from: old.type, to: f.type });
      continue;
    }
    const sameName = wasByPath.get(f.path);
    if (sameName && !now.has(sameName.id)) {
      replaced.add(sameName.id);
      if (sameName.type !== f.type) {
        changes.retyped.push({ path: f.path, from: sameName.type, to: f.type });
      }
    } else {
      changes.added.push(f.path);
    }
  }
  for (const [id, f] of was) if (!now.has(id) && !replaced.has(id)) changes.dropped.push(f.path);
  // A nested field follows its parent: name the column, not each of its children.
  const top = (list: string[]) =>
    list.filter((p) => !list.some((q) => q !== p && p.startsWith(`${q}.`)));
  return {
    added: top(changes.added),
    dropped: top(changes.dropped),
    renamed: changes.renamed.filter(
      (r) => !changes.renamed.some((q) => q !== r && r.from.startsWith(`${q.from}.`)),
    ),
    retyped: changes.retyped,
  };
}
