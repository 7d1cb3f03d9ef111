/**
 * The map's rows out of an Arrow IPC answer (`tables:page` with the vector, key and colour
 * columns): the vectors as one Float32Array, each key as text and as a SQL literal, and the
 * colour values. Runs in the projection worker, so a 50,000-row answer is read off the UI thread.
 */
import { DataType, tableFromIPC, type Vector } from 'apache-arrow';
import { sqlString } from '../common/grid/row-predicate';
import { categoryCodes, numberValues, type ColourValues } from './colour-scale';

export interface MapRowsRequest {
  vectorColumn: string;
  keyColumn: string;
  colourColumn?: string;
}

export interface MapRows {
  n: number;
  dim: number;
  /** Row after row, `dim` values each. */
  vectors: Float32Array;
  /** Each row's key as shown on hover. */
  keys: string[];
  /** Each row's key as a SQL literal, or null when the key's type cannot be compared exactly. */
  literals: Array<string | null>;
  colour: ColourValues;
  /** Rows left out: no vector, or one of another length. */
  skipped: number;
}

function keyText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A literal for integer and text keys only: those name a row exactly (floats may not). */
function keyLiteral(type: DataType, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // A dictionary-encoded column compares as its values do.
  if (DataType.isDictionary(type)) return keyLiteral(type.dictionary as DataType, value);
  if (DataType.isInt(type)) return String(value);
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) return sqlString(String(value));
  return null;
}

function colourOf(column: Vector | null, rows: readonly number[]): ColourValues {
  if (!column) return { kind: 'none' };
  const type = column.type as DataType;
  if (DataType.isInt(type) || DataType.isFloat(type)) {
    const values = new Float64Array(rows.length);
    rows.forEach((r, i) => {
      const v: unknown = column.get(r);
      values[i] = v === null || v === undefined ? Number.NaN : Number(v);
    });
    return numberValues(values);
  }
  return categoryCodes(
    rows.map((r) => {
      const v: unknown = column.get(r);
      return v === null || v === undefined ? null : keyText(v);
    }),
  );
}

export function readMapRows(bytes: Uint8Array, request: MapRowsRequest): MapRows {
  const table = tableFromIPC(bytes);
  const vectors = table.getChild(request.vectorColumn);
  const keys = table.getChild(request.keyColumn);
  if (!vectors) throw new Error(`The answer has no column ${request.vectorColumn}`);
  if (!keys) throw new Error(`The answer has no column ${request.keyColumn}`);
  const vectorType = vectors.type as DataType;
  if (!DataType.isFixedSizeList(vectorType)) {
    throw new Error(`${request.vectorColumn} is not a fixed-size list of numbers`);
  }
  const dim = vectorType.listSize;
  const kept: number[] = [];
  const out = new Float32Array(table.numRows * dim);
  for (let r = 0; r < table.numRows; r += 1) {
    const value = vectors.get(r) as Vector | null;
    if (!value || value.length !== dim) continue;
    out.set(value.toArray() as ArrayLike<number>, kept.length * dim);
    kept.push(r);
  }
  const keyType = keys.type as DataType;
  return {
    n: kept.length,
    dim,
    vectors: out.slice(0, kept.length * dim),
    keys: kept.map((r) => keyText(keys.get(r))),
    literals: kept.map((r) => keyLiteral(keyType, keys.get(r))),
    colour: colourOf(request.colourColumn ? table.getChild(request.colourColumn) : null, kept),
    skipped: table.numRows - kept.length,
  };
}
