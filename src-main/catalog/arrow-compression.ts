/**
 * Decompresses Arrow IPC streams whose record batches use body compression (LZ4_FRAME or ZSTD).
 * LanceDB's remote client sends its uploads LZ4-compressed, and apache-arrow for JS cannot read
 * compressed batches, so the stream is rewritten message by message: every compressed buffer is
 * inflated, the buffer offsets are recomputed, and the batch header loses its compression field.
 * Schema and other messages pass through byte for byte.
 *
 * Every decoder here is bounded: it never writes more than the caller's cap, whatever lengths the
 * input declares, so a decompression bomb costs at most the cap in memory.
 */
import { Builder, ByteBuffer } from 'flatbuffers';
import { decompress as zstdDecompress } from 'fzstd';
import { Buffer as FbBuffer } from 'apache-arrow/fb/buffer';
import { DictionaryBatch } from 'apache-arrow/fb/dictionary-batch';
import { FieldNode } from 'apache-arrow/fb/field-node';
import { Message } from 'apache-arrow/fb/message';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { RecordBatch } from 'apache-arrow/fb/record-batch';
import { CatalogError, ERROR_CODES, errors } from '../../src-shared/vocabulary/errors';

const CONTINUATION = 0xffffffff;
const LZ4_FRAME = 0;
const ZSTD = 1;

function align8(n: number): number {
  return (n + 7) & ~7;
}

interface RawMessage {
  metadata: Uint8Array;
  body: Uint8Array;
}

function* readMessages(bytes: Uint8Array): Generator<RawMessage> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (offset + 4 <= bytes.byteLength) {
    let length = view.getInt32(offset, true);
    offset += 4;
    if (length === -1) {
      if (offset + 4 > bytes.byteLength)
        throw errors.InvalidInput('The Arrow IPC stream is truncated');
      length = view.getInt32(offset, true);
      offset += 4;
    }
    if (length === 0) return;
    if (length < 0 || offset + length > bytes.byteLength)
      throw errors.InvalidInput('The Arrow IPC stream is truncated');
    const metadata = bytes.subarray(offset, offset + length);
    offset += length;
    const message = Message.getRootAsMessage(new ByteBuffer(metadata));
    const bodyLength = Number(message.bodyLength());
    if (bodyLength < 0 || offset + bodyLength > bytes.byteLength) {
      throw errors.InvalidInput('The Arrow IPC stream is truncated');
    }
    yield { metadata, body: bytes.subarray(offset, offset + bodyLength) };
    offset += bodyLength;
  }
}

/**
 * Bytes a whole stream may inflate to. The declared sizes are checked before anything is inflated,
 * so a small body claiming gigabytes (a decompression bomb) is refused without allocating them.
 */
export const MAX_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;

interface Budget {
  left: number;
  total: number;
}

function inflate(codec: number, region: Uint8Array, budget: Budget): Uint8Array {
  if (region.byteLength === 0) return region;
  if (region.byteLength < 8)
    throw errors.InvalidInput('A compressed Arrow buffer is shorter than its length prefix');
  const view = new DataView(region.buffer, region.byteOffset, 8);
  const expected = view.getBigInt64(0, true);
  const payload = region.subarray(8);
  if (expected === -1n) return payload;
  if (expected < 0n) throw corrupt('negative uncompressed length');
  if (expected > BigInt(budget.left)) throw new InflateLimitError(budget.total);
  const length = Number(expected);
  budget.left -= length;
  // The declared length is a claim, not a fact: each decoder is capped at it, so a buffer that
  // lies about its size is refused having taken no more memory than it declared.
  const out = codec === LZ4_FRAME ? inflateLz4(payload, length) : inflateZstd(payload, length);
  if (out.byteLength !== length) {
    throw errors.InvalidInput(
      `A compressed Arrow buffer inflated to ${out.byteLength} bytes, not the ${length} it declares`,
    );
  }
  return out;
}

