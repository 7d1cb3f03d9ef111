/**
 * The Arrow type a DuckDB column is copied into by the column sinks (`duckdb-columns.ts`), byte
 * for byte: DuckDB's integers, floats, dates and timestamps lie in memory as Arrow's do, its
 * strings and bytes become Utf8 and Binary, and lists of strings List<Utf8>. A column of another
 * type (decimals, structs, lists of numbers, intervals…) has no such copy: undefined, and the
 * caller says which column it is.
 */
import type { DataType, Field } from 'apache-arrow';
import type { DuckDBType } from '@duckdb/node-api';
import { arrow } from '../../catalog/arrow';

// DuckDB's type ids (DuckDBTypeId), by value: the enum lives in the lazily loaded module.
const ID = {
  BOOLEAN: 1,
  TINYINT: 2,
  SMALLINT: 3,
  INTEGER: 4,
  BIGINT: 5,
  UTINYINT: 6,
  USMALLINT: 7,
  UINTEGER: 8,
  UBIGINT: 9,
  FLOAT: 10,
  DOUBLE: 11,
  TIMESTAMP: 12,
  DATE: 13,
  VARCHAR: 17,
  BLOB: 18,
  TIMESTAMP_S: 20,
  TIMESTAMP_MS: 21,
  TIMESTAMP_NS: 22,
  LIST: 24,
  TIMESTAMP_TZ: 31,
} as const;

export function arrowTypeOf(type: DuckDBType): DataType | undefined {
  const A = arrow;
  const unit = A.TimeUnit;
  switch (type.typeId as number) {
    case ID.BOOLEAN:
      return new A.Bool();
    case ID.TINYINT:
      return new A.Int8();
    case ID.SMALLINT:
      return new A.Int16();
    case ID.INTEGER:
      return new A.Int32();
    case ID.BIGINT:
      return new A.Int64();
    case ID.UTINYINT:
      return new A.Uint8();
    case ID.USMALLINT:
      return new A.Uint16();
    case ID.UINTEGER:
      return new A.Uint32();
    case ID.UBIGINT:
      return new A.Uint64();
    case ID.FLOAT:
      return new A.Float32();
    case ID.DOUBLE:
      return new A.Float64();
    case ID.DATE:
      return new A.DateDay();
    case ID.TIMESTAMP:
      return new A.Timestamp(unit.MICROSECOND);
    case ID.TIMESTAMP_TZ:
      return new A.Timestamp(unit.MICROSECOND, 'UTC');
    case ID.TIMESTAMP_S:
      return new A.Timestamp(unit.SECOND);
    case ID.TIMESTAMP_MS:
      return new A.Timestamp(unit.MILLISECOND);
    case ID.TIMESTAMP_NS:
      return new A.Timestamp(unit.NANOSECOND);
    case ID.VARCHAR:
      return new A.Utf8();
    case ID.BLOB:
      return new A.Binary();
    case ID.LIST: {
      const item = (type as unknown as { valueType: DuckDBType }).valueType;
      return (item.typeId as number) === ID.VARCHAR
        ? new A.List(new A.Field('item', new A.Utf8(), true))
        : undefined;
    }
    default:
      return undefined;
  }
}

export function arrowFieldOf(name: string, type: DuckDBType): Field | undefined {
  const arrowType = arrowTypeOf(type);
  return arrowType && new arrow.Field(name, arrowType, true);
}
