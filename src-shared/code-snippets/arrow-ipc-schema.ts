/**
 * An empty Arrow IPC stream (a schema message, then end-of-stream) from a JSON Arrow schema,
 * written without apache-arrow, which this layer may not load. The REST create-table route takes
 * only Arrow IPC, so a curl snippet that creates an empty table carries these bytes in base64.
 *
 * The flatbuffer is laid out front to back: each table is written before what it points to, so
 * every offset points forward as flatbuffers requires, and scalars sit at their natural alignment.
 */
import type { JsonArrowField, JsonArrowSchema } from '../vocabulary/json-arrow-types';
import { arrowTypeSpec, type ArrowTypeSpec } from './arrow-types';

type Scalar = { size: 1 | 2 | 4 | 8; value: number };
type Slot = Scalar | { ref: FbNode } | undefined;
type FbNode = { table: Slot[] } | { string: string } | { vector: FbNode[] };

const byte = (value: number): Scalar => ({ size: 1, value });
const short = (value: number): Scalar => ({ size: 2, value });
const int = (value: number): Scalar => ({ size: 4, value });
const long = (value: number): Scalar => ({ size: 8, value });
const ref = (node: FbNode): Slot => ({ ref: node });

/** Schema.fbs `Type` union tags. */
const TYPE_TAG = {
  null: 1,
  int: 2,
  float: 3,
  binary: 4,
  utf8: 5,
  bool: 6,
  date: 8,
  timestamp: 10,
  list: 12,
  struct: 13,
  fixed_size_binary: 15,
  fixed_size_list: 16,
  large_binary: 19,
  large_utf8: 20,
} as const;

function typeTable(spec: ArrowTypeSpec): FbNode {
  switch (spec.id) {
    case 'int':
      return { table: [int(spec.bits), byte(spec.signed ? 1 : 0)] };
    case 'float':
      return { table: [short(spec.bits === 16 ? 0 : spec.bits === 32 ? 1 : 2)] };
    case 'date':
      return { table: [short(spec.unit === 'day' ? 0 : 1)] };
    case 'timestamp':
      return {
        table: [
          short(['s', 'ms', 'us', 'ns'].indexOf(spec.unit)),
          spec.timezone === null ? undefined : ref({ string: spec.timezone }),
        ],
      };
    case 'fixed_size_binary':
      return { table: [int(spec.width)] };
    case 'fixed_size_list':
      return { table: [int(spec.size)] };
    default:
      return { table: [] };
  }
}

function keyValues(metadata: Record<string, string> | undefined): Slot {
  const entries = Object.entries(metadata ?? {});
  if (entries.length === 0) return undefined;
  return ref({
    vector: entries.map(([k, v]) => ({ table: [ref({ string: k }), ref({ string: v })] })),
  });
}

function fieldTable(field: JsonArrowField): FbNode {
  const spec = arrowTypeSpec(field.type);
  const children =
    spec.id === 'list' || spec.id === 'fixed_size_list'
      ? [spec.child]
      : spec.id === 'struct'
        ? spec.children
        : [];
  return {
    table: [
      ref({ string: field.name }),
      byte(field.nullable ? 1 : 0),
      byte(TYPE_TAG[spec.id]),
      ref(typeTable(spec)),
      undefined,
      ref({ vector: children.map(fieldTable) }),
      keyValues(field.metadata),
    ],
  };
}

class Writer {
  bytes: number[] = [];
  private view = new DataView(new ArrayBuffer(8));

  pad(alignment: number, extra = 0): void {
    while ((this.bytes.length + extra) % alignment !== 0) this.bytes.push(0);
  }
  put(size: number, value: number, at = this.bytes.length): void {
    if (size === 8) this.view.setBigInt64(0, BigInt(value), true);
    else if (size === 4) this.view.setInt32(0, value, true);
    else if (size === 2) this.view.setInt16(0, value, true);
    else this.view.setUint8(0, value);
    for (let i = 0; i < size; i++) this.bytes[at + i] = this.view.getUint8(i);
  }
  /** Points the 4-byte slot at `slot` forward to `target`. */
  link(slot: number, target: number): void {
    this.put(4, target - slot, slot);
  }

  write(node: FbNode): number {
    if ('string' in node) {
      const utf8 = utf8Bytes(node.string);
      this.pad(4);
      const at = this.bytes.length;
      this.put(4, utf8.length);
      this.bytes.push(...utf8, 0);
      return at;
    }
    if ('vector' in node) {
      this.pad(4);
      const at = this.bytes.length;
      this.put(4, node.vector.length);
      const slots = node.vector.map(() => {
        const slot = this.bytes.length;
        this.put(4, 0);
        return slot;
      });
      node.vector.forEach((child, i) => this.link(slots[i]!, this.write(child)));
      return at;
    }
    return this.writeTable(node.table);
  }

  private writeTable(slots: Slot[]): number {
    // Inline layout: the vtable offset, then each present field at its own alignment.
    const offsets: number[] = [];
    let size = 4;
    for (const slot of slots) {
      if (!slot) {
        offsets.push(0);
        continue;
      }
      const width = 'ref' in slot ? 4 : slot.size;
      size = Math.ceil(size / width) * width;
      offsets.push(size);
      size += width;
    }
    const vtableSize = 4 + 2 * slots.length;
    this.pad(8, vtableSize);
    const vtable = this.bytes.length;
    this.put(2, vtableSize);
    this.put(2, size);
    for (const offset of offsets) this.put(2, offset);
    const table = this.bytes.length;
    for (let i = 0; i < size; i++) this.bytes.push(0);
    this.put(4, table - vtable, table);
    const children: Array<[number, FbNode]> = [];
    slots.forEach((slot, i) => {
      if (!slot) return;
      if ('ref' in slot) children.push([table + offsets[i]!, slot.ref]);
      else this.put(slot.size, slot.value, table + offsets[i]!);
    });
    for (const [slot, child] of children) this.link(slot, this.write(child));
    return table;
  }
}

function utf8Bytes(text: string): number[] {
  const out: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000)
      out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      out.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return out;
}

/** The bytes of an Arrow IPC stream that holds the schema and no rows. */
export function emptyArrowStream(schema: JsonArrowSchema): Uint8Array {
  const schemaTable: FbNode = {
    table: [short(0), ref({ vector: schema.fields.map(fieldTable) }), keyValues(schema.metadata)],
  };
  // Message: version V5, header type Schema, the header, a body of 0 bytes.
  const message: FbNode = { table: [short(4), byte(1), ref(schemaTable), long(0)] };
  const writer = new Writer();
  writer.put(4, 0);
  writer.link(0, writer.write(message));
  writer.pad(8);
  const metadata = writer.bytes;
  const out = new Uint8Array(8 + metadata.length + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xffffffff, true);
  view.setInt32(4, metadata.length, true);
  out.set(metadata, 8);
  view.setUint32(8 + metadata.length, 0xffffffff, true);
  return out;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63]! : '=';
  }
  return out;
}
