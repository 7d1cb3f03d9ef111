/**
 * A JSON Arrow type read into the one Arrow type the engine makes of it (the same reading as
 * `fromJsonArrowSchema` in src-main/catalog/json-arrow-schema.ts), so that the TypeScript, Python
 * and Arrow IPC forms of a create-table all build the schema the app's own create builds.
 */
import type { JsonArrowDataType, JsonArrowField } from '../vocabulary/json-arrow-types';

export type TimeUnit = 's' | 'ms' | 'us' | 'ns';

export type ArrowTypeSpec =
  | { id: 'null' | 'bool' | 'utf8' | 'large_utf8' | 'binary' | 'large_binary' }
  | { id: 'int'; bits: 8 | 16 | 32 | 64; signed: boolean }
  | { id: 'float'; bits: 16 | 32 | 64 }
  | { id: 'fixed_size_binary'; width: number }
  | { id: 'date'; unit: 'day' | 'ms' }
  | { id: 'timestamp'; unit: TimeUnit; timezone: string | null }
  | { id: 'list'; child: JsonArrowField }
  | { id: 'fixed_size_list'; size: number; child: JsonArrowField }
  | { id: 'struct'; children: JsonArrowField[] };

const UNITS: readonly TimeUnit[] = ['s', 'ms', 'us', 'ns'];

/** The child a list takes when the JSON names none, as the engine does. */
const DEFAULT_VECTOR_ITEM: JsonArrowField = {
  name: 'item',
  nullable: true,
  type: { type: 'float32' },
};
const DEFAULT_LIST_ITEM: JsonArrowField = { name: 'item', nullable: true, type: { type: 'null' } };

export function arrowTypeSpec(type: JsonArrowDataType): ArrowTypeSpec {
  const [name = '', ...rest] = type.type.toLowerCase().split(':');
  const children = type.fields ?? [];
  const ints: Record<string, ArrowTypeSpec> = {
    int8: { id: 'int', bits: 8, signed: true },
    int16: { id: 'int', bits: 16, signed: true },
    int32: { id: 'int', bits: 32, signed: true },
    int64: { id: 'int', bits: 64, signed: true },
    uint8: { id: 'int', bits: 8, signed: false },
    uint16: { id: 'int', bits: 16, signed: false },
    uint32: { id: 'int', bits: 32, signed: false },
    uint64: { id: 'int', bits: 64, signed: false },
  };
  if (ints[name]) return ints[name];
  switch (name) {
    case 'null':
      return { id: 'null' };
    case 'bool':
    case 'boolean':
      return { id: 'bool' };
    case 'float16':
    case 'halffloat':
      return { id: 'float', bits: 16 };
    case 'float32':
    case 'float':
      return { id: 'float', bits: 32 };
    case 'float64':
    case 'double':
      return { id: 'float', bits: 64 };
    case 'utf8':
    case 'string':
      return { id: 'utf8' };
    case 'large_utf8':
    case 'large_string':
      return { id: 'large_utf8' };
    case 'large_binary':
      return { id: 'large_binary' };
    case 'fixed_size_binary':
      return { id: 'fixed_size_binary', width: type.length ?? 0 };
    case 'date32':
      return { id: 'date', unit: 'day' };
    case 'date64':
      return { id: 'date', unit: 'ms' };
    case 'timestamp': {
      const unit = UNITS.find((u) => u === rest[0]) ?? 'us';
      return { id: 'timestamp', unit, timezone: rest[1] && rest[1] !== '-' ? rest[1] : null };
    }
    case 'fixed_size_list':
      return {
        id: 'fixed_size_list',
        size: type.length ?? 0,
        child: children[0] ?? DEFAULT_VECTOR_ITEM,
      };
    case 'list':
    case 'large_list':
      // The engine builds a large list as a list too.
      return { id: 'list', child: children[0] ?? DEFAULT_LIST_ITEM };
    case 'struct':
      return { id: 'struct', children };
    default:
      // The engine keeps types it does not model as opaque binary, never drops them.
      return { id: 'binary' };
  }
}
