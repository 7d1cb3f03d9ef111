/**
 * Which columns an index type takes, decided on the JSON form of a field (the contract's type
 * names), so that the engine and the renderer, which has no Arrow runtime for schemas, decide
 * "which index fits" the same way.
 */
import type { JsonArrowField } from '../json-arrow-types';

export const typeOf = (field: JsonArrowField) => field.type.type;
const childOf = (field: JsonArrowField) => field.type.fields?.[0];
const isFloatName = (t: string) => t === 'float16' || t === 'float32' || t === 'float64';
const isIntName = (t: string) => /^u?int(8|16|32|64)$/.test(t);
export const isStringName = (t: string) => t === 'utf8' || t === 'large_utf8';
const isBinaryName = (t: string) =>
  t === 'binary' || t === 'large_binary' || t === 'fixed_size_binary';
const isTemporalName = (t: string) =>
  t === 'date32' || t === 'date64' || t === 'time32' || t === 'time64' || t === 'timestamp';
const isListName = (t: string) => t === 'list' || t === 'large_list';

export function vectorDimension(field: JsonArrowField): number | undefined {
  return typeOf(field) === 'fixed_size_list' ? field.type.length : undefined;
}

export function isFloatVector(field: JsonArrowField): boolean {
  const child = childOf(field);
  return typeOf(field) === 'fixed_size_list' && child !== undefined && isFloatName(typeOf(child));
}

export function isBinaryVector(field: JsonArrowField): boolean {
  const child = childOf(field);
  return typeOf(field) === 'fixed_size_list' && child !== undefined && typeOf(child) === 'uint8';
}

export function isScalarOrderable(field: JsonArrowField): boolean {
  const t = typeOf(field);
  return (
    isIntName(t) ||
    isFloatName(t) ||
    t.startsWith('decimal') ||
    isStringName(t) ||
    t === 'bool' ||
    isTemporalName(t) ||
    isBinaryName(t)
  );
}

export function isBitmapCandidate(field: JsonArrowField): boolean {
  const t = typeOf(field);
  return (
    isIntName(t) ||
    isStringName(t) ||
    t === 'bool' ||
    t === 'binary' ||
    t === 'large_binary' ||
    t === 'date32' ||
    t === 'date64'
  );
}

export function isScalarList(field: JsonArrowField): boolean {
  const child = childOf(field);
  if (!isListName(typeOf(field)) || child === undefined) return false;
  const c = typeOf(child);
  return isIntName(c) || isStringName(c) || c === 'bool';
}

export function isTextColumn(field: JsonArrowField): boolean {
  if (isStringName(typeOf(field))) return true;
  const child = childOf(field);
  return isListName(typeOf(field)) && child !== undefined && isStringName(typeOf(child));
}

/** A column's type in words, for messages: `fixed_size_list<float32>[128]`. */
export function describeFieldType(field: JsonArrowField): string {
  const t = typeOf(field);
  const child = childOf(field);
  if (t === 'struct') return 'struct';
  const inner = child ? `<${describeFieldType(child)}>` : '';
  const size = field.type.length !== undefined ? `[${field.type.length}]` : '';
  return `${t}${inner}${size}`;
}
