/**
 * What a person may type into a cell, by the column's type, and the renderer's quick check of it.
 * The check is for feedback while typing: the host reads the same text again by the column's
 * type (`rows:commit`) and its word is final. A value travels as the text typed, never as SQL.
 */
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';
import { GATE_LIMITS } from '../../../src-shared/expression-gate/gate-limits';
import { MAX_EDITED_VECTOR_DIMENSION } from '../../../src-shared/procedures/rows';
import { formatNumber } from '../../../src-shared/format';
import { typeLabel } from '../../common/schema/schema-tree';

export type EditKind = 'text' | 'int' | 'float' | 'bool' | 'date' | 'timestamp' | 'vector';

/** A cell's value as typed: text, or null for SQL NULL. */
export type CellText = string | null;

const INT_BITS: Record<string, { bits: number; signed: boolean }> = {
  int8: { bits: 8, signed: true },
  int16: { bits: 16, signed: true },
  int32: { bits: 32, signed: true },
  int64: { bits: 64, signed: true },
  uint8: { bits: 8, signed: false },
  uint16: { bits: 16, signed: false },
  uint32: { bits: 32, signed: false },
  uint64: { bits: 64, signed: false },
};

/** How a column's values are typed in, or undefined for a type that cannot be (lists, binary). */
export function editKindOf(field: JsonArrowField): EditKind | undefined {
  const t = field.type.type;
  if (t === 'utf8' || t === 'large_utf8') return 'text';
  if (t in INT_BITS) return 'int';
  if (t === 'float16' || t === 'float32' || t === 'float64') return 'float';
  if (t === 'bool') return 'bool';
  if (t === 'date32') return 'date';
  if (t === 'timestamp' || t.startsWith('timestamp:')) return 'timestamp';
  if (vectorDimension(field) !== undefined) return 'vector';
  return undefined;
}

/** What to type, said beside an empty field and in the editor's description. */
export function inputHint(field: JsonArrowField): string {
  const kind = editKindOf(field);
  const empty = field.nullable ? '; empty for null' : '';
  switch (kind) {
    case 'int':
      return `a whole number${empty}`;
    case 'float':
      return `a number${empty}`;
    case 'bool':
      return `true or false${empty}`;
    case 'date':
      return `a date, YYYY-MM-DD${empty}`;
    case 'timestamp':
      return `a date and time, e.g. 2024-01-05T10:30:00Z${empty}`;
    case 'vector':
      return `${vectorDimension(field) ?? 0} numbers as JSON, [0.1, 0.2, …]${empty}`;
    default:
      return `text${empty}`;
  }
}

export type Checked =
  { value: CellText; problem?: undefined } | { value?: undefined; problem: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function checkInt(text: string, type: string): Checked {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { problem: 'Enter a whole number' };
  const { bits, signed } = INT_BITS[type]!;
  const n = BigInt(trimmed);
  const min = signed ? -(2n ** BigInt(bits - 1)) : 0n;
  const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
  if (n < min || n > max) return { problem: `Enter a whole number from ${min} to ${max}` };
  return { value: trimmed };
}

function checkVector(text: string, dim: number): Checked {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: `Enter ${dim} numbers as JSON, e.g. [0.1, 0.2]` };
  }
  if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'number' && Number.isFinite(v)))
    return { problem: `Enter ${dim} numbers as JSON, e.g. [0.1, 0.2]` };
  if (parsed.length !== dim) return { problem: `Enter ${dim} numbers, not ${parsed.length}` };
  return { value: text.trim() };
}

/**
 * The typed text as it will be sent, or what is wrong with it. Empty means null where the column
 * takes null; a column that does not takes empty text as empty text, and refuses it elsewhere.
 */
export function checkTyped(text: string, field: JsonArrowField): Checked {
  const kind = editKindOf(field);
  if (kind === undefined) return { problem: 'This type cannot be typed in' };
  if (text.trim() === '' && (kind !== 'text' || text === '')) {
    if (field.nullable) return { value: null };
    if (kind === 'text') return { value: '' };
    return { problem: `${field.name} takes no null: enter ${inputHint(field)}` };
  }
  switch (kind) {
    case 'text':
      return { value: text };
    case 'int':
      return checkInt(text, field.type.type);
    case 'float': {
      const n = Number(text.trim());
      return Number.isFinite(n) ? { value: text.trim() } : { problem: 'Enter a number' };
    }
    case 'bool': {
      const word = text.trim().toLowerCase();
      return word === 'true' || word === 'false'
        ? { value: word }
        : { problem: 'Enter true or false' };
    }
    case 'date': {
      const day = text.trim();
      const date = new Date(`${day}T00:00:00Z`);
      return DATE.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
        ? { value: day }
        : { problem: 'Enter a date as YYYY-MM-DD' };
    }
    case 'timestamp': {
      const at = text.trim();
      return DATE_TIME.test(at) && !Number.isNaN(new Date(at.replace(' ', 'T')).getTime())
        ? { value: at }
        : { problem: 'Enter a date and time, e.g. 2024-01-05T10:30:00Z' };
    }
    case 'vector':
      return checkVector(text, vectorDimension(field) ?? 0);
  }
}

/**
 * Why a cell of this column cannot take a value in place, said as soon as its editor opens, or
 * undefined when it can: a vector wider than an update can carry (MAX_EDITED_VECTOR_DIMENSION),
 * which only a new row can hold. The host's refusal stays the final word for every other case.
 */
export function editNotice(field: JsonArrowField): string | undefined {
  const dim = editKindOf(field) === 'vector' ? vectorDimension(field) : undefined;
  if (dim === undefined || dim <= MAX_EDITED_VECTOR_DIMENSION) return undefined;
  const kib = formatNumber(GATE_LIMITS.maxConstantBytes / 1024);
  return (
    `A vector of ${formatNumber(dim)} numbers cannot be edited in place: an update carries at most ` +
    `${formatNumber(MAX_EDITED_VECTOR_DIMENSION)} numbers of one column (its expressions are held to ${kib} KiB a row). ` +
    `Duplicate the row with the new vector instead (new rows are written as Arrow, with no such limit) and delete this one` +
    (field.nullable ? '. Left empty, the cell becomes null.' : '.')
  );
}

/** What is typed into a cell in place: checkTyped, and only null for a column editNotice names. */
export function checkEdit(text: string, field: JsonArrowField): Checked {
  const checked = checkTyped(text, field);
  const notice = checked.value === null ? undefined : editNotice(field);
  return notice === undefined || checked.problem !== undefined ? checked : { problem: notice };
}

/** A value as the review's SQL shows it: numbers and booleans bare, the rest quoted. */
export function sqlShown(value: CellText, field: JsonArrowField): string {
  if (value === null) return 'NULL';
  const kind = editKindOf(field);
  if (kind === 'int' || kind === 'float' || kind === 'bool' || kind === 'vector') return value;
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Why a new row cannot be typed in for this table, or undefined when it can: a column whose
 * values cannot be typed (a list, a struct, binary) and that takes no null would have no value.
 */
export function insertRefusal(fields: readonly JsonArrowField[]): string | undefined {
  const stuck = fields.filter((f) => editKindOf(f) === undefined && !f.nullable);
  if (stuck.length === 0) return undefined;
  const named = stuck.map((f) => `${f.name} (${typeLabel(f)})`).join(', ');
  return `${named} cannot be typed in and take${stuck.length === 1 ? 's' : ''} no null, so new rows cannot be made here`;
}
