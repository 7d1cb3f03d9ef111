/** An engine's Arrow IPC byte stream read as record batches, one at a time. */
import type { AsyncRecordBatchStreamReader, RecordBatch } from 'apache-arrow';
import { arrow } from './arrow';
import type { ArrowIpcStream } from './arrow-data';

export async function* readIpcBatches(stream: ArrowIpcStream): AsyncGenerator<RecordBatch> {
  const reader = await openIpcReader(stream);
  for await (const batch of reader) yield batch;
}

/** The stream's reader, opened (its schema read). */
export async function openIpcReader(stream: ArrowIpcStream): Promise<AsyncRecordBatchStreamReader> {
  // Handed a Node stream (a remote answer's body), apache-arrow destroys it once it has read the
  // end marker, and undici reports a body destroyed before its end as an error nobody listens
  // to. Read through a plain async iterable, the body is closed the way an iterator closes it.
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for await (const chunk of stream) yield chunk;
  }
  // An async iterable of bytes makes (a promise of) an async reader; the typings pick a
  // synchronous overload for it.
  const made: unknown = arrow.RecordBatchReader.from(chunks());
  const reader = (await Promise.resolve(made)) as AsyncRecordBatchStreamReader;
  await reader.open();
  return reader;
}
