/**
 * Arrow schemas as JSON, for describe replies, in two dialects of the same shape:
 * - `namespace`: the contract's JsonArrowSchema type names (`utf8`, `float32`; reference §1.4);
 * - `lance`: the names LanceDB's remote client parses (`string`, `float`, `timestamp:us:UTC`),
 *   which rejects the contract's names.
 */
import type { DataType as ArrowDataType, Field, Schema } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';

const { DataType } = arrow;

export interface JsonArrowDataType {
  type: string;
  fields?: JsonArrowField[];
  length?: number;
}
export interface JsonArrowField {
  name: string;
  nullable: boolean;
  type: JsonArrowDataType;
  metadata?: Record<string, string>;
}
export interface JsonArrowSchema {
  fields: JsonArrowField[];
  metadata?: Record<string, string>;
}

export type SchemaDialect = 'namespace' | 'lance';

const TIME_UNITS = ['s', 'ms', 'us', 'ns'];

/** LanceDB's JSON type names (lance `arrow/json.rs`). */
function lanceTypeName(type: ArrowDataType): string {
  if (DataType.isFloat(type)) return ['halffloat', 'float', 'double'][type.precision] ?? 'double';
  if (DataType.isUtf8(type)) return 'string';
  if (DataType.isLargeUtf8(type)) return 'large_string';
  if (DataType.isDate(type)) return type.unit === 0 ? 'date32:day' : 'date64:ms';
  if (DataType.isTime(type)) return `time${type.bitWidth}:${TIME_UNITS[type.unit]}`;
  if (DataType.isTimestamp(type))
    return `timestamp:${TIME_UNITS[type.unit]}:${type.timezone ?? '-'}`;
  if (DataType.isDuration(type)) return `duration:${TIME_UNITS[type.unit]}`;
  if (DataType.isDecimal(type)) return `decimal:${type.bitWidth}:${type.precision}:${type.scale}`;
  return typeName(type);
}

function typeName(type: ArrowDataType): string {
  if (DataType.isInt(type)) return `${type.isSigned ? 'int' : 'uint'}${type.bitWidth}`;
  if (DataType.isFloat(type)) return ['float16', 'float32', 'float64'][type.precision] ?? 'float64';
  if (DataType.isBool(type)) return 'bool';
  if (DataType.isNull(type)) return 'null';
  if (DataType.isUtf8(type)) return 'utf8';
  if (DataType.isLargeUtf8(type)) return 'large_utf8';
  if (DataType.isBinary(type)) return 'binary';
  if (DataType.isLargeBinary(type)) return 'large_binary';
  if (DataType.isFixedSizeBinary(type)) return 'fixed_size_binary';
  if (DataType.isFixedSizeList(type)) return 'fixed_size_list';
  if (DataType.isList(type)) return 'list';
  if (DataType.isStruct(type)) return 'struct';
  if (DataType.isDate(type)) return type.unit === 0 ? 'date32' : 'date64';
  if (DataType.isTime(type)) return type.bitWidth === 32 ? 'time32' : 'time64';
  if (DataType.isTimestamp(type)) return 'timestamp';
  if (DataType.isDuration(type)) return 'duration';
  if (DataType.isInterval(type)) return 'interval';
  if (DataType.isDecimal(type)) return `decimal${type.bitWidth}`;
  if (DataType.isUnion(type)) return 'union';
  if (DataType.isMap(type)) return 'map';
  return String(type).toLowerCase();
}

function dataType(type: ArrowDataType, dialect: SchemaDialect): JsonArrowDataType {
  const out: JsonArrowDataType = {
    type: dialect === 'lance' ? lanceTypeName(type) : typeName(type),
  };
  if (DataType.isFixedSizeList(type)) out.length = type.listSize;
  if (DataType.isFixedSizeBinary(type)) out.length = type.byteWidth;
  if (type.children?.length) out.fields = (type.children as Field[]).map((f) => field(f, dialect));
  return out;
}

function metadataOf(map: Map<string, string>): Record<string, string> | undefined {
  return map.size > 0 ? Object.fromEntries(map) : undefined;
}

function field(f: Field, dialect: SchemaDialect): JsonArrowField {
  const metadata = metadataOf(f.metadata);
  return {
    name: f.name,
    nullable: f.nullable,
    type: dataType(f.type, dialect),
    ...(metadata ? { metadata } : {}),
  };
}

export function toJsonArrowSchema(
  schema: Schema,
  dialect: SchemaDialect = 'namespace',
): JsonArrowSchema {
  const metadata = metadataOf(schema.metadata);
  return { fields: schema.fields.map((f) => field(f, dialect)), ...(metadata ? { metadata } : {}) };
}
