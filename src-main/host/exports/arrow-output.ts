/**
 * An Arrow IPC stream file (what `pyarrow.ipc.open_stream` and `tableFromIPC` read): the schema,
 * then each batch as the query produced it, written out while the next one is read. An empty
 * answer is the schema alone, so the file still says what its columns are.
 */
import type { RecordBatch, Schema } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { AtomicOutput } from './atomic-output';

export async function writeArrowStream(
  batches: AsyncIterable<RecordBatch>,
  schema: Schema,
  output: AtomicOutput,
  signal: AbortSignal | undefined,
): Promise<number> {
  let rows = 0;
  for await (const batch of batches) {
    signal?.throwIfAborted();
    if (rows === 0 && batch.numRows === 0) continue;
    // One writer per batch would repeat the schema: the first writes it, the rest only batches.
    await output.write(batchMessages(batch, rows === 0));
    rows += batch.numRows;
  }
  if (rows === 0) await output.write(batchMessages(undefined, true, schema));
  await output.write(END_OF_STREAM);
  return rows;
}

/** The IPC stream's end marker: a continuation token and a zero length. */
const END_OF_STREAM = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

function batchMessages(
  batch: RecordBatch | undefined,
  withSchema: boolean,
  schema?: Schema,
): Uint8Array {
  const table = batch ? new arrow.Table([batch]) : new arrow.Table(schema!);
  const bytes = arrow.tableToIPC(table, 'stream');
  // tableToIPC writes schema, batch, end marker; keep what this place in the file needs.
  const withoutEnd = bytes.subarray(0, bytes.byteLength - END_OF_STREAM.byteLength);
  return withSchema ? withoutEnd : withoutEnd.subarray(schemaLength(withoutEnd));
}

/** The length of the first message (the schema): continuation, length, metadata, padded body 0. */
function schemaLength(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const continuation = view.getUint32(0, true) === 0xffffffff;
  const offset = continuation ? 4 : 0;
  return offset + 4 + view.getInt32(offset, true);
}
