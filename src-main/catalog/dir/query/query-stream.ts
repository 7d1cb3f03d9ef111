/**
 * A query's answer as an Arrow IPC stream, made of the batches LanceDB produces, unchanged.
 *
 * LanceDB's native iterator hands each batch over as a small IPC file (schema, batch, footer);
 * its public `execute()` decodes those into apache-arrow objects, which would then have to be
 * written out again. Here each file's messages are passed on as they are: the schema once, then
 * every dictionary and record batch, their bodies as views of LanceDB's own buffers. The native
 * iterator is pulled only as the consumer asks for more, so a slow reader holds LanceDB back
 * (LanceDB's read-ahead is bounded) instead of filling memory. An answer of one small batch (a
 * search, a point lookup) is the middle of LanceDB's file as it is: one chunk, nothing framed.
 */
import type { DataType, Schema } from 'apache-arrow';
import type { QueryRequest } from '../../../../src-shared/catalog-api';
import type { ArrowIpcStream } from '../../client';
import { wholeStream } from '../../arrow-data';
import { arrow } from '../../arrow';
import {
  END_OF_STREAM,
  readMessages,
  recordBatchRows,
  type RawMessage,
} from '../../arrow-ipc/arrow-ipc-messages';
import { ipcStreamBytes } from '../../arrow-ipc/arrow-ipc-writers';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { lance } from '../lance-errors';
import { releasedNativeBytes } from '../../native-garbage';
import {
  buildQuery,
  DEFAULT_SEARCH_LIMIT,
  projectedSchema,
  type BuiltQuery,
} from './query-builder';
import type { Table as LanceTable } from '@lancedb/lancedb';

/** LanceDB's native batch iterator: each call answers one batch as an IPC file, then null. */
interface NativeBatches {
  next(): Promise<Uint8Array | null | undefined>;
}

/**
 * Where an IPC file's messages begin: after its magic and the zero padding that follows it (to 8
 * bytes in the format; LanceDB pads to 64, its buffers' alignment).
 */
function firstMessageOffset(file: Uint8Array): number {
  let offset = 8;
  while (offset < file.byteLength && file[offset] === 0) offset += 8;
  return offset;
}

export async function streamQuery(
  table: LanceTable,
  schema: Schema,
  request: QueryRequest,
  /** Asked for by a bulk reader (an export); other answers are sized by BATCH_BYTES. */
  batchBytes?: number,
): Promise<ArrowIpcStream> {
  const query = buildQuery(table, schema, request);
  const projected = projectedSchema(schema, request);
  const rows = await rowsPerBatch(table, projected, request, batchBytes);
  const batches = await lance(() => nativeBatches(query, rows));
  // The plan runs (and a bad filter fails) on the first pull: before any byte is answered.
  const first = await lance(() => batches.next());
  if (!first) return ipcStreamBytes(schemaOnly(projected));
  if (first.byteLength > WHOLE_ANSWER_BYTES) return ipcStreamBytes(batchMessages([first], batches));
  // A small first batch is most often the whole answer (a search's k rows, a point lookup):
  // LanceDB's file of it is then sent as it is, its messages already framed as a stream.
  const inside = streamWithin(first);
  // Holding every row the query may answer (a search's k), it is whole without waiting for the
  // end LanceDB would answer next: that wait cost 0.10-0.16 ms of an IVF_PQ search. LanceDB is
  // still asked, in the background: an iterator left unasked holds its native stream until V8
  // collects it (3,000 searches grew a process by 68 MB, against 31 MB drained, and the point
  // lookups after them came out 0.1-0.2 ms slower).
  if (inside && inside.rows >= mostRows(request)) {
    void batches.next().catch(() => undefined);
    return wholeStream(inside.bytes);
  }
  const second = await lance(() => batches.next());
  if (!second && inside) return wholeStream(inside.bytes);
  return ipcStreamBytes(
    second ? batchMessages([first, second], batches) : batchMessages([first], ENDED),
  );
}

