/**
 * New rows from the grid's form as an Arrow table in the table's own schema (its fields, their
 * nullability and metadata), so LanceDB appends them as they are. A column a row leaves out is
 * null; one that cannot be null must be given. Values are read beforehand (cell-text.ts) and put
 * in exactly: whole numbers and timestamps as bigint into their typed arrays, never through a JS
 * number.
 */
import type { Data, DataType, Field, FixedSizeList, Schema, Table } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { CellValue } from './cell-text';

/** Each new row's values by column name; a column a row does not name is null. */
export type NewRow = ReadonlyMap<string, CellValue>;

export function insertTable(schema: Schema, rows: readonly NewRow[]): Table {
  const columns = schema.fields.map((field) =>
    columnData(
      field,
      rows.map((row) => row.get(field.name) ?? { kind: 'null' }),
    ),
  );
  const struct = arrow.makeData({
    type: new arrow.Struct(schema.fields),
    length: rows.length,
    nullCount: 0,
    children: columns,
  });
  return new arrow.Table(schema, new arrow.RecordBatch(schema, struct));
}

function columnData(field: Field, cells: readonly CellValue[]): Data {
  const type = field.type as DataType;
  if (
    arrow.DataType.isTimestamp(type) ||
    (arrow.DataType.isDate(type) && type.unit === arrow.DateUnit.DAY)
  ) {
    return fixedWidth(type, cells);
  }
  if (arrow.DataType.isFixedSizeList(type)) return vectors(type, cells);
  // A builder takes every other type from plain values, nulls included (a column of a type a
  // cell cannot hold is always all null here); flushed once, it is one piece of data.
  const wide = arrow.DataType.isInt(type) && type.bitWidth === 64;
  const builder = arrow.makeBuilder({ type, nullValues: [null] });
  for (const cell of cells) builder.append(plainValue(cell, wide));
  return builder.finish().flush() as Data;
}

function plainValue(cell: CellValue, wide: boolean): unknown {
  switch (cell.kind) {
    case 'null':
      return null;
    case 'int':
      // A 64-bit column takes bigint; a narrower one a number (its range is already checked).
      return wide ? cell.value : Number(cell.value);
    case 'date':
      return cell.days;
    default:
      return cell.value;
  }
}

/**
 * Dates and timestamps from their integers (days; units of the column), with a validity bitmap:
 * Arrow JS would take them as milliseconds and lose what is finer.
 */
function fixedWidth(type: DataType, cells: readonly CellValue[]): Data {
  const length = cells.length;
  const isDay = arrow.DataType.isDate(type);
  const values = isDay ? new Int32Array(length) : new BigInt64Array(length);
  const validity = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  cells.forEach((cell, i) => {
    if (cell.kind === 'null') {
      nullCount++;
      return;
    }
    validity[i >> 3]! |= 1 << (i & 7);
    if (cell.kind === 'date') (values as Int32Array)[i] = cell.days;
    else if (cell.kind === 'timestamp') (values as BigInt64Array)[i] = cell.value;
  });
  return arrow.makeData({
    type,
    length,
    nullCount,
    data: values,
    ...(nullCount > 0 ? { nullBitmap: validity } : {}),
  } as never);
}

/**
 * A vector column: Arrow JS's builder leaves a null vector without its slots in the values, which
 * LanceDB refuses, so a null row holds `listSize` zeros under its cleared validity bit.
 */
function vectors(type: FixedSizeList, cells: readonly CellValue[]): Data {
  const size = type.listSize;
  const items = arrow.makeBuilder({ type: type.children[0]!.type as DataType, nullValues: [null] });
  const validity = new Uint8Array(Math.ceil(cells.length / 8));
  let nullCount = 0;
  cells.forEach((cell, i) => {
    const values = cell.kind === 'vector' ? cell.value : undefined;
    if (values) validity[i >> 3]! |= 1 << (i & 7);
    else nullCount++;
    for (let k = 0; k < size; k++) items.append(values ? values[k]! : 0);
  });
  return arrow.makeData({
    type,
    length: cells.length,
    nullCount,
    child: items.finish().flush(),
    ...(nullCount > 0 ? { nullBitmap: validity } : {}),
  });
}
