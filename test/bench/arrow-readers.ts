/**
 * The two ways a remote client reads a query's Arrow answer in the benchmark: streaming (record
 * batches decoded as the body arrives, as our `rest` back end does) and LanceDB's own remote
 * client, which reads the whole body first.
 */
import { request } from 'undici';
import { arrow } from '../../src-main/catalog/arrow';

export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

/** POSTs a query asking for an IPC stream and counts the rows as batches arrive. */
export async function streamQuery(url: string, body: unknown): Promise<number> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ARROW_STREAM },
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

/** POSTs a query and decodes the whole answer (small answers: the per-call cost). */
export async function queryTable(url: string, body: unknown): Promise<number> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ARROW_STREAM },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new Error(`query answered ${response.statusCode}`);
  return arrow.tableFromIPC(bytes).numRows;
}

export async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.body.json();
}
