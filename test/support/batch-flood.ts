/**
 * Arrow IPC streams of many tiny record batches, the body that used to stall the server: each
 * row is its own batch, encoded one at a time (apache-arrow's writer is quadratic in the number
 * of batches it writes at once) and framed into one stream by hand.
 */
import { arrow } from '../../src-main/catalog/arrow';
import {
  END_OF_STREAM,
  frame,
  readMessages,
} from '../../src-main/catalog/arrow-ipc/arrow-ipc-messages';
import { MessageHeader } from 'apache-arrow/fb/message-header';

/** A stream of `batches` one-row batches (`id` Int32 from 0, `name` Utf8); ids are distinct. */
export function batchFlood(batches: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < batches; i++) {
    const table = new arrow.Table({
      id: arrow.makeVector(Int32Array.of(i)),
      name: arrow.vectorFromArray([`row ${i}`], new arrow.Utf8()),
    });
    for (const message of readMessages(arrow.tableToIPC(table, 'stream'))) {
      if (message.type === MessageHeader.Schema && i > 0) continue;
      parts.push(...frame(message.metadata, message.body));
    }
  }
  parts.push(END_OF_STREAM);
  return Buffer.concat(parts);
}
