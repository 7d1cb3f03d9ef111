/**
 * Arrow IPC streams with compressed buffers, as LanceDB's remote client uploads them, and the
 * hostile kinds the edge tests send: a ZSTD bomb (RLE blocks, 4 bytes for every 128 KiB they
 * inflate to) declared honestly, and the same bomb behind a declared length that lies.
 */
import { Builder, ByteBuffer } from 'flatbuffers';
import { compressFrameSync } from 'lz4-napi';
import type { Table } from 'apache-arrow';
import { BodyCompression } from 'apache-arrow/fb/body-compression';
import { BodyCompressionMethod } from 'apache-arrow/fb/body-compression-method';
import { Buffer as FbBuffer } from 'apache-arrow/fb/buffer';
import { CompressionType } from 'apache-arrow/fb/compression-type';
import { FieldNode } from 'apache-arrow/fb/field-node';
import { Message } from 'apache-arrow/fb/message';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { RecordBatch } from 'apache-arrow/fb/record-batch';
import { arrow } from '../../src-main/catalog/arrow';

const BLOCK = 128 * 1024;

/** A valid Zstandard frame of raw blocks (fzstd reads it; no compressor is needed here). */
export function zstdRaw(data: Uint8Array, { contentSize = true } = {}): Uint8Array {
  const parts: Uint8Array[] = [zstdHeader(contentSize ? data.byteLength : undefined)];
  for (let at = 0; at < data.byteLength || at === 0; at += BLOCK) {
    const chunk = data.subarray(at, Math.min(data.byteLength, at + BLOCK));
    const last = at + BLOCK >= data.byteLength;
    parts.push(blockHeader(chunk.byteLength, 0, last), chunk);
    if (data.byteLength === 0) break;
  }
  return Buffer.concat(parts);
}

/** A Zstandard frame of RLE blocks that inflates to `bytes` zeros: 4 bytes per 128 KiB. */
export function zstdBomb(bytes: number, { contentSize = true } = {}): Uint8Array {
  const blocks = Math.ceil(bytes / BLOCK);
  const out = Buffer.alloc(15 + blocks * 4);
  const header = zstdHeader(contentSize ? bytes : undefined);
  out.set(header);
  let at = header.byteLength;
  for (let i = 0; i < blocks; i++) {
    const size = Math.min(BLOCK, bytes - i * BLOCK);
    out.set(blockHeader(size, 1, i === blocks - 1), at);
    out[at + 3] = 0;
    at += 4;
  }
  return out.subarray(0, at);
}

function zstdHeader(contentSize: number | undefined): Uint8Array {
  if (contentSize === undefined) {
    // No content size: a window descriptor of 128 KiB (exponent 7).
    return Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3]);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = 0xe0; // single segment, 8-byte content size
  header.writeBigUInt64LE(BigInt(contentSize), 5);
  return header;
}

function blockHeader(size: number, type: number, last: boolean): Uint8Array {
  const value = (size << 3) | (type << 1) | (last ? 1 : 0);
  return Uint8Array.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
}

export type Codec = 'lz4' | 'zstd';

export interface CompressOptions {
  /** The compressed form of one buffer; by default the codec's honest one. */
  compress?: (data: Uint8Array, index: number) => Uint8Array;
  /** The uncompressed length written before a buffer; by default its true length. */
  declare?: (actual: number, index: number) => bigint;
}

