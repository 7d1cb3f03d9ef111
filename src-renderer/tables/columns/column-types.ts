/**
 * The types the schema dialogs offer. An all-null column takes one of the common scalar types
 * that both local and remote catalogs can create (a remote one adds it as `CAST(NULL AS …)`).
 *
 * A cast offers only what LanceDB accepts for any values: it refuses many casts Arrow could make
 * (any integer to a float, bool to an integer, text to binary), and accepts narrowing integer
 * casts that then fail on the rows that do not fit. So: wider integers, floats to float32 or
 * float64 (narrowing rounds the values), the large and small forms of text and bytes, and dates
 * to finer time types. The host integration test makes every pair here on a real table.
 */
import type { JsonArrowDataType } from '../../../src-shared/vocabulary/json-arrow-types';

export const NULL_COLUMN_TYPES = [
  'int32',
  'int64',
  'float32',
  'float64',
  'utf8',
  'bool',
  'binary',
  'date32',
] as const;

export const CAST_TARGETS: Readonly<Record<string, readonly string[]>> = {
  int8: ['int16', 'int32', 'int64'],
  int16: ['int32', 'int64'],
  int32: ['int64'],
  uint8: ['uint16', 'uint32', 'uint64', 'int16', 'int32', 'int64'],
  uint16: ['uint32', 'uint64', 'int32', 'int64'],
  uint32: ['uint64', 'int64'],
  float16: ['float32', 'float64'],
  float32: ['float64'],
  float64: ['float32'],
  utf8: ['large_utf8'],
  large_utf8: ['utf8'],
  binary: ['large_binary'],
  large_binary: ['binary'],
  date32: ['date64', 'timestamp'],
};

/** The compatible targets of a column's type; none for nested, vector and other types. */
export function castTargets(type: JsonArrowDataType): readonly string[] {
  return CAST_TARGETS[type.type] ?? [];
}