/** Rebuilds a record batch header without compression, over the inflated buffers. */
function rewriteBatch(
  builder: Builder,
  batch: RecordBatch,
  body: Uint8Array,
  budget: Budget,
): { header: number; body: Uint8Array } {
  const codec = batch.compression()!.codec();
  if (codec !== LZ4_FRAME && codec !== ZSTD)
    throw errors.InvalidInput(`Unknown Arrow compression codec ${codec}`);
  const pieces: Uint8Array[] = [];
  const layout: Array<[number, number]> = [];
  let offset = 0;
  for (let i = 0; i < batch.buffersLength(); i++) {
    const buffer = batch.buffers(i)!;
    const start = Number(buffer.offset());
    const length = Number(buffer.length());
    if (start < 0 || start + length > body.byteLength)
      throw errors.InvalidInput('An Arrow buffer lies outside its message body');
    const data = inflate(codec, body.subarray(start, start + length), budget);
    layout.push([offset, data.byteLength]);
    pieces.push(data);
    offset = align8(offset + data.byteLength);
  }
  const newBody = new Uint8Array(offset);
  pieces.forEach((piece, i) => newBody.set(piece, layout[i]![0]));

  RecordBatch.startNodesVector(builder, batch.nodesLength());
  for (let i = batch.nodesLength() - 1; i >= 0; i--) {
    const node = batch.nodes(i)!;
    FieldNode.createFieldNode(builder, node.length(), node.nullCount());
  }
  const nodes = builder.endVector();
  RecordBatch.startBuffersVector(builder, layout.length);
  for (let i = layout.length - 1; i >= 0; i--)
    FbBuffer.createBuffer(builder, BigInt(layout[i]![0]), BigInt(layout[i]![1]));
  const buffers = builder.endVector();
  RecordBatch.startRecordBatch(builder);
  RecordBatch.addLength(builder, batch.length());
  RecordBatch.addNodes(builder, nodes);
  RecordBatch.addBuffers(builder, buffers);
  return { header: RecordBatch.endRecordBatch(builder), body: newBody };
}

function frame(metadata: Uint8Array, body: Uint8Array): Uint8Array[] {
  const padded = align8(metadata.byteLength);
  const prefix = new Uint8Array(8);
  const view = new DataView(prefix.buffer);
  view.setUint32(0, CONTINUATION, true);
  view.setInt32(4, padded, true);
  const meta = new Uint8Array(padded);
  meta.set(metadata);
  return [prefix, meta, body];
}

function compressedBatch(message: Message): RecordBatch | undefined {
  if (message.headerType() === MessageHeader.RecordBatch) {
    const batch = message.header(new RecordBatch()) as RecordBatch;
    return batch.compression() ? batch : undefined;
  }
  if (message.headerType() === MessageHeader.DictionaryBatch) {
    const batch = (message.header(new DictionaryBatch()) as DictionaryBatch).data();
    return batch?.compression() ? batch : undefined;
  }
  return undefined;
}

