/**
 * Parquet, streamed: parquet-wasm's transformParquetStream takes a stream of record batches and
 * gives back the file's bytes as it goes, a row group at a time, so the file is written while the
 * query runs. Each Arrow JS batch crosses into WebAssembly as an IPC stream. The writer holds one
 * row group in memory, so row groups are sized from the schema to stay near ROW_GROUP_BYTES.
 */
import type { DataType, Field, RecordBatch, Schema } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { AtomicOutput } from './atomic-output';
import type * as ParquetWasmModule from 'parquet-wasm/node';

type ParquetWasm = typeof ParquetWasmModule;

/** About what one row group may hold in memory before it is written out. */
const ROW_GROUP_BYTES = 32 * 1024 * 1024;
const MIN_ROW_GROUP_ROWS = 1024;
const MAX_ROW_GROUP_ROWS = 1024 * 1024;

export async function writeParquet(
  batches: AsyncIterable<RecordBatch>,
  schema: Schema,
  output: AtomicOutput,
  signal: AbortSignal | undefined,
): Promise<number> {
  const wasm = await import('parquet-wasm/node');
  const properties = () =>
    new wasm.WriterPropertiesBuilder()
      .setCompression(wasm.Compression.SNAPPY)
      .setMaxRowGroupSize(rowGroupRows(schema))
      .build();
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) {
    // The streaming writer takes its schema from the first batch and fails without one; a file
    // with the columns and no rows holds nothing, so it is made in one piece.
    const empty = wasm.Table.fromIPCStream(arrow.tableToIPC(new arrow.Table(schema), 'stream'));
    await output.write(wasm.writeParquet(empty, properties()));
    return 0;
  }
  let pending: RecordBatch | undefined = first.value;
  let rows = 0;
  // The first failure, kept: the writer does not pass on an error in its source.
  let failure: Error | undefined;
  const source = new ReadableStream({
    async pull(controller) {
      try {
        signal?.throwIfAborted();
        const next = pending ? { done: false as const, value: pending } : await iterator.next();
        pending = undefined;
        if (next.done) {
          controller.close();
          return;
        }
        rows += next.value.numRows;
        for (const batch of toWasm(wasm, next.value)) controller.enqueue(batch);
      } catch (error) {
        failure ??= asError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  try {
    const bytes = await wasm.transformParquetStream(source, properties());
    for await (const chunk of bytes as AsyncIterable<Uint8Array>) {
      await output.write(chunk);
      signal?.throwIfAborted();
    }
  } catch (error) {
    await iterator.return?.(undefined);
    throw failure ?? error;
  }
  // The writer ends its file normally when its source fails: the failure is ours to report, or
  // a failed query would leave a well-formed file that holds only part of the answer.
  if (failure) throw failure;
  return rows;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function toWasm(wasm: ParquetWasm, batch: RecordBatch) {
  const table = wasm.Table.fromIPCStream(arrow.tableToIPC(new arrow.Table([batch]), 'stream'));
  try {
    return table.recordBatches();
  } finally {
    table.free();
  }
}

/** Rows per row group: ROW_GROUP_BYTES over a rough width of a row. */
function rowGroupRows(schema: Schema): number {
  const width = schema.fields.reduce(
    (sum, field) => sum + estimatedBytes(field.type as DataType),
    0,
  );
  const rows = Math.floor(ROW_GROUP_BYTES / Math.max(width, 1));
  return Math.min(MAX_ROW_GROUP_ROWS, Math.max(MIN_ROW_GROUP_ROWS, rows));
}

function estimatedBytes(type: DataType): number {
  const { DataType: Types } = arrow;
  if (Types.isFixedSizeList(type)) {
    return type.listSize * estimatedBytes((type.children[0] as Field).type as DataType);
  }
  if (Types.isStruct(type)) {
    return (type.children as Field[]).reduce(
      (sum, child) => sum + estimatedBytes(child.type as DataType),
      0,
    );
  }
  // Lists, strings and binary have no fixed width: a guess that errs large.
  if (Types.isList(type) || Types.isUtf8(type) || Types.isBinary(type)) return 256;
  if (Types.isLargeUtf8(type) || Types.isLargeBinary(type)) return 256;
  const bits = (type as { bitWidth?: number }).bitWidth;
  return bits ? Math.ceil(bits / 8) : 8;
}
