/**
 * Sources that are Arrow already (Parquet row groups, Arrow IPC files): their batches are sliced to
 * the import's batch size and pass through untouched, except the columns the person chose a type
 * for, which are cast value by value (`castValue`) and rebuilt.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { castValue, outputSchema, planColumns, type ColumnPlan } from './column-casts';
import { rowsToTable } from './infer-schema';
import type { ImportFormat, Source } from './source';

/** A slice of an Arrow source with the edited columns: renamed, cast, or passed through. */
function applyPlans(batch: ArrowTable, plans: readonly ColumnPlan[], firstRow: number) {
  const cast = plans.filter((p) => p.cast);
  const rows = Array.from({ length: batch.numRows }, () => ({}) as Record<string, unknown>);
  for (const plan of cast) {
    const values = batch.getChild(plan.source)!;
    rows.forEach((row, i) => {
      row[plan.field.name] = castValue(values.get(i), plan, firstRow + i, false);
    });
  }
  const built = cast.length ? rowsToTable(outputSchema(cast), rows, firstRow) : undefined;
  const columns = Object.fromEntries(
    plans.map((p) => [
      p.field.name,
      p.cast ? built!.getChild(p.field.name)! : batch.getChild(p.source)!,
    ]),
  );
  return new arrow.Table(outputSchema(plans), columns as never) as ArrowTable;
}

export function tableSource(
  format: ImportFormat,
  schema: Schema,
  totalRows: number,
  /** The source's tables, each read in batches of at most `batchSize` rows where it can be. */
  tables: (batchSize: number) => AsyncIterable<ArrowTable>,
  columns: readonly ImportColumn[] | undefined,
): Source {
  const plans = columns ? planColumns(schema, columns) : undefined;
  return {
    format,
    schema: plans ? outputSchema(plans) : schema,
    totalRows,
    async *batches(size) {
      let done = 0;
      for await (const table of tables(size)) {
        for (let start = 0; start < table.numRows; start += size) {
          const batch = table.slice(start, Math.min(table.numRows, start + size));
          yield plans ? applyPlans(batch, plans, done) : batch;
          done += batch.numRows;
        }
      }
    },
  };
}
