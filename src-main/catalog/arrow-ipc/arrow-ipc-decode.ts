/**
 * An Arrow IPC body (stream or file) decoded into a table in time slices, its small batches
 * joined on the way. Decoding with apache-arrow's reader costs some 35 µs and 35 KB of garbage
 * per batch whatever its size, so a body of 20,000 one-row batches held the server's only thread
 * for 0.7 s in one call, and LanceDB's writer then spent seconds more on that many batches
 * (arrow-coalesce.ts). Here a stream's batches are loaded straight from their headers
 * (arrow-ipc-load.ts) where its schema allows, the event loop gets a turn every few ms
 * (time-slices.ts), and the table handed on has a handful of batches.
 *
 * The answers are those of decodeIpc (arrow-data.ts): an empty body, a stream without fields, a
 * malformed or truncated one are InvalidInput; compressed batches are inflated first.
 */
import type {
  RecordBatch,
  RecordBatchFileReader,
  RecordBatchStreamReader,
  Schema,
  Table as ArrowTable,
} from 'apache-arrow';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { arrow } from '../arrow';
import { BatchJoiner } from './arrow-coalesce';
import { decompressStreamInSlices, MAX_INFLATED_BYTES } from './arrow-compression';
import { CompressedBatch, loadable, loadBatch } from './arrow-ipc-load';
import { FILE_MAGIC, MessageReader, readMessages } from './arrow-ipc-messages';
import { TimeSlicer } from '../time-slices';

/** apache-arrow cannot read compressed batches and says so in these words. */
const COMPRESSED = /compression/i;

export async function decodeIpcInSlices(
  bytes: Uint8Array,
  { maxInflatedBytes = MAX_INFLATED_BYTES, slicer = new TimeSlicer() } = {},
): Promise<ArrowTable> {
  if (bytes.byteLength === 0) throw errors.InvalidInput('The Arrow IPC body is empty');
  try {
    return await readBatches(bytes, slicer);
  } catch (error) {
    if (!(error instanceof NeedsInflating)) throw error;
  }
  return readBatches(await decompressStreamInSlices(bytes, maxInflatedBytes, slicer), slicer);
}

class NeedsInflating extends Error {}

async function readBatches(bytes: Uint8Array, slicer: TimeSlicer): Promise<ArrowTable> {
  if (isFile(bytes)) return readWithApacheArrow(bytes, slicer);
  const messages = readMessages(bytes);
  const first = messages.next();
  if (first.done || first.value.type !== MessageHeader.Schema) {
    // Not a stream that starts with its schema: apache-arrow says what is wrong with it.
    return readWithApacheArrow(bytes, slicer);
  }
  const schema = invalidIfThrows(
    () => arrow.Message.decode(first.value.metadata).header() as Schema,
  );
  checkFields(schema);
  if (!loadable(schema)) return readWithApacheArrow(bytes, slicer);
  const joiner = new BatchJoiner(schema);
  const type = new arrow.Struct(schema.fields);
  const reader = new MessageReader();
  for (const raw of messages) {
    // A second schema starts a second stream, which apache-arrow's reader does not read either.
    if (raw.type === MessageHeader.Schema) break;
    if (raw.type !== MessageHeader.RecordBatch)
      throw errors.InvalidInput('The Arrow IPC stream has a message that is not a record batch');
    try {
      joiner.addData(loadBatch(schema, raw.metadata, raw.body, type, reader));
    } catch (error) {
      if (error instanceof CompressedBatch) throw new NeedsInflating();
      throw error;
    }
    const pause = slicer.tick();
    if (pause) await pause;
  }
  return joiner.finish();
}

/** Streams with dictionaries or unions, and IPC files, are read by apache-arrow, batch by batch. */
async function readWithApacheArrow(bytes: Uint8Array, slicer: TimeSlicer): Promise<ArrowTable> {
  const reader = invalidIfThrows(() => {
    // Read from bytes in memory, the reader is a synchronous one, whose open() returns itself.
    const opened = arrow.RecordBatchReader.from(bytes) as unknown as
      RecordBatchStreamReader | RecordBatchFileReader;
    return opened.open();
  });
  // Taken now: the reader forgets its schema once it has read to the end.
  const schema = reader.schema;
  checkFields(schema);
  const joiner = new BatchJoiner(schema);
  const batches = reader[Symbol.iterator]();
  for (;;) {
    const next = invalidIfThrows(() => batches.next());
    if (next.done) break;
    touch(next.value);
    joiner.add(next.value);
    const pause = slicer.tick();
    if (pause) await pause;
  }
  return joiner.finish();
}

function isFile(bytes: Uint8Array): boolean {
  return FILE_MAGIC.every((byte, i) => bytes[i] === byte);
}

function checkFields(schema: Schema | null | undefined): asserts schema is Schema {
  if (!schema || schema.fields.length === 0) {
    throw errors.InvalidInput('The Arrow IPC stream has no schema fields');
  }
}

/** Runs a step of apache-arrow's reader; what it throws is the body's fault, said so. */
function invalidIfThrows<T>(step: () => T): T {
  try {
    return step();
  } catch (cause) {
    if (isCatalogError(cause)) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    if (COMPRESSED.test(message)) throw new NeedsInflating(message);
    throw errors.InvalidInput(`The body is not a valid Arrow IPC stream: ${message}`, { cause });
  }
}

/**
 * apache-arrow is lazy about some buffers; touching every column surfaces truncation here rather
 * than deep inside the write path (as decodeIpc does).
 */
function touch(batch: RecordBatch): void {
  try {
    for (let i = 0; i < batch.numCols; i++) batch.getChildAt(i)?.data.forEach((d) => d.length);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw errors.InvalidInput(`The Arrow IPC stream is truncated or corrupt: ${message}`, {
      cause,
    });
  }
}
