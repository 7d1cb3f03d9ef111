/**
 * Decompresses Arrow IPC streams whose record batches use body compression (LZ4_FRAME or ZSTD).
 * LanceDB's remote client sends its uploads LZ4-compressed, and apache-arrow for JS cannot read
 * compressed batches, so the stream is rewritten message by message: every compressed buffer is
 * inflated, the buffer offsets are recomputed, and the batch header loses its compression field.
 * Schema and other messages pass through byte for byte.
 *
 * Every decoder it uses (inflate-lz4.ts, inflate-zstd.ts, and their block-by-block forms for the
 * time-sliced inflation the server uses) is bounded: it never writes more than the caller's cap,
 * whatever lengths the input declares, so a decompression bomb costs at most the cap in memory.
 */
import { Builder, ByteBuffer } from 'flatbuffers';
import { Buffer as FbBuffer } from 'apache-arrow/fb/buffer';
import { DictionaryBatch } from 'apache-arrow/fb/dictionary-batch';
import { FieldNode } from 'apache-arrow/fb/field-node';
import { Message } from 'apache-arrow/fb/message';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { RecordBatch } from 'apache-arrow/fb/record-batch';
import { errors } from '../../../src-shared/vocabulary/errors';
import {
  align8,
  compressedBatch,
  CONTINUATION,
  frame,
  readMessages,
  type RawMessage,
} from './arrow-ipc-messages';
import { corrupt, InflateLimitError } from '../inflate/inflate-errors';
import { inflateLz4 } from '../inflate/inflate-lz4';
import { Lz4FrameInflater } from '../inflate/inflate-lz4-stream';
import { inflateZstd } from '../inflate/inflate-zstd';
import { MAX_WINDOW, ZstdInflater } from '../inflate/inflate-zstd-stream';
import { TimeSlicer } from '../time-slices';

const LZ4_FRAME = 0;
const ZSTD = 1;

/**
 * Bytes a whole stream may inflate to. The declared sizes are checked before anything is inflated,
 * so a small body claiming gigabytes (a decompression bomb) is refused without allocating them.
 */
export const MAX_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;

interface Budget {
  left: number;
  total: number;
}

/** A compressed buffer's declared length and payload; `length` -1 means stored uncompressed. */
function claimOf(region: Uint8Array, budget: Budget): { length: number; payload: Uint8Array } {
  if (region.byteLength < 8)
    throw errors.InvalidInput('A compressed Arrow buffer is shorter than its length prefix');
  const view = new DataView(region.buffer, region.byteOffset, 8);
  const expected = view.getBigInt64(0, true);
  const payload = region.subarray(8);
  if (expected === -1n) return { length: -1, payload };
  if (expected < 0n) throw corrupt('negative uncompressed length');
  if (expected > BigInt(budget.left)) throw new InflateLimitError(budget.total);
  const length = Number(expected);
  budget.left -= length;
  return { length, payload };
}

function inflate(codec: number, region: Uint8Array, budget: Budget): Uint8Array {
  if (region.byteLength === 0) return region;
  const { length, payload } = claimOf(region, budget);
  if (length === -1) return payload;
  // The declared length is a claim, not a fact: each decoder is capped at it, so a buffer that
  // lies about its size is refused having taken no more memory than it declared.
  const out = codec === LZ4_FRAME ? inflateLz4(payload, length) : inflateZstd(payload, length);
  return checkedLength(out, length);
}

/**
 * inflate, block by block in time slices: a buffer of a large batch can take hundreds of ms to
 * inflate in one call. The output is written into a buffer of the declared length, never past it.
 */
async function inflateInSlices(
  codec: number,
  region: Uint8Array,
  budget: Budget,
  slicer: TimeSlicer,
): Promise<Uint8Array> {
  if (region.byteLength === 0) return region;
  const { length, payload } = claimOf(region, budget);
  if (length === -1) return payload;
  const inflater =
    codec === LZ4_FRAME
      ? new Lz4FrameInflater()
      : new ZstdInflater(length, Math.max(MAX_WINDOW, length));
  const out = new Uint8Array(length);
  let at = 0;
  const put = (piece: Uint8Array) => {
    if (at + piece.byteLength > length) throw new InflateLimitError(length);
    out.set(piece, at);
    at += piece.byteLength;
  };
  inflater.write(payload);
  for (let piece = inflater.step(); piece !== undefined; piece = inflater.step()) {
    put(piece);
    const pause = slicer.tick();
    if (pause) await pause;
  }
  put(inflater.end());
  return checkedLength(out.subarray(0, at), length);
}

