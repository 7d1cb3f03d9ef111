/**
 * A record batch message loaded as apache-arrow Data straight from its flatbuffer header: each
 * buffer becomes a typed-array view of the message body, each field node a Data, in the IPC
 * format's depth-first order. apache-arrow's own reader builds a message object graph and a new
 * schema for every batch, some 35 KB of garbage each: for a body of 20,000 one-row batches that
 * is hundreds of MB, and the collections it takes were the server's longest pauses.
 *
 * Only schemas without dictionary or union columns are loaded here (`loadable`); others go through
 * apache-arrow's reader. Every buffer is checked to lie in the body and to hold what its node
 * says, and every offsets buffer to stay within its values, so a lying header is InvalidInput.
 */
import type { Data, DataType, Field, Schema, Struct } from 'apache-arrow';
import { Buffer as FbBuffer } from 'apache-arrow/fb/buffer';
import { FieldNode } from 'apache-arrow/fb/field-node';
import { RecordBatch as FbRecordBatch } from 'apache-arrow/fb/record-batch';
import { errors } from '../../../src-shared/vocabulary/errors';
import { arrow } from '../arrow';
import { MessageReader } from './arrow-ipc-messages';

const Type = arrow.Type;
const EMPTY = new Uint8Array(0);

type ViewConstructor = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): ArrayBufferView;
  new (length: number): ArrayBufferView;
  BYTES_PER_ELEMENT: number;
};

/** Whether every column can be loaded here: no dictionaries, no unions, at any depth. */
export function loadable(schema: Schema): boolean {
  const plain = (field: Field<DataType>): boolean =>
    field.type.typeId !== Type.Dictionary &&
    field.type.typeId !== Type.Union &&
    (field.type.children ?? []).every(plain);
  return schema.fields.every(plain);
}

/** Thrown for a batch whose buffers are compressed: the stream is inflated first, then read. */
export class CompressedBatch extends Error {}

/** The batch of a record batch message, as the struct of its columns. */
export function loadBatch(
  schema: Schema,
  metadata: Uint8Array,
  body: Uint8Array,
  type: Struct = new arrow.Struct(schema.fields),
  reader = new MessageReader(),
): Data<Struct> {
  const message = reader.read(metadata);
  const header = message.header(new FbRecordBatch()) as FbRecordBatch | null;
  if (!header)
    throw errors.InvalidInput('The Arrow IPC stream has a record batch without a header');
  if (header.compression()) throw new CompressedBatch();
  const loader = new Loader(header, body);
  const length = loader.count(header.length());
  const children = schema.fields.map((field: Field<DataType>) => loader.load(field.type));
  loader.done();
  for (const child of children) {
    if (child.length !== length) throw invalid('a column is not as long as its batch');
  }
  return new arrow.Data(
    type,
    0,
    length,
    0,
    [undefined, undefined, EMPTY],
    children,
  ) as Data<Struct>;
}

function invalid(what: string) {
  return errors.InvalidInput(`The Arrow IPC stream is truncated or corrupt: ${what}`);
}

/** Walks a batch's field nodes and buffers in order. */
class Loader {
  private node = 0;
  private buffer = 0;
  private readonly nodeAt = new FieldNode();
  private readonly bufferAt = new FbBuffer();

  constructor(
    private readonly header: FbRecordBatch,
    private readonly body: Uint8Array,
  ) {}

