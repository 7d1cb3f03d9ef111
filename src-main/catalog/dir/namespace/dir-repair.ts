/**
 * Repair of a `dir` catalog's root: what crashed processes and older versions left in it.
 */
import type { ManifestRow } from './manifest-store';
import * as declared from './declared-tables';
import { locked, type CatalogContext } from '../dir-catalog-context';

/**
 * Reconciles what crashed processes and older versions left in the root, so that nothing they
 * left answers 500. Taking the lock first finishes a dead holder's change (a create cut off
 * before its data is removed); then rows duplicated by older versions' races and rows whose
 * location the catalog can never hold are reconciled. Returns what it changed, one line each.
 */
export async function repair(ctx: CatalogContext): Promise<string[]> {
  return locked(ctx, { op: 'repair' }, async () => {
    const report = [...(await removeDuplicateRows(ctx)), ...(await removeUnholdableRows(ctx))];
    for (const line of report) console.error(`catalog repair: ${line}`);
    return report;
  });
}

async function removeDuplicateRows(ctx: CatalogContext): Promise<string[]> {
  const byId = new Map<string, ManifestRow[]>();
  for (const row of await ctx.manifest.rows()) {
    byId.set(row.objectId, [...(byId.get(row.objectId) ?? []), row]);
  }
  const report: string[] = [];
  for (const [objectId, rows] of byId) {
    if (rows.length < 2) continue;
    // Keep the row whose folder holds data (or the first), drop the others.
    let keep = rows[0]!;
    for (const row of rows) {
      if (row.location && !(await declared.isDeclaredOnly(ctx.files, row.location))) {
        keep = row;
        break;
      }
    }
    await ctx.manifest.removeAll(objectId);
    await ctx.manifest.insertRow(keep);
    report.push(
      `kept one of ${rows.length} rows for ${objectId} (${keep.location ?? keep.objectType})`,
    );
  }
  return report;
}

async function removeUnholdableRows(ctx: CatalogContext): Promise<string[]> {
  const report: string[] = [];
  for (const row of await ctx.manifest.rows("object_type = 'table'")) {
    let holdable = !!row.location;
    try {
      if (row.location) declared.safeRelativeLocation(ctx.files, row.location);
    } catch {
      holdable = false;
    }
    if (!holdable) {
      await ctx.manifest.removeTable(row.objectId, row.location ?? undefined);
      report.push(
        `removed ${row.objectId}: its location ${JSON.stringify(row.location)} cannot be held`,
      );
    }
  }
  return report;
}
