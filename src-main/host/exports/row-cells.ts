/** The cells of a batch's rows, converted column by column with converters built once per schema. */
import type { DataType, RecordBatch, Schema } from 'apache-arrow';
import { cellConverter, type CellValue } from './cell-values';

export type RowCells = (batch: RecordBatch) => Iterable<CellValue[]>;

export function rowCells(schema: Schema): RowCells {
  const converters = schema.fields.map((field) => cellConverter(field.type as DataType));
  return function* (batch) {
    const columns = converters.map((_, j) => batch.getChildAt(j));
    for (let i = 0; i < batch.numRows; i++) {
      yield converters.map((convert, j) => convert(columns[j]?.get(i)));
    }
  };
}
