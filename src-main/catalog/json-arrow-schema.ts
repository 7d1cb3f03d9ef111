/**
 * Arrow schemas as JSON, for describe replies, in two dialects of the same shape:
 * - `namespace`: the contract's JsonArrowSchema type names (`utf8`, `float32`; reference §1.4);
 * - `lance`: the names LanceDB's remote client parses (`string`, `float`, `timestamp:us:UTC`),
 *   which rejects the contract's names.
 */
import type { DataType as ArrowDataType, Field, Schema } from 'apache-arrow';
import { arrow } from './arrow';
import type {
  JsonArrowDataType,
  JsonArrowField,
  JsonArrowSchema,
} from '../../src-shared/vocabulary/json-arrow-types';

export type { JsonArrowDataType, JsonArrowField, JsonArrowSchema };

const { DataType } = arrow;

export type SchemaDialect = 'namespace' | 'lance';

const TIME_UNITS = ['s', 'ms', 'us', 'ns'];

/** LanceDB's JSON type names (lance `arrow/json.rs`). */
function lanceTypeName(type: ArrowDataType): string {
  if (DataType.isFloat(type)) return ['halffloat', 'float', 'double'][type.precision] ?? 'double';
  if (DataType.isUtf8(type)) return 'string';
  if (DataType.isLargeUtf8(type)) return 'large_string';
  if (DataType.isDate(type)) return (type.unit as number) === 0 ? 'date32:day' : 'date64:ms';
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
  if (DataType.isDate(type)) return (type.unit as number) === 0 ? 'date32' : 'date64';
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
  if (type.children?.length)
    out.fields = (type.children as Field[]).map((f) => toJsonArrowField(f, dialect));
  return out;
}

function metadataOf(map: Map<string, string>): Record<string, string> | undefined {
  return map.size > 0 ? Object.fromEntries(map) : undefined;
}

export function toJsonArrowField(f: Field, dialect: SchemaDialect = 'namespace'): JsonArrowField {
  const metadata = metadataOf(f.metadata);
  return {
    name: f.name,
    nullable: f.nullable,
    type: dataType(f.type as ArrowDataType, dialect),
    ...(metadata ? { metadata } : {}),
  };
}

export function toJsonArrowSchema(
  schema: Schema,
  dialect: SchemaDialect = 'namespace',
): JsonArrowSchema {
  const metadata = metadataOf(schema.metadata);
  return {
    fields: schema.fields.map((f) => toJsonArrowField(f, dialect)),
    ...(metadata ? { metadata } : {}),
  };
}

// ---- JSON → Arrow, for clients reading describe replies ---------------------------------------

const TIME_UNIT_BY_NAME: Record<string, number> = { s: 0, ms: 1, us: 2, ns: 3 };

function fromJsonType(type: JsonArrowDataType): ArrowDataType {
  const A = arrow;
  const children = (type.fields ?? []).map(fromJsonField);
  const [name, ...rest] = type.type.toLowerCase().split(':');
  switch (name) {
    case 'null':
      return new A.Null();
    case 'bool':
    case 'boolean':
      return new A.Bool();
    case 'int8':
      return new A.Int8();
    case 'int16':
      return new A.Int16();
    case 'int32':
      return new A.Int32();
    case 'int64':
      return new A.Int64();
    case 'uint8':
      return new A.Uint8();
    case 'uint16':
      return new A.Uint16();
    case 'uint32':
      return new A.Uint32();
    case 'uint64':
      return new A.Uint64();
    case 'float16':
    case 'halffloat':
      return new A.Float16();
    case 'float32':
    case 'float':
      return new A.Float32();
    case 'float64':
    case 'double':
      return new A.Float64();
    case 'utf8':
    case 'string':
      return new A.Utf8();
    case 'large_utf8':
    case 'large_string':
      return new A.LargeUtf8();
    case 'binary':
      return new A.Binary();
    case 'large_binary':
      return new A.LargeBinary();
    case 'fixed_size_binary':
      return new A.FixedSizeBinary(type.length ?? 0);
    case 'date32':
      return new A.DateDay();
    case 'date64':
      return new A.DateMillisecond();
    case 'timestamp':
      return new A.Timestamp(
        TIME_UNIT_BY_NAME[rest[0] ?? 'us'] ?? 2,
        rest[1] && rest[1] !== '-' ? rest[1] : null,
      );
    case 'fixed_size_list':
      return new A.FixedSizeList(
        type.length ?? 0,
        children[0] ?? new A.Field('item', new A.Float32(), true),
      );
    case 'list':
    case 'large_list':
      return new A.List(children[0] ?? new A.Field('item', new A.Null(), true));
    case 'struct':
      return new A.Struct(children);
    default:
      // Types this app does not display specially are kept as opaque binary, never dropped.
      return new A.Binary();
  }
}

function fromJsonField(field: JsonArrowField): Field {
  return new arrow.Field(
    field.name,
    fromJsonType(field.type),
    field.nullable,
    new Map(Object.entries(field.metadata ?? {})),
  );
}

export function fromJsonArrowSchema(schema: JsonArrowSchema): Schema {
  return new arrow.Schema(
    schema.fields.map(fromJsonField),
    new Map(Object.entries(schema.metadata ?? {})),
  );
}

/** LanceDB's name for a JSON Arrow type, as its alter-columns `dataType` takes it. */
export function lanceTypeNameOf(type: JsonArrowDataType): string {
  return lanceTypeName(fromJsonType(type));
}

/** The Arrow type of a JSON Arrow type. */
export function arrowTypeOf(type: JsonArrowDataType): ArrowDataType {
  return fromJsonType(type);
}
