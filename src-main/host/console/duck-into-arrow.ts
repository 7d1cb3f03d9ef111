/**
 * DuckDB's answer to an engine query as Arrow IPC bytes, the form every console answer takes.
 * The answer is small (LIMIT, or the console's row cap), so it is read whole and converted value
 * by value: integers keep their width, DuckDB's 128-bit sums become Int64 when every value fits
 * and Float64 otherwise, decimals Float64, dates and timestamps their Arrow types, and any other
 * type its text.
 */
import type { Data, DataType, Field } from 'apache-arrow';
import type * as DuckDBApi from '@duckdb/node-api';
import type { DuckDBResultReader, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { arrow } from '../../catalog/arrow';

type DuckApi = typeof DuckDBApi;

export function duckIntoArrow(api: DuckApi, reader: DuckDBResultReader): Uint8Array {
  const names = reader.columnNames();
  const types = reader.columnTypes();
  const columns = reader.getColumns();
  const length = reader.currentRowCount;
  const fields: Field[] = [];
  const children: Data[] = [];
  names.forEach((name, i) => {
    const data = columnData(api, types[i]!, columns[i] ?? [], length);
    fields.push(new arrow.Field(name, data.type, true));
    children.push(data);
  });
  const struct = arrow.makeData({
    type: new arrow.Struct(fields),
    length,
    nullCount: 0,
    children,
  });
  const batch = new arrow.RecordBatch(new arrow.Schema(fields), struct);
  return arrow.tableToIPC(new arrow.Table([batch]), 'stream');
}

function columnData(
  api: DuckApi,
  type: DuckDBType,
  values: readonly DuckDBValue[],
  length: number,
): Data {
  const T = api.DuckDBTypeId;
  const nullBitmap = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  values.forEach((value, i) => {
    if (value === null || value === undefined) nullCount++;
    else nullBitmap[i >> 3]! |= 1 << (i & 7);
  });
  const fixed = <A extends ArrayLike<unknown>>(
    dataType: DataType,
    make: (n: number) => A & { [i: number]: unknown },
    read: (value: DuckDBValue) => unknown,
  ) => {
    const out = make(length);
    values.forEach((value, i) => {
      if (value !== null && value !== undefined) out[i] = read(value);
    });
    return arrow.makeData({
      type: dataType as never,
      length,
      nullCount,
      nullBitmap,
      data: out as never,
    });
  };
  const num = (v: DuckDBValue) => Number(v);
  const big = (v: DuckDBValue) => BigInt(v as bigint);
  switch (type.typeId) {
    case T.BOOLEAN:
      return arrow.vectorFromArray(values as (boolean | null)[], new arrow.Bool()).data[0]!;
    case T.TINYINT:
      return fixed(new arrow.Int8(), (n) => new Int8Array(n), num);
    case T.SMALLINT:
      return fixed(new arrow.Int16(), (n) => new Int16Array(n), num);
    case T.INTEGER:
      return fixed(new arrow.Int32(), (n) => new Int32Array(n), num);
    case T.UTINYINT:
      return fixed(new arrow.Uint8(), (n) => new Uint8Array(n), num);
    case T.USMALLINT:
      return fixed(new arrow.Uint16(), (n) => new Uint16Array(n), num);
    case T.UINTEGER:
      return fixed(new arrow.Uint32(), (n) => new Uint32Array(n), num);
    case T.BIGINT:
      return fixed(new arrow.Int64(), (n) => new BigInt64Array(n), big);
    case T.UBIGINT:
      return fixed(new arrow.Uint64(), (n) => new BigUint64Array(n), big);
    case T.HUGEINT:
    case T.UHUGEINT: {
      const fits = values.every(
        (v) => v === null || ((v as bigint) >= -(2n ** 63n) && (v as bigint) < 2n ** 63n),
      );
      return fits
        ? fixed(new arrow.Int64(), (n) => new BigInt64Array(n), big)
        : fixed(new arrow.Float64(), (n) => new Float64Array(n), num);
    }
    case T.FLOAT:
      return fixed(new arrow.Float32(), (n) => new Float32Array(n), num);
    case T.DOUBLE:
      return fixed(new arrow.Float64(), (n) => new Float64Array(n), num);
    case T.DECIMAL:
      return fixed(
        new arrow.Float64(),
        (n) => new Float64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBDecimalValue']>).toDouble(),
      );
    case T.DATE:
      return fixed(
        new arrow.DateDay(),
        (n) => new Int32Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBDateValue']>).days,
      );
    case T.TIMESTAMP:
      return fixed(
        new arrow.TimestampMicrosecond(),
        (n) => new BigInt64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBTimestampValue']>).micros,
      );
    case T.TIMESTAMP_TZ:
      return fixed(
        new arrow.TimestampMicrosecond('UTC'),
        (n) => new BigInt64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBTimestampTZValue']>).micros,
      );
    case T.TIMESTAMP_S:
      return fixed(
        new arrow.TimestampSecond(),
        (n) => new BigInt64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBTimestampSecondsValue']>).seconds,
      );
    case T.TIMESTAMP_MS:
      return fixed(
        new arrow.TimestampMillisecond(),
        (n) => new BigInt64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBTimestampMillisecondsValue']>).millis,
      );
    case T.TIMESTAMP_NS:
      return fixed(
        new arrow.TimestampNanosecond(),
        (n) => new BigInt64Array(n),
        (v) => (v as InstanceType<DuckApi['DuckDBTimestampNanosecondsValue']>).nanos,
      );
    default:
      return arrow.vectorFromArray(
        values.map((v) => (v === null || v === undefined ? null : String(v))),
        new arrow.Utf8(),
      ).data[0]!;
  }
}
