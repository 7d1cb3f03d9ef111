/**
 * Joins the column data of several record batches of one schema into one, buffer by buffer, in
 * time linear in their bytes: fixed-width values are copied, offsets rebased, validity and boolean
 * bits shifted into place, and nested children joined the same way. No value is decoded, so
 * every type keeps its exact bits (timestamps, decimals, 64-bit integers).
 *
 * apache-arrow's own layout rules apply: a Data's `offset` counts only in its bit buffers (validity
 * and booleans); its values and offsets arrays already start at its first row, and the children of
 * a struct or fixed-size list are sliced with it, while those of a list or map are not (its
 * offsets point into the whole child).
 */
import type { Data, DataType } from 'apache-arrow';
import { arrow } from '../arrow';

const Type = arrow.Type;

/** The value buffers apache-arrow holds: typed arrays of one element type or another. */
type TypedArray =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;
type TypedArrayConstructor = new (length: number) => TypedArray;

/**
 * Whether two batches' data can be joined: no unions (not handled here), and a dictionary column
 * only when both use the very same dictionary (a stream that replaces its dictionary cannot be
 * joined across the replacement).
 */
export function combinable(a: Data, b: Data): boolean {
  if (a.typeId !== b.typeId || a.typeId === Type.Union) return false;
  if (a.typeId === Type.Dictionary && a.dictionary !== b.dictionary) return false;
  if (a.children.length !== b.children.length) return false;
  for (let i = 0; i < a.children.length; i++) {
    if (!combinable(a.children[i]!, b.children[i]!)) return false;
  }
  return true;
}

/** The data of `parts` one after the other, as one Data with offset 0. */
export function concatData<T extends DataType>(parts: readonly Data<T>[]): Data<T> {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const length = parts.reduce((n, part) => n + part.length, 0);
  if (first.typeId === Type.Null) return arrow.makeData({ type: first.type, length }) as Data<T>;
  const { bitmap, nullCount } = concatValidity(parts, length);
  let offsets: Int32Array | BigInt64Array | undefined;
  let values: TypedArray | undefined;
  let children: Data[] = [];
  switch (first.typeId) {
    case Type.Bool:
      values = concatBits(parts, length);
      break;
    case Type.Int:
    case Type.Float:
    case Type.Decimal:
    case Type.Date:
    case Type.Time:
    case Type.Timestamp:
    case Type.Interval:
    case Type.Duration:
    case Type.FixedSizeBinary:
    case Type.Dictionary:
      values = concatFixed(parts, length);
      break;
    case Type.Utf8:
    case Type.Binary:
    case Type.LargeUtf8:
    case Type.LargeBinary: {
      const ranges = parts.map(valueRange);
      offsets = rebasedOffsets(parts, ranges, length);
      values = concatBytes(parts, ranges);
      break;
    }
    case Type.List:
    case Type.Map: {
      const ranges = parts.map(valueRange);
      offsets = rebasedOffsets(parts, ranges, length);
      children = [
        concatData(
          parts.map((part, i) => childRows(part.children[0]!, ranges[i]![0], ranges[i]![1])),
        ),
      ];
      break;
    }
    case Type.FixedSizeList: {
      const size = (first.type as unknown as { listSize: number }).listSize;
      children = [
        concatData(parts.map((part) => childRows(part.children[0]!, 0, part.length * size))),
      ];
      break;
    }
    case Type.Struct:
      children = first.children.map((_, c) =>
        concatData(parts.map((part) => childRows(part.children[c]!, 0, part.length))),
      );
      break;
    default:
      // combinable() keeps everything else apart; reaching here is a bug, not bad input.
      throw new Error(`Arrow data of type ${String(first.type)} cannot be joined`);
  }
  return new arrow.Data(
    first.type,
    0,
    length,
    nullCount,
    [offsets, values, bitmap, undefined] as unknown as ConstructorParameters<typeof arrow.Data>[4],
    children,
    first.dictionary,
  ) as Data<T>;
}

/** `length` rows of a child from `start`, without copying (a view, as apache-arrow slices). */
function childRows(child: Data, start: number, end: number): Data {
  return start === 0 && end === child.length ? child : child.slice(start, end - start);
}

/** Bytes for a bit buffer of `bits` bits, padded to 64 bits as apache-arrow pads its own. */
function bitBytes(bits: number): number {
  return ((bits + 63) & ~63) >> 3;
}

