/**
 * What changed between two versions of a table: columns added, removed or changed (type or
 * nullability, nested fields included), the row count on each side, and the indexes added or
 * dropped. Both sides are read from the engine's read-only handles at those versions, so a diff
 * of a remote table costs a few calls and no rows.
 */
import type { TableHandle } from '../catalog/client';
import { listFieldPaths } from '../catalog/schema-fields';
import type { VersionDiff } from '../../src-shared/studio-schemas';

interface Side {
  rows: number;
  columns: Map<string, { type: string; nullable: boolean }>;
  indexes: Map<string, { indexType: string; columns: string[] }>;
}

async function sideAt(table: TableHandle, version: number): Promise<Side> {
  const at = await table.checkoutVersion(version);
  const [schema, rows, indexes] = await Promise.all([
    at.schema(),
    at.countRows(),
    at.listIndices(),
  ]);
  return {
    rows,
    columns: new Map(
      listFieldPaths(schema).map((f) => [
        f.canonicalPath,
        { type: String(f.field.type), nullable: f.field.nullable },
      ]),
    ),
    indexes: new Map(indexes.map((i) => [i.name, { indexType: i.indexType, columns: i.columns }])),
  };
}

export async function diffVersions(
  table: TableHandle,
  from: number,
  to: number,
): Promise<VersionDiff> {
  const [a, b] = await Promise.all([sideAt(table, from), sideAt(table, to)]);
  const columnsChanged: VersionDiff['columnsChanged'] = [];
  for (const [path, was] of a.columns) {
    const now = b.columns.get(path);
    if (now && (now.type !== was.type || now.nullable !== was.nullable)) {
      columnsChanged.push({ path, from: was, to: now });
    }
  }
  const only = <T>(x: Map<string, T>, y: Map<string, T>) =>
    [...x].filter(([name]) => !y.has(name)).map(([name, value]) => ({ name, ...value }));
  return {
    from,
    to,
    rows: { from: a.rows, to: b.rows },
    columnsAdded: only(b.columns, a.columns).map(({ name, ...rest }) => ({ path: name, ...rest })),
    columnsRemoved: only(a.columns, b.columns).map(({ name, ...rest }) => ({
      path: name,
      ...rest,
    })),
    columnsChanged,
    indexesAdded: only(b.indexes, a.indexes),
    indexesRemoved: only(a.indexes, b.indexes),
  };
}
