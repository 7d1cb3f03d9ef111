/**
 * A streaming reader of a query's Arrow answer: record batches decoded as the body arrives, as our
 * `rest` back end reads (LanceDB's own remote client reads the whole body first).
 */
import { request } from 'undici';
import { arrow } from '../../src-main/catalog/arrow';
import { ARROW_STREAM_TYPE } from '../../src-main/catalog/arrow-data';

/** POSTs a query asking for an IPC stream and counts the rows as batches arrive. */
export async function streamQuery(url: string, body: unknown): Promise<number> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ARROW_STREAM_TYPE },
    body: JSON.stringify(body),
  });
  if (response.statusCode !== 200) {
    throw new Error(`query answered ${response.statusCode}: ${await response.body.text()}`);
  }
  // The reader stops at the stream's end marker and destroys the body, which undici reports as
  // an abort even though everything was read.
  response.body.on('error', () => undefined);
  const reader = await arrow.RecordBatchReader.from(response.body);
  let rows = 0;
  for await (const batch of reader) rows += batch.numRows;
  return rows;
}
