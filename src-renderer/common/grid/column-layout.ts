/** Grid column widths from a field's JSON type: wide enough for what the cell shows. */
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';

export function columnWidth(field: JsonArrowField): number {
  const t = field.type.type;
  if (vectorDimension(field) !== undefined) return 240;
  if (t === 'binary' || t === 'large_binary' || t === 'fixed_size_binary') return 170;
  if (t === 'struct' || t === 'list' || t === 'large_list' || t === 'map') return 260;
  if (t === 'utf8' || t === 'large_utf8') return 220;
  if (t === 'timestamp' || t === 'date32' || t === 'date64') return 200;
  if (t === 'bool') return 80;
  return 110;
}