/** A native iterator that has answered its end already: not asked again. */
const ENDED: NativeBatches = { next: () => Promise.resolve(null) };

/** Below this size a first batch is checked for being the whole answer. */
const WHOLE_ANSWER_BYTES = 64 * 1024;

/**
 * The IPC stream inside one of LanceDB's IPC files: a file is a stream's messages and its end
 * marker between a leading magic and a trailing footer, so the stream is a view of its middle.
 * Undefined if the file is not laid out so (its messages are then framed one by one).
 */
function streamWithin(file: Uint8Array): { bytes: Uint8Array; rows: number } | undefined {
  const start = firstMessageOffset(file);
  let end = start;
  let rows = 0;
  for (const message of readMessages(file.subarray(start))) {
    end = message.body.byteOffset + message.body.byteLength - file.byteOffset;
    rows += recordBatchRows(message);
  }
  const marker = file.subarray(end, end + END_OF_STREAM.byteLength);
  if (end === start || !marker.every((byte, i) => byte === END_OF_STREAM[i])) return undefined;
  return { bytes: file.subarray(start, end + END_OF_STREAM.byteLength), rows };
}

/**
 * Rows per batch for this answer, or undefined for LanceDB's own (about 1,000). Every answer of
 * more than a batch is read in batches of about BATCH_BYTES: a client pays per batch (LanceDB's
 * remote client a call into its runtime and an IPC decode each; a scan of 1M narrow rows with
 * a text column was 977 of them and ran at half the speed of the same read in-process, with
 * 16,384-row batches at about twice it). An answer that cannot outgrow one batch (a search's
 * k rows, a small page) is not sized: nothing to gain, and no call to make for it.
 */
async function rowsPerBatch(
  table: LanceTable,
  projected: Schema,
  request: QueryRequest,
  batchBytes: number | undefined,
): Promise<number | undefined> {
  const fixed = batchRows(projected, batchBytes);
  if (fixed !== undefined) return fixed;
  if (mostRows(request) <= MIN_BATCH_ROWS) return undefined;
  return rowsByStoredWidth(table, batchBytes ?? BATCH_BYTES);
}

/** The most rows the query may answer: its limit, a search's default one, or no bound. */
function mostRows(request: QueryRequest): number {
  const isSearch = request.vector !== undefined || request.fullTextQuery !== undefined;
  return request.limit ?? (isSearch ? DEFAULT_SEARCH_LIMIT : Infinity);
}

/**
 * `nativeExecute` is LanceDB's own step under `execute()` (protected in its typings). The
 * streaming tests compare what it yields with `toArrow()`, so a LanceDB that changes it fails
 * them rather than answering wrong bytes.
 */
function nativeBatches(
  query: BuiltQuery,
  maxBatchLength: number | undefined,
): Promise<NativeBatches> {
  type Executable = {
    nativeExecute(options?: { maxBatchLength?: number }): Promise<NativeBatches>;
  };
  return (query as unknown as Executable).nativeExecute(
    maxBatchLength === undefined ? undefined : { maxBatchLength },
  );
}

/** About how large a batch may be: a few of them are what a reply holds at once. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Rows per batch. LanceDB's own batches are about 1,000 rows, and each costs a call into its
 * runtime: a scan of narrow rows made a hundred calls per 100,000 rows, a third of the time.
 * Where every column has a fixed width the rows per batch are chosen to make batches of about
 * BATCH_BYTES; a string, binary or list column can be any size: undefined, and the table's
 * stored width decides (rowsByStoredWidth).
 */
export function batchRows(schema: Schema, batchBytes = BATCH_BYTES): number | undefined {
  let rowBytes = 8; // the distance or score column a search adds
  for (const field of schema.fields) {
    const width = fixedWidth(field.type as DataType);
    if (width === undefined) return undefined;
    rowBytes += width;
  }
  return rowsOf(batchBytes, rowBytes);
}