/** Whether any batch in the stream is compressed. */
export function isCompressedStream(bytes: Uint8Array): boolean {
  try {
    for (const raw of readMessages(bytes)) {
      if (compressedBatch(Message.getRootAsMessage(new ByteBuffer(raw.metadata)))) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** The same stream with every compressed batch inflated. */
export function decompressStream(
  bytes: Uint8Array,
  maxInflatedBytes = MAX_INFLATED_BYTES,
): Uint8Array {
  const out: Uint8Array[] = [];
  const budget: Budget = { left: maxInflatedBytes, total: maxInflatedBytes };
  for (const raw of readMessages(bytes)) {
    const message = Message.getRootAsMessage(new ByteBuffer(raw.metadata));
    const batch = compressedBatch(message);
    if (!batch) {
      out.push(...frame(raw.metadata, raw.body));
      continue;
    }
    const builder = new Builder(1024);
    const rewritten = rewriteBatch(builder, batch, raw.body, budget);
    let header = rewritten.header;
    if (message.headerType() === MessageHeader.DictionaryBatch) {
      const dictionary = message.header(new DictionaryBatch()) as DictionaryBatch;
      DictionaryBatch.startDictionaryBatch(builder);
      DictionaryBatch.addId(builder, dictionary.id());
      DictionaryBatch.addData(builder, header);
      DictionaryBatch.addIsDelta(builder, dictionary.isDelta());
      header = DictionaryBatch.endDictionaryBatch(builder);
    }
    Message.startMessage(builder);
    Message.addVersion(builder, message.version());
    Message.addHeaderType(builder, message.headerType());
    Message.addHeader(builder, header);
    Message.addBodyLength(builder, BigInt(rewritten.body.byteLength));
    builder.finish(Message.endMessage(builder));
    out.push(...frame(builder.asUint8Array(), rewritten.body));
  }
  const end = new Uint8Array(8);
  new DataView(end.buffer).setUint32(0, CONTINUATION, true);
  out.push(end);
  const total = out.reduce((n, part) => n + part.byteLength, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of out) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}

/** Refused because the data would inflate beyond the allowed size (HTTP 413 at the server). */
export class InflateLimitError extends CatalogError {
  constructor(readonly limit: number) {
    super(
      ERROR_CODES.InvalidInput,
      `The compressed data would inflate beyond the limit of ${limit} bytes`,
    );
  }
}

/**
 * The size a stream will have once its compressed buffers are inflated, from the lengths it
 * declares; read from the message headers alone, so it costs nothing to ask before inflating.
 */
export function declaredInflatedSize(bytes: Uint8Array): number {
  let total = 0;
  try {
    for (const raw of readMessages(bytes)) {
      total += 8 + raw.metadata.byteLength;
      const batch = compressedBatch(Message.getRootAsMessage(new ByteBuffer(raw.metadata)));
      if (!batch) {
        total += raw.body.byteLength;
        continue;
      }
      for (let i = 0; i < batch.buffersLength(); i++) {
        const buffer = batch.buffers(i)!;
        const start = Number(buffer.offset());
        const length = Number(buffer.length());
        if (length < 8 || start < 0 || start + length > raw.body.byteLength) {
          total += Math.max(0, length);
          continue;
        }
        const declared = new DataView(raw.body.buffer, raw.body.byteOffset + start, 8).getBigInt64(
          0,
          true,
        );
        total += declared === -1n ? length - 8 : Number(declared);
      }
    }
  } catch {
    // Not a stream we can read: its decoder will say why; its size is its own.
    return bytes.byteLength;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// LZ4 frame format (lz4.org frame spec 1.6.x), decoded in JavaScript into a buffer that never
// grows past the cap: a block that would write beyond it is refused, not followed.

const LZ4_MAGIC = 0x184d2204;
const LZ4_BLOCK_MAX = [0, 0, 0, 0, 64 << 10, 256 << 10, 1 << 20, 4 << 20];

class OutputFull extends Error {}

function corrupt(what: string): CatalogError {
  return errors.InvalidInput(`A compressed buffer is corrupt: ${what}`);
}

function u32(src: Uint8Array, at: number): number {
  if (at + 4 > src.byteLength) throw corrupt('truncated');
  return (src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24)) >>> 0;
}

/** One LZ4 block into out[o…]; matches may reach back to `windowStart`. Returns the new end. */
function lz4Block(
  src: Uint8Array,
  s: number,
  end: number,
  out: Uint8Array,
  o: number,
  windowStart: number,
): number {
  const limit = out.byteLength;
  while (s < end) {
    const token = src[s++]!;
    let literals = token >>> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (s >= end) throw corrupt('truncated literal length');
        b = src[s++]!;
        literals += b;
      } while (b === 255);
    }
    if (s + literals > end) throw corrupt('literals run past the block');
    if (o + literals > limit) throw new OutputFull();
    if (literals < 32) for (let i = 0; i < literals; i++) out[o + i] = src[s + i]!;
    else out.set(src.subarray(s, s + literals), o);
    s += literals;
    o += literals;
    // The last sequence of a block has literals only.
    if (s >= end) break;
    if (s + 2 > end) throw corrupt('truncated match offset');
    const offset = src[s]! | (src[s + 1]! << 8);
    s += 2;
    if (offset === 0 || offset > o - windowStart) throw corrupt('match offset out of range');
    let length = token & 15;
    if (length === 15) {
      let b: number;
      do {
        if (s >= end) throw corrupt('truncated match length');
        b = src[s++]!;
        length += b;
      } while (b === 255);
    }
    length += 4;
    if (o + length > limit) throw new OutputFull();
    let from = o - offset;
    if (offset >= length && length >= 32) {
      out.copyWithin(o, from, from + length);
      o += length;
    } else {
      // Overlapping matches repeat the last `offset` bytes, so they are copied byte by byte.
      const stop = o + length;
      while (o < stop) out[o++] = out[from++]!;
    }
  }
  return o;
}

/** Every frame of `src` into `out`; throws OutputFull when out is too small. Returns bytes written. */
function lz4Frames(src: Uint8Array, out: Uint8Array): number {
  let p = 0;
  let o = 0;
  while (p < src.byteLength) {
    const magic = u32(src, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      p += 8 + u32(src, p + 4);
      continue;
    }
    if (magic !== LZ4_MAGIC) throw corrupt('not an LZ4 frame');
    if (p + 7 > src.byteLength) throw corrupt('truncated frame header');
    const flags = src[p + 4]!;
    const blockMax = LZ4_BLOCK_MAX[(src[p + 5]! >> 4) & 7]!;
    if (flags >> 6 !== 1 || (flags & 2) !== 0 || blockMax === 0)
      throw corrupt('unknown LZ4 frame version or flags');
    if (flags & 1) throw corrupt('LZ4 dictionaries are not supported');
    const independent = (flags & 0x20) !== 0;
    const blockChecksums = (flags & 0x10) !== 0;
    p += 6 + (flags & 0x08 ? 8 : 0) + 1;
    const frameStart = o;
    for (;;) {
      const word = u32(src, p);
      p += 4;
      if (word === 0) break;
      const size = word & 0x7fffffff;
      if (size > blockMax || p + size > src.byteLength) throw corrupt('block size out of range');
      if (word & 0x80000000) {
        if (o + size > out.byteLength) throw new OutputFull();
        out.set(src.subarray(p, p + size), o);
        o += size;
      } else {
        o = lz4Block(src, p, p + size, out, o, independent ? o : frameStart);
      }
      p += size + (blockChecksums ? 4 : 0);
    }
    if (flags & 0x04) p += 4;
    if (p > src.byteLength) throw corrupt('truncated frame');
  }
  return o;
}

/** LZ4 frames inflated to at most `cap` bytes; more is refused with InflateLimitError. */
export function inflateLz4(src: Uint8Array, cap: number): Uint8Array {
  // Start from a guess and grow by decoding again: the output is never larger than needed,
  // and a bomb is stopped at the cap rather than at whatever it claims.
  let size = Math.min(cap, Math.max(64 << 10, src.byteLength * 4));
  for (;;) {
    const out = new Uint8Array(size);
    try {
      return out.subarray(0, lz4Frames(src, out));
    } catch (error) {
      if (!(error instanceof OutputFull)) throw error;
      if (size >= cap) throw new InflateLimitError(cap);
      size = Math.min(cap, size * 4);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Zstandard (RFC 8878) through fzstd. fzstd allocates what a frame header declares, so every
// frame is walked first: its window, its content size and its blocks bound what it can produce,
// and a stream whose bound exceeds the cap is refused before fzstd sees it.

const ZSTD_MAGIC = 0xfd2fb528;
const ZSTD_BLOCK_MAX = 128 << 10;
/** Windows a streaming encoder may declare for small data (zstd's default levels use ≤ 8 MiB). */
const ZSTD_SMALL_WINDOW = 8 << 20;
/** fzstd's own ceiling. */
const ZSTD_MAX_WINDOW = 2145386496;

/** The most bytes fzstd can produce from `src`; refuses frames whose window would outweigh their data. */
function zstdBound(src: Uint8Array, cap: number): number {
  let p = 0;
  let total = 0;
  while (p < src.byteLength) {
    const magic = u32(src, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      p += 8 + u32(src, p + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw corrupt('not a Zstandard frame');
    if (p + 5 > src.byteLength) throw corrupt('truncated frame header');
    const descriptor = src[p + 4]!;
    const sizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    if (descriptor & 0x08) throw corrupt('reserved bit set');
    if (descriptor & 3) throw corrupt('Zstandard dictionaries are not supported');
    let q = p + 5;
    let window = 0;
    if (!singleSegment) {
      const w = src[q++]!;
      const base = 2 ** (10 + (w >> 3));
      window = base + (base / 8) * (w & 7);
    }
    const sizeBytes = sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
    let contentSize = 0;
    for (let i = 0; i < sizeBytes; i++) contentSize += (src[q + i] ?? 0) * 2 ** (8 * i);
    if (sizeFlag === 1) contentSize += 256;
    q += sizeBytes;
    if (singleSegment) window = contentSize;
    let exact = 0;
    let compressed = 0;
    for (;;) {
      if (q + 3 > src.byteLength) throw corrupt('truncated block header');
      const header = src[q]! | (src[q + 1]! << 8) | (src[q + 2]! << 16);
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      q += 3;
      if (type === 3) throw corrupt('reserved block type');
      // Raw and RLE sizes are what they produce; a compressed block produces at most 128 KiB.
      if (size > ZSTD_BLOCK_MAX) throw corrupt('block larger than 128 KiB');
      if (type === 2) compressed += 1;
      else exact += size;
      q += type === 1 ? 1 : size;
      if (q > src.byteLength) throw corrupt('truncated block');
      if (header & 1) break;
    }
    if (descriptor & 4) q += 4;
    // With a content size fzstd decodes into a buffer of exactly that size (writes past it are
    // dropped); without one it allocates each block, at most 128 KiB or the window, and a window.
    const sized = sizeBytes > 0 && contentSize > 0;
    const bound = sized ? contentSize : exact + compressed * Math.min(ZSTD_BLOCK_MAX, window);
    if (sized && exact > contentSize) throw corrupt('blocks exceed the frame content size');
    total += bound;
    if (total > cap) throw new InflateLimitError(cap);
    const allocation = sized ? contentSize : window;
    if (allocation > ZSTD_MAX_WINDOW || allocation > Math.max(bound, ZSTD_SMALL_WINDOW))
      throw corrupt(`window of ${allocation} bytes for ${bound} bytes of data`);
    p = q;
  }
  return total;
}

/** Zstandard frames inflated to at most `cap` bytes; more is refused with InflateLimitError. */
export function inflateZstd(src: Uint8Array, cap: number): Uint8Array {
  zstdBound(src, cap);
  try {
    return zstdDecompress(src);
  } catch (cause) {
    throw errors.InvalidInput(
      `A compressed buffer could not be decompressed: ${(cause as Error).message}`,
      { cause },
    );
  }
}