/** `table` as an Arrow IPC stream whose record batch buffers are compressed with `codec`. */
export function compressedIpc(
  table: Table,
  codec: Codec,
  options: CompressOptions = {},
): Uint8Array {
  const compress =
    options.compress ??
    ((data: Uint8Array) =>
      codec === 'lz4' ? compressFrameSync(Buffer.from(data)) : zstdRaw(data));
  const bytes = arrow.tableToIPC(table, 'stream');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Uint8Array[] = [];
  let offset = 0;
  let index = 0;
  while (offset + 8 <= bytes.byteLength) {
    const length = view.getInt32(offset + 4, true);
    if (length === 0) break;
    const metadata = bytes.subarray(offset + 8, offset + 8 + length);
    const message = Message.getRootAsMessage(new ByteBuffer(metadata));
    const bodyLength = Number(message.bodyLength());
    const body = bytes.subarray(offset + 8 + length, offset + 8 + length + bodyLength);
    offset += 8 + length + bodyLength;
    if (message.headerType() !== MessageHeader.RecordBatch) {
      out.push(frame(metadata, body));
      continue;
    }
    const batch = message.header(new RecordBatch()) as RecordBatch;
    const regions: Uint8Array[] = [];
    for (let i = 0; i < batch.buffersLength(); i++) {
      const buffer = batch.buffers(i)!;
      const data = body.subarray(
        Number(buffer.offset()),
        Number(buffer.offset()) + Number(buffer.length()),
      );
      if (data.byteLength === 0) {
        regions.push(new Uint8Array(0));
        continue;
      }
      const payload = compress(data, index);
      const region = new Uint8Array(8 + payload.byteLength);
      new DataView(region.buffer).setBigInt64(
        0,
        options.declare?.(data.byteLength, index) ?? BigInt(data.byteLength),
        true,
      );
      region.set(payload, 8);
      regions.push(region);
      index += 1;
    }
    out.push(rebuild(message, batch, regions, codec));
  }
  const end = new Uint8Array(8);
  new DataView(end.buffer).setUint32(0, 0xffffffff, true);
  out.push(end);
  return Buffer.concat(out);
}

function rebuild(
  message: Message,
  batch: RecordBatch,
  regions: Uint8Array[],
  codec: Codec,
): Uint8Array {
  const layout: Array<[number, number]> = [];
  let size = 0;
  for (const region of regions) {
    layout.push([size, region.byteLength]);
    size = (size + region.byteLength + 7) & ~7;
  }
  const body = new Uint8Array(size);
  regions.forEach((region, i) => body.set(region, layout[i]![0]));
  const builder = new Builder(1024);
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
  const compression = BodyCompression.createBodyCompression(
    builder,
    codec === 'lz4' ? CompressionType.LZ4_FRAME : CompressionType.ZSTD,
    BodyCompressionMethod.BUFFER,
  );
  RecordBatch.startRecordBatch(builder);
  RecordBatch.addLength(builder, batch.length());
  RecordBatch.addNodes(builder, nodes);
  RecordBatch.addBuffers(builder, buffers);
  RecordBatch.addCompression(builder, compression);
  const header = RecordBatch.endRecordBatch(builder);
  Message.startMessage(builder);
  Message.addVersion(builder, message.version());
  Message.addHeaderType(builder, MessageHeader.RecordBatch);
  Message.addHeader(builder, header);
  Message.addBodyLength(builder, BigInt(body.byteLength));
  builder.finish(Message.endMessage(builder));
  return frame(builder.asUint8Array(), body);
}

function frame(metadata: Uint8Array, body: Uint8Array): Uint8Array {
  const padded = (metadata.byteLength + 7) & ~7;
  const out = new Uint8Array(8 + padded + body.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xffffffff, true);
  view.setInt32(4, padded, true);
  out.set(metadata, 8);
  out.set(body, 8 + padded);
  return out;
}

/**
 * A one-column (int32) stream whose data buffer is a ZSTD bomb inflating to `inflated` bytes;
 * it declares `declared` bytes for it (the truth, or a lie).
 */
export function zstdBombIpc(inflated: number, declared: number): Uint8Array {
  const table = arrow.tableFromArrays({ n: Int32Array.from({ length: 256 }, (_, i) => i) });
  return compressedIpc(table, 'zstd', {
    compress: (data) => (data.byteLength >= 1024 ? zstdBomb(inflated) : zstdRaw(data)),
    declare: (actual) => BigInt(actual >= 1024 ? declared : actual),
  });
}