function checkedLength(out: Uint8Array, length: number): Uint8Array {
  if (out.byteLength !== length) {
    throw errors.InvalidInput(
      `A compressed Arrow buffer inflated to ${out.byteLength} bytes, not the ${length} it declares`,
    );
  }
  return out;
}

/** The codec of a compressed batch and its buffers' regions of the message body. */
function compressedRegions(batch: RecordBatch, body: Uint8Array) {
  const codec: number = batch.compression()!.codec();
  if (codec !== LZ4_FRAME && codec !== ZSTD)
    throw errors.InvalidInput(`Unknown Arrow compression codec ${String(codec)}`);
  const regions: Uint8Array[] = [];
  for (let i = 0; i < batch.buffersLength(); i++) {
    const buffer = batch.buffers(i)!;
    const start = Number(buffer.offset());
    const length = Number(buffer.length());
    if (start < 0 || start + length > body.byteLength)
      throw errors.InvalidInput('An Arrow buffer lies outside its message body');
    regions.push(body.subarray(start, start + length));
  }
  return { codec, regions };
}

/** Rebuilds a record batch header without compression, over the inflated buffers. */
function rewriteBatch(
  builder: Builder,
  batch: RecordBatch,
  pieces: Uint8Array[],
): { header: number; body: Uint8Array } {
  const layout: Array<[number, number]> = [];
  let offset = 0;
  for (const data of pieces) {
    layout.push([offset, data.byteLength]);
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
  for (const raw of readMessages(bytes)) out.push(...inflateMessage(raw, budget));
  return joinStream(out);
}

/** decompressStream in time slices: the event loop runs between blocks of every buffer. */
export async function decompressStreamInSlices(
  bytes: Uint8Array,
  maxInflatedBytes = MAX_INFLATED_BYTES,
  slicer = new TimeSlicer(),
): Promise<Uint8Array> {
  const out: Uint8Array[] = [];
  const budget: Budget = { left: maxInflatedBytes, total: maxInflatedBytes };
  for (const raw of readMessages(bytes)) {
    const message = Message.getRootAsMessage(new ByteBuffer(raw.metadata));
    const batch = compressedBatch(message);
    if (!batch) {
      out.push(...frame(raw.metadata, raw.body));
    } else {
      const { codec, regions } = compressedRegions(batch, raw.body);
      const pieces: Uint8Array[] = [];
      for (const region of regions)
        pieces.push(await inflateInSlices(codec, region, budget, slicer));
      out.push(...reframe(message, batch, pieces));
    }
    const pause = slicer.tick();
    if (pause) await pause;
  }
  return joinStream(out);
}

/** One message, framed, its compressed buffers inflated if it has any. */
function inflateMessage(raw: RawMessage, budget: Budget): Uint8Array[] {
  const message = Message.getRootAsMessage(new ByteBuffer(raw.metadata));
  const batch = compressedBatch(message);
  if (!batch) return frame(raw.metadata, raw.body);
  const { codec, regions } = compressedRegions(batch, raw.body);
  return reframe(
    message,
    batch,
    regions.map((region) => inflate(codec, region, budget)),
  );
}

/** A compressed message rewritten over its inflated buffers, framed. */
function reframe(message: Message, batch: RecordBatch, pieces: Uint8Array[]): Uint8Array[] {
  const builder = new Builder(1024);
  const rewritten = rewriteBatch(builder, batch, pieces);
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
  return frame(builder.asUint8Array(), rewritten.body);
}

/** The framed messages and an end marker, as one stream. */
function joinStream(out: Uint8Array[]): Uint8Array {
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

/**
 * The size a stream will have once its compressed buffers are inflated, from the lengths it
 * declares; read from the message headers alone, so it costs nothing to ask before inflating.
 */
export function declaredInflatedSize(bytes: Uint8Array): number {
  let total = 0;
  try {
    for (const raw of readMessages(bytes)) total += declaredMessageSize(raw);
  } catch {
    // Not a stream we can read: its decoder will say why; its size is its own.
    return bytes.byteLength;
  }
  return total;
}

/** declaredInflatedSize in time slices (a body of 20,000 batches takes some 80 ms to walk). */
export async function declaredInflatedSizeInSlices(
  bytes: Uint8Array,
  slicer = new TimeSlicer(),
): Promise<number> {
  let total = 0;
  try {
    for (const raw of readMessages(bytes)) {
      total += declaredMessageSize(raw);
      const pause = slicer.tick();
      if (pause) await pause;
    }
  } catch {
    return bytes.byteLength;
  }
  return total;
}

function declaredMessageSize(raw: RawMessage): number {
  let total = 8 + raw.metadata.byteLength;
  const batch = compressedBatch(Message.getRootAsMessage(new ByteBuffer(raw.metadata)));
  if (!batch) return total + raw.body.byteLength;
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
  return total;
}