function concatValidity(parts: readonly Data[], length: number) {
  const nullCount = parts.reduce((n, part) => n + part.nullCount, 0);
  if (nullCount === 0) return { bitmap: new Uint8Array(0), nullCount };
  const bitmap = new Uint8Array(bitBytes(length));
  let at = 0;
  for (const part of parts) {
    if (part.nullCount === 0) setBits(bitmap, at, part.length);
    else copyBits(part.nullBitmap, part.offset, bitmap, at, part.length);
    at += part.length;
  }
  return { bitmap, nullCount };
}

function concatBits(parts: readonly Data[], length: number): Uint8Array {
  const out = new Uint8Array(bitBytes(length));
  let at = 0;
  for (const part of parts) {
    copyBits(part.values as Uint8Array, part.offset, out, at, part.length);
    at += part.length;
  }
  return out;
}

/** Copies `n` bits from src (from bit `from`) into dst (from bit `to`), dst being zeroed there. */
function copyBits(src: Uint8Array, from: number, dst: Uint8Array, to: number, n: number): void {
  if (n === 0) return;
  if ((from & 7) === 0 && (to & 7) === 0) {
    const whole = n >> 3;
    dst.set(src.subarray(from >> 3, (from >> 3) + whole), to >> 3);
    from += whole << 3;
    to += whole << 3;
    n -= whole << 3;
  }
  for (let i = 0; i < n; i++) {
    const s = from + i;
    if ((src[s >> 3]! >> (s & 7)) & 1) {
      const d = to + i;
      dst[d >> 3] = dst[d >> 3]! | (1 << (d & 7));
    }
  }
}

function setBits(dst: Uint8Array, to: number, n: number): void {
  let i = 0;
  for (; i < n && ((to + i) & 7) !== 0; i++)
    dst[(to + i) >> 3] = dst[(to + i) >> 3]! | (1 << ((to + i) & 7));
  const whole = (n - i) >> 3;
  dst.fill(0xff, (to + i) >> 3, ((to + i) >> 3) + whole);
  i += whole << 3;
  for (; i < n; i++) dst[(to + i) >> 3] = dst[(to + i) >> 3]! | (1 << ((to + i) & 7));
}

function concatFixed(parts: readonly Data[], length: number): TypedArray {
  const stride = parts[0]!.stride;
  const sample = parts.find((part) => part.values)?.values as TypedArray | undefined;
  const Ctor = (sample?.constructor ?? Uint8Array) as TypedArrayConstructor;
  const out = new Ctor(length * stride);
  let at = 0;
  for (const part of parts) {
    const n = part.length * stride;
    if (n > 0) (out as Uint8Array).set((part.values as Uint8Array).subarray(0, n), at);
    at += n;
  }
  return out;
}

/** The value range [start, end) of a variable-width or list part, from its first and last offsets. */
function valueRange(part: Data): [number, number] {
  const offsets = part.valueOffsets as Int32Array | BigInt64Array;
  return [Number(offsets[0] ?? 0), Number(offsets[part.length] ?? 0)];
}

function rebasedOffsets(
  parts: readonly Data[],
  ranges: ReadonlyArray<[number, number]>,
  length: number,
): Int32Array | BigInt64Array {
  const large = parts[0]!.valueOffsets instanceof BigInt64Array;
  const out = large ? new BigInt64Array(length + 1) : new Int32Array(length + 1);
  let row = 0;
  let base = 0;
  parts.forEach((part, p) => {
    const [start, end] = ranges[p]!;
    const offsets = part.valueOffsets as Int32Array | BigInt64Array;
    if (large) {
      const shift = BigInt(base - start);
      for (let i = 0; i < part.length; i++)
        (out as BigInt64Array)[row + i] = (offsets as BigInt64Array)[i]! + shift;
    } else {
      const shift = base - start;
      for (let i = 0; i < part.length; i++)
        (out as Int32Array)[row + i] = (offsets as Int32Array)[i]! + shift;
    }
    row += part.length;
    base += end - start;
  });
  if (large) (out as BigInt64Array)[length] = BigInt(base);
  else (out as Int32Array)[length] = base;
  return out;
}

function concatBytes(parts: readonly Data[], ranges: ReadonlyArray<[number, number]>): Uint8Array {
  const total = ranges.reduce((n, [start, end]) => n + end - start, 0);
  const out = new Uint8Array(total);
  let at = 0;
  parts.forEach((part, p) => {
    const [start, end] = ranges[p]!;
    out.set((part.values as Uint8Array).subarray(start, end), at);
    at += end - start;
  });
  return out;
}
