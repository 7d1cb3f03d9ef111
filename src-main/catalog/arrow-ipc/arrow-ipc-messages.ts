/**
 * The framing of an Arrow IPC stream, read and written message by message: each message is a
 * flatbuffer header (metadata) followed by its body. Kept apart from the codecs so that the
 * rewriting in arrow-compression.ts reads as what it changes, not how messages are delimited.
 */
import { ByteBuffer } from 'flatbuffers';
import { DictionaryBatch } from 'apache-arrow/fb/dictionary-batch';
import { Message } from 'apache-arrow/fb/message';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { RecordBatch } from 'apache-arrow/fb/record-batch';
import { errors } from '../../../src-shared/vocabulary/errors';

/** Precedes each message's length; followed by a zero length, it ends the stream. */
export const CONTINUATION = 0xffffffff;

export function align8(n: number): number {
  return (n + 7) & ~7;
}

export interface RawMessage {
  metadata: Uint8Array;
  body: Uint8Array;
  /** What the message holds: a schema, a dictionary batch or a record batch. */
  type: MessageHeader;
}

/** The 8 bytes that end a stream: a continuation marker and a zero length. */
export const END_OF_STREAM = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/** An IPC file opens with this magic, padded to 8 bytes, and closes with it unpadded. */
export const FILE_MAGIC = new Uint8Array([0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]); // "ARROW1"

export function messageOf(metadata: Uint8Array): Message {
  return Message.getRootAsMessage(new ByteBuffer(metadata));
}

const NO_BYTES = new Uint8Array(0);

/**
 * One ByteBuffer and one Message accessor, pointed at message after message: flatbuffers makes a
 * TextDecoder for every ByteBuffer, which for a stream of 20,000 small batches is most of the
 * garbage its reading makes. Whatever it returns is valid until its next call only.
 */
export class MessageReader {
  private readonly bytes = new ByteBuffer(NO_BYTES);
  private readonly message = new Message();

  read(metadata: Uint8Array): Message {
    // ByteBuffer has no setter for its bytes; the field is public at run time.
    (this.bytes as unknown as { bytes_: Uint8Array }).bytes_ = metadata;
    this.bytes.setPosition(0);
    return Message.getRootAsMessage(this.bytes, this.message);
  }

  /** Lets go of the last metadata read, and the buffer it lies in. */
  release(): void {
    (this.bytes as unknown as { bytes_: Uint8Array }).bytes_ = NO_BYTES;
  }
}

export function* readMessages(bytes: Uint8Array): Generator<RawMessage> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reader = new MessageReader();
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
    const message = reader.read(metadata);
    const bodyLength = Number(message.bodyLength());
    if (bodyLength < 0 || offset + bodyLength > bytes.byteLength) {
      throw errors.InvalidInput('The Arrow IPC stream is truncated');
    }
    yield {
      metadata,
      body: bytes.subarray(offset, offset + bodyLength),
      type: message.headerType(),
    };
    offset += bodyLength;
  }
}

export function frame(
  metadata: Uint8Array,
  body: Uint8Array,
): [prefix: Uint8Array, metadata: Uint8Array, body: Uint8Array] {
  const padded = align8(metadata.byteLength);
  const prefix = new Uint8Array(8);
  const view = new DataView(prefix.buffer);
  view.setUint32(0, CONTINUATION, true);
  view.setInt32(4, padded, true);
  const meta = new Uint8Array(padded);
  meta.set(metadata);
  return [prefix, meta, body];
}

export function compressedBatch(message: Message): RecordBatch | undefined {
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

const rowsReader = new MessageReader();
const rowsBatch = new RecordBatch();

/** The rows a record batch message holds; none for a schema or a dictionary batch. */
export function recordBatchRows(message: RawMessage): number {
  if (message.type !== MessageHeader.RecordBatch) return 0;
  // One reader for every call (see MessageReader): a search's answer counts its rows each time.
  const batch = rowsReader.read(message.metadata).header(rowsBatch) as RecordBatch;
  const rows = Number(batch.length());
  // Not kept pointing at the metadata: it lies in LanceDB's buffer of the whole answer.
  rowsReader.release();
  return rows;
}
