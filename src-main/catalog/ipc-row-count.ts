/** How many rows an Arrow IPC stream holds, read from its batch headers without decoding. */
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { RecordBatch } from 'apache-arrow/fb/record-batch';
import { messageOf, readMessages } from './arrow-ipc/arrow-ipc-messages';

export function ipcRowCount(bytes: Uint8Array): number {
  let rows = 0;
  for (const message of readMessages(bytes)) {
    if (message.type !== MessageHeader.RecordBatch) continue;
    const header = messageOf(message.metadata).header(new RecordBatch()) as RecordBatch | null;
    rows += Number(header?.length() ?? 0);
  }
  return rows;
}
