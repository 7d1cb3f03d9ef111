/**
 * The Arrow body of create, insert and merge_insert, made into the table the engine writes: its
 * inflated size checked against the route's limit, then decoded in time slices with its small
 * batches joined (catalog/arrow-ipc/arrow-ipc-decode.ts), so that neither this request's decoding nor
 * LanceDB's writing of it holds up the other clients of the server's one thread.
 */
import type { Table as ArrowTable } from 'apache-arrow';
import { assertFewBatches } from '../../catalog/arrow-ipc/arrow-coalesce';
import { decodeIpcInSlices } from '../../catalog/arrow-ipc/arrow-ipc-decode';
import { TimeSlicer } from '../../catalog/time-slices';
import { errors } from '../../../src-shared/vocabulary/errors';
import { checkInflatedSize } from './arrow-limit';

export async function readArrowBody(body: unknown, limit: number): Promise<ArrowTable> {
  if (!(body instanceof Uint8Array)) {
    throw errors.InvalidInput(
      'This route takes an Arrow IPC stream body (Content-Type: application/vnd.apache.arrow.stream)',
    );
  }
  const slicer = new TimeSlicer();
  await checkInflatedSize(body, limit, slicer);
  const table = await decodeIpcInSlices(body, { maxInflatedBytes: limit, slicer });
  assertFewBatches(table);
  return table;
}