  count(value: bigint): number {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0) throw invalid('a length is out of range');
    return n;
  }

  done(): void {
    if (this.node !== this.header.nodesLength() || this.buffer !== this.header.buffersLength())
      throw invalid('its field nodes or buffers do not match its schema');
  }

  load(type: DataType): Data {
    if (this.node >= this.header.nodesLength()) throw invalid('a field node is missing');
    const node = this.header.nodes(this.node++, this.nodeAt)!;
    const length = this.count(node.length());
    const nullCount = this.count(node.nullCount());
    if (nullCount > length) throw invalid('a null count exceeds its length');
    if (type.typeId === Type.Null) return arrow.makeData({ type: type as never, length });
    const validity = this.next();
    if (nullCount > 0 && validity.byteLength * 8 < length)
      throw invalid('a validity buffer is short');
    const bitmap = nullCount > 0 ? validity : EMPTY;
    let offsets: Int32Array | BigInt64Array | undefined;
    let values: ArrayBufferView | undefined;
    let children: Data[] = [];
    switch (type.typeId) {
      case Type.Bool:
        values = this.next();
        if (values.byteLength * 8 < length) {
          // apache-arrow writes no values at all for a slice whose every value is null.
          if (nullCount < length) throw invalid('a boolean buffer is short');
          values = new Uint8Array((length + 7) >> 3);
        }
        break;
      case Type.Int:
      case Type.Float:
      case Type.Decimal:
      case Type.Date:
      case Type.Time:
      case Type.Timestamp:
      case Type.Interval:
      case Type.Duration:
      case Type.FixedSizeBinary: {
        const Ctor = (type as unknown as { ArrayType: ViewConstructor }).ArrayType;
        const stride = strideOf(type);
        values = view(Ctor, this.next(), length * stride, nullCount === length);
        break;
      }
      case Type.Utf8:
      case Type.Binary:
      case Type.LargeUtf8:
      case Type.LargeBinary: {
        const large = type.typeId === Type.LargeUtf8 || type.typeId === Type.LargeBinary;
        offsets = this.offsets(large, length);
        values = this.next();
        within(offsets, length, values.byteLength);
        break;
      }
      case Type.List:
      case Type.Map: {
        offsets = this.offsets(false, length);
        const child = this.load(childType(type));
        within(offsets, length, child.length);
        children = [child];
        break;
      }
      case Type.FixedSizeList: {
        const child = this.load(childType(type));
        const size = (type as unknown as { listSize: number }).listSize;
        if (child.length < length * size) throw invalid('a fixed-size list has too few values');
        children = [child];
        break;
      }
      case Type.Struct:
        children = type.children.map((field: Field<DataType>) => this.load(field.type));
        if (children.some((child) => child.length < length))
          throw invalid('a struct field is shorter than its struct');
        break;
      default:
        throw errors.InvalidInput(`Arrow type ${String(type)} is not read here`);
    }
    return new arrow.Data(
      type,
      0,
      length,
      nullCount,
      [offsets, values, bitmap, undefined] as unknown as ConstructorParameters<
        typeof arrow.Data
      >[4],
      children,
    );
  }

  private offsets(large: boolean, length: number): Int32Array | BigInt64Array {
    const bytes = this.next();
    // An empty column may come without even its one offset.
    if (length === 0 && bytes.byteLength === 0)
      return large ? new BigInt64Array(1) : new Int32Array(1);
    return large
      ? (view(BigInt64Array, bytes, length + 1) as BigInt64Array)
      : (view(Int32Array, bytes, length + 1) as Int32Array);
  }

  /** The next buffer, as a view of the body. */
  private next(): Uint8Array {
    if (this.buffer >= this.header.buffersLength()) throw invalid('a buffer is missing');
    const buffer = this.header.buffers(this.buffer++, this.bufferAt)!;
    const offset = Number(buffer.offset());
    const size = Number(buffer.length());
    if (!(offset >= 0 && size >= 0 && offset + size <= this.body.byteLength))
      throw invalid('a buffer lies outside its message body');
    return this.body.subarray(offset, offset + size);
  }
}

function childType(type: DataType): DataType {
  return (type.children[0] as Field<DataType>).type;
}

/** Elements of its ArrayType per value, as apache-arrow counts them (its strideForType, not exported). */
function strideOf(type: DataType): number {
  const t = type as unknown as { bitWidth: number; unit: number; byteWidth: number };
  switch (type.typeId) {
    case Type.Decimal:
      return t.bitWidth / 32;
    case Type.Interval:
      return 1 + t.unit;
    case Type.FixedSizeBinary:
      return t.byteWidth;
    default:
      return 1;
  }
}

/**
 * At least `count` elements of `bytes` as a typed array: a view, or a copy when misaligned. A
 * buffer too short is refused, unless every value is null (zeros stand in for what is missing).
 */
function view(
  Ctor: ViewConstructor,
  bytes: Uint8Array,
  count: number,
  allNull = false,
): ArrayBufferView {
  const per = Ctor.BYTES_PER_ELEMENT;
  if (bytes.byteLength < count * per) {
    if (!allNull) throw invalid('a values buffer is short');
    return new Ctor(count);
  }
  if (bytes.byteOffset % per === 0) return new Ctor(bytes.buffer, bytes.byteOffset, count);
  const copy = new Ctor(count);
  new Uint8Array(copy.buffer).set(bytes.subarray(0, count * per));
  return copy;
}

/** Offsets must not decrease, nor point past the values they index. */
function within(offsets: Int32Array | BigInt64Array, length: number, values: number): void {
  let previous = Number(offsets[0]);
  if (previous < 0) throw invalid('an offset is negative');
  for (let i = 1; i <= length; i++) {
    const next = Number(offsets[i]);
    if (next < previous) throw invalid('offsets decrease');
    previous = next;
  }
  if (previous > values) throw invalid('an offset points past its values');
}
