/**
 * Arrow values as plain values an export can write: strings, numbers, exact bigints, booleans,
 * null, and arrays and objects of those. Binary becomes base64, dates and timestamps ISO 8601
 * text, lists and fixed-size lists (vectors) arrays, structs and maps objects. One converter is
 * built per column from its type, so the type is inspected once, not once per cell.
 */
import type { DataType, Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';

export type CellValue =
  string | number | bigint | boolean | null | CellValue[] | { [key: string]: CellValue };

export type CellConverter = (value: unknown) => CellValue;

const { DataType: Types } = arrow;

export function cellConverter(type: DataType): CellConverter {
  if (Types.isDictionary(type)) return cellConverter(type.dictionary as DataType);
  if (Types.isBinary(type) || Types.isFixedSizeBinary(type) || Types.isLargeBinary(type)) {
    return (value) => (value == null ? null : Buffer.from(value as Uint8Array).toString('base64'));
  }
  if (Types.isDate(type)) return nullable(dateText);
  if (Types.isTimestamp(type)) {
    // A timestamp without a time zone is a wall-clock time, not an instant: no `Z`.
    const zoned = type.timezone !== null && type.timezone !== undefined;
    return nullable((value) => {
      const text = new Date(Math.floor(Number(value))).toISOString();
      return zoned ? text : text.slice(0, -1);
    });
  }
  if (Types.isList(type) || Types.isFixedSizeList(type)) {
    const child = cellConverter((type.children[0] as Field).type as DataType);
    return nullable((value) => Array.from(value as Iterable<unknown>, child));
  }
  if (Types.isStruct(type)) {
    const children = (type.children as Field[]).map((field) => ({
      name: field.name,
      convert: cellConverter(field.type as DataType),
    }));
    return nullable((value) => {
      const row = value as Record<string, unknown>;
      const out: Record<string, CellValue> = {};
      for (const { name, convert } of children) out[name] = convert(row[name]);
      return out;
    });
  }
  if (Types.isMap(type)) {
    const entry = (type.children[0] as Field).type as DataType;
    const valueField = (entry.children as Field[])[1];
    const convert = valueField ? cellConverter(valueField.type as DataType) : plain;
    return nullable((value) => {
      const out: Record<string, CellValue> = {};
      for (const [key, item] of value as Iterable<[unknown, unknown]>) {
        out[String(key)] = convert(item);
      }
      return out;
    });
  }
  return plain;
}

function nullable(convert: (value: unknown) => CellValue): CellConverter {
  return (value) => (value === null || value === undefined ? null : convert(value));
}

/** A date: the day alone when it is midnight UTC, as Date32 always is. */
function dateText(value: unknown): string {
  const text = new Date(value instanceof Date ? value.getTime() : Number(value)).toISOString();
  return text.endsWith('T00:00:00.000Z') ? text.slice(0, 10) : text;
}

function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return value;
    default:
      // Decimals, intervals and other exotic values: their own text.
      return String(value);
  }
}
