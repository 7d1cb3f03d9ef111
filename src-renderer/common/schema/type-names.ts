/** Column types in words, for the import preview, the schema builder and the index form. */
import type { JsonArrowDataType } from '../../../src-shared/vocabulary/json-arrow-types';
import type { ImportColumnType } from '../../../src-shared/studio-procedures';

export const SCALAR_TYPE_LABELS = {
  int32: 'int32',
  int64: 'int64',
  float32: 'float32',
  float64: 'float64',
  utf8: 'text (utf8)',
  bool: 'bool',
  binary: 'binary',
  date32: 'date',
  timestamp: 'timestamp',
} as const;
export type ScalarType = keyof typeof SCALAR_TYPE_LABELS;
export const SCALAR_TYPES = Object.keys(SCALAR_TYPE_LABELS) as ScalarType[];

export const IMPORT_TYPE_LABELS: Record<ImportColumnType, string> = {
  ...SCALAR_TYPE_LABELS,
  vector: 'vector (float32 × dim)',
};

/** `fixed_size_list<float32>[16]`, `list<utf8>`, `struct<a, b>`. */
export function describeJsonType(type: JsonArrowDataType): string {
  if (type.type === 'struct') return `struct<${(type.fields ?? []).map((f) => f.name).join(', ')}>`;
  const child = type.fields?.[0];
  const inner = child ? `<${describeJsonType(child.type)}>` : '';
  const size = type.length !== undefined ? `[${type.length}]` : '';
  return `${type.type}${inner}${size}`;
}
