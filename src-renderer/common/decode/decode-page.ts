/**
 * Arrow IPC stream bytes → rows of display-ready cells. Runs in the decode worker (and on the
 * main thread only if a worker cannot start); no DOM here.
 */
import { DataType, tableFromIPC, Vector, type Field } from 'apache-arrow';
import {
  compactText,
  formatNumber,
  prettyText,
  type Cell,
  type DecodedPage,
} from '../grid/cell-model';
import { detectImage } from './image-magic';
import { l2Norm } from './vector-math';
import { hexPrefix } from '../../../src-shared/format';
import { temporalText } from './temporal-text';

type Decoder = (value: unknown) => Cell;

const NULL: Cell = { kind: 'null' };

/** Any Arrow value as plain JSON-able data: bigints become numbers when exact, else strings. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Vector) return [...value].map(toPlain);
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === 'object') {
    const json = (value as { toJSON?: () => unknown }).toJSON;
    const source = (typeof json === 'function' ? json.call(value) : value) as Record<
      string,
      unknown
    >;
    if (source instanceof Map)
      return Object.fromEntries([...source].map(([k, v]) => [String(k), toPlain(v)]));
    return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

function isNumericType(type: DataType): boolean {
  return DataType.isInt(type) || DataType.isFloat(type);
}

function decoderFor(field: Field): Decoder {
  const type = field.type as DataType;
  if (DataType.isFixedSizeList(type) && isNumericType(type.children[0]!.type as DataType)) {
    return (value) => {
      if (value == null) return NULL;
      const raw =
        value instanceof Vector
          ? (value.toArray() as ArrayLike<number>)
          : (value as ArrayLike<number>);
      const values = Float64Array.from(raw as ArrayLike<number>, Number);
      return { kind: 'vector', dim: values.length, norm: l2Norm(values), values };
    };
  }
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type)) {
    return (value) => {
      if (value == null) return NULL;
      // A copy, so the cell does not pin the whole page's buffer and can be transferred.
      const bytes = (value as Uint8Array).slice();
      const mime = detectImage(bytes);
      return mime
        ? { kind: 'image', mime, bytes }
        : { kind: 'binary', hex: hexPrefix(bytes), bytes };
    };
  }
  if (DataType.isBool(type)) {
    return (value) => (value == null ? NULL : { kind: 'bool', text: String(value) });
  }
  if (isNumericType(type)) {
    return (value) =>
      value == null
        ? NULL
        : { kind: 'number', text: formatNumber(value as number | bigint), full: String(value) };
  }
  if (DataType.isTimestamp(type) || DataType.isDate(type)) {
    const day = DataType.isDate(type);
    return (value) => (value == null ? NULL : { kind: 'text', text: temporalText(value, day) });
  }
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) {
    return (value) => (value == null ? NULL : { kind: 'text', text: String(value) });
  }
  if (
    DataType.isStruct(type) ||
    DataType.isList(type) ||
    DataType.isFixedSizeList(type) ||
    DataType.isMap(type)
  ) {
    return (value) => {
      if (value == null) return NULL;
      const plain = toPlain(value);
      return { kind: 'nested', text: compactText(plain), pretty: prettyText(plain) };
    };
  }
  return (value) => {
    if (value == null) return NULL;
    const plain = toPlain(value);
    return { kind: 'text', text: typeof plain === 'string' ? plain : compactText(plain) };
  };
}

export function decodePage(bytes: Uint8Array): DecodedPage {
  const table = tableFromIPC(bytes);
  const fields = table.schema.fields;
  const decoders = fields.map(decoderFor);
  const vectors = fields.map((_, i) => table.getChildAt(i)!);
  const rows: Cell[][] = [];
  for (let r = 0; r < table.numRows; r += 1) {
    rows.push(decoders.map((decode, c) => decode(vectors[c]!.get(r))));
  }
  return { columns: fields.map((f) => f.name), rows };
}

/** The buffers inside a page, to transfer rather than copy them out of the worker. */
export function transferablesOf(page: DecodedPage): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const row of page.rows) {
    for (const cell of row) {
      if (cell.kind === 'vector') out.push(cell.values.buffer as ArrayBuffer);
      else if (cell.kind === 'image' || cell.kind === 'binary')
        out.push(cell.bytes.buffer as ArrayBuffer);
    }
  }
  return out;
}