const rowsOf = (batchBytes: number, rowBytes: number) =>
  Math.min(MAX_BATCH_ROWS, Math.max(MIN_BATCH_ROWS, Math.floor(batchBytes / rowBytes)));
const MIN_BATCH_ROWS = 1_024;
const MAX_BATCH_ROWS = 65_536;
/** Rows of unknown width at most: 16,384 rows of 10 KB strings are 160 MB. */
const MAX_VARIABLE_BATCH_ROWS = 16_384;

/**
 * For strings, binary or lists: rows per batch from the table's stored bytes per row. Stored
 * bytes may be compressed (text well so), so a batch can come out several times larger than
 * asked: MAX_VARIABLE_BATCH_ROWS bounds how far, and LanceDB's own default stays when the table
 * says nothing.
 */
async function rowsByStoredWidth(
  table: LanceTable,
  batchBytes: number,
): Promise<number | undefined> {
  const width = await storedRowWidth(table);
  if (width === undefined) return undefined;
  return Math.min(rowsOf(batchBytes, width), MAX_VARIABLE_BATCH_ROWS);
}

/**
 * Stored bytes per row, read once per open LanceDB handle (the catalog reopens a table after a
 * few seconds, open-table-cache.ts, so it follows the table's growth). A width gone stale sizes
 * batches only, never what they hold, and a filtered scan (a BTREE point lookup) is spared a
 * call before every query.
 */
const storedWidths = new WeakMap<LanceTable, Promise<number | undefined>>();

function storedRowWidth(table: LanceTable): Promise<number | undefined> {
  let width = storedWidths.get(table);
  if (!width) {
    const asked = lance(() => table.stats()).then(
      // An empty table, or an older one that reports no stored bytes: nothing to go by yet.
      (stats) =>
        stats.numRows === 0 || stats.totalBytes === 0
          ? undefined
          : stats.totalBytes / stats.numRows,
      () => undefined,
    );
    width = asked;
    storedWidths.set(table, asked);
    // Only a width is kept: without one the next query asks again.
    void asked.then((known) => {
      if (known === undefined && storedWidths.get(table) === asked) storedWidths.delete(table);
    });
  }
  return width;
}

function fixedWidth(type: DataType): number | undefined {
  if (arrow.DataType.isFixedSizeList(type)) {
    const child = fixedWidth(type.children[0]!.type as DataType);
    return child === undefined ? undefined : child * type.listSize;
  }
  if (arrow.DataType.isFixedSizeBinary(type)) return type.byteWidth;
  if (arrow.DataType.isBool(type)) return 1;
  if (arrow.DataType.isInt(type)) return type.bitWidth / 8;
  if (arrow.DataType.isFloat(type))
    return type.precision === arrow.Precision.HALF
      ? 2
      : type.precision === arrow.Precision.SINGLE
        ? 4
        : 8;
  if (
    arrow.DataType.isDate(type) ||
    arrow.DataType.isTimestamp(type) ||
    arrow.DataType.isTime(type)
  )
    return 8;
  if (arrow.DataType.isDecimal(type)) return type.bitWidth / 8;
  return undefined;
}

/** The messages of the files already pulled, then of the rest as they come; one schema. */
async function* batchMessages(
  pulled: Uint8Array[],
  rest: NativeBatches,
): AsyncGenerator<RawMessage> {
  let schemaSent = false;
  for (
    let file: Uint8Array | null | undefined = pulled.shift();
    file;
    file = pulled.shift() ?? (await lance(() => rest.next()))
  ) {
    for (const message of readMessages(file.subarray(firstMessageOffset(file)))) {
      if (message.type === MessageHeader.Schema) {
        if (schemaSent) continue;
        schemaSent = true;
      }
      yield message;
    }
    // Once its messages are written, the batch's native buffer only waits for a collection.
    releasedNativeBytes(file.byteLength);
  }
}

async function* schemaOnly(schema: Schema): AsyncGenerator<RawMessage> {
  yield* readMessages(arrow.tableToIPC(new arrow.Table(schema), 'stream'));
}
