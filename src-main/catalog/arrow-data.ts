/**
 * Table data as the engine accepts it (an Arrow Table, record batches, or Arrow IPC bytes), and
 * the IPC encodings it hands out. Data crosses processes as Arrow IPC, never as JSON rows.
 */
import type { RecordBatch, Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from './arrow';
import { errors, isCatalogError } from '../../src-shared/vocabulary/errors';
import { joinSmallBatches } from './arrow-ipc/arrow-coalesce';
import { decompressStream, isCompressedStream } from './arrow-ipc/arrow-compression';

/** apache-arrow cannot read compressed batches; such streams are inflated first. */
function readIpc(bytes: Uint8Array): ArrowTable {
  try {
    return arrow.tableFromIPC(bytes);
  } catch (error) {
    if (!/compression/i.test((error as Error).message ?? '')) throw error;
    return arrow.tableFromIPC(decompressStream(bytes));
  }
}

export type TableData = ArrowTable | RecordBatch | RecordBatch[] | Uint8Array;

/** The media types of Arrow IPC bodies, as the namespace contract names them. */
export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream';
export const ARROW_FILE_TYPE = 'application/vnd.apache.arrow.file';

/** The bytes of an Arrow IPC stream, in chunks as they are produced; iterate it once. */
export type ArrowIpcStream = AsyncIterable<Uint8Array>;

/** A stream whose answer was whole before anyone read it (a search's k rows, a fused search): one chunk. */
interface WholeStream extends ArrowIpcStream {
  readonly whole: Uint8Array;
}

/**
 * `bytes` as a stream that also names them whole, so that a reader that wants them all (the
 * server's reply) takes them at once instead of iterating an async generator for one chunk.
 */
export function wholeStream(bytes: Uint8Array): ArrowIpcStream {
  const stream: WholeStream = {
    whole: bytes,
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
  return stream;
}

/** The whole answer of a stream made by `wholeStream`, else undefined. */
export function wholeOf(stream: ArrowIpcStream): Uint8Array | undefined {
  return (stream as Partial<WholeStream>).whole;
}

/**
 * Table data as one Arrow table, its small batches joined (arrow-coalesce.ts): LanceDB's writer is
 * quadratic in the number of batches it is handed.
 */
export function toArrowTable(data: TableData): ArrowTable {
  return joinSmallBatches(asArrowTable(data));
}

function asArrowTable(data: TableData): ArrowTable {
  if (data instanceof arrow.Table) return data;
  if (data instanceof arrow.RecordBatch) return new arrow.Table(data);
  if (Array.isArray(data)) {
    if (data.length === 0) throw errors.InvalidInput('No record batches were given');
    if (!data.every((batch) => batch instanceof arrow.RecordBatch)) {
      throw errors.InvalidInput('Table data must be Arrow record batches');
    }
    return new arrow.Table(data);
  }
  if (data instanceof Uint8Array) return decodeIpc(data);
  throw errors.InvalidInput('Table data must be an Arrow Table, record batches or Arrow IPC bytes');
}

/** Decodes Arrow IPC stream or file bytes; truncated or corrupt input is InvalidInput. */
export function decodeIpc(bytes: Uint8Array): ArrowTable {
  if (bytes.byteLength === 0) throw errors.InvalidInput('The Arrow IPC body is empty');
  let table: ArrowTable;
  try {
    table = readIpc(bytes);
  } catch (cause) {
    if (isCatalogError(cause)) throw cause;
    throw errors.InvalidInput(`The body is not a valid Arrow IPC stream: ${messageOf(cause)}`, {
      cause,
    });
  }
  if (table.schema.fields.length === 0) {
    throw errors.InvalidInput('The Arrow IPC stream has no schema fields');
  }
  try {
    // tableFromIPC is lazy about buffers; touching every column surfaces truncation here
    // rather than deep inside the write path.
    for (const batch of table.batches) {
      for (let i = 0; i < batch.numCols; i++) batch.getChildAt(i)?.data.forEach((d) => d.length);
    }
  } catch (cause) {
    throw errors.InvalidInput(`The Arrow IPC stream is truncated or corrupt: ${messageOf(cause)}`, {
      cause,
    });
  }
  return table;
}

export function encodeIpcStream(table: ArrowTable): Uint8Array {
  return arrow.tableToIPC(table, 'stream');
}

/**
 * A streamed answer's bytes in one buffer, for a reader that takes a whole stream (the renderer's
 * worker): one copy of the batches as they came, no decode and re-encode. A stream whose batches
 * are compressed (another server may send them so) is inflated, since apache-arrow cannot read
 * compressed buffers.
 */
export async function collectIpcStream(stream: ArrowIpcStream): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  return isCompressedStream(bytes) ? decompressStream(bytes) : bytes;
}

export function encodeIpcFile(table: ArrowTable): Uint8Array {
  return arrow.tableToIPC(table, 'file');
}

export function emptyTable(schema: Schema): ArrowTable {
  return new arrow.Table(schema);
}

function messageOf(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
