/**
 * Table data as the engine accepts it (an Arrow Table, record batches, or Arrow IPC bytes), and
 * the IPC encodings it hands out. Data crosses processes as Arrow IPC, never as JSON rows.
 */
import {
  RecordBatch,
  Table as ArrowTable,
  tableFromIPC,
  tableToIPC,
  type Schema,
} from 'apache-arrow';
import { errors } from './errors';

export type TableData = ArrowTable | RecordBatch | RecordBatch[] | Uint8Array;

export function toArrowTable(data: TableData): ArrowTable {
  if (data instanceof ArrowTable) return data;
  if (data instanceof RecordBatch) return new ArrowTable(data);
  if (Array.isArray(data)) {
    if (data.length === 0) throw errors.InvalidInput('No record batches were given');
    if (!data.every((batch) => batch instanceof RecordBatch)) {
      throw errors.InvalidInput('Table data must be Arrow record batches');
    }
    return new ArrowTable(data);
  }
  if (data instanceof Uint8Array) return decodeIpc(data);
  throw errors.InvalidInput('Table data must be an Arrow Table, record batches or Arrow IPC bytes');
}

/** Decodes Arrow IPC stream or file bytes; truncated or corrupt input is InvalidInput. */
export function decodeIpc(bytes: Uint8Array): ArrowTable {
  if (bytes.byteLength === 0) throw errors.InvalidInput('The Arrow IPC body is empty');
  let table: ArrowTable;
  try {
    table = tableFromIPC(bytes);
  } catch (cause) {
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
  return tableToIPC(table, 'stream');
}

export function encodeIpcFile(table: ArrowTable): Uint8Array {
  return tableToIPC(table, 'file');
}

export function emptyTable(schema: Schema): ArrowTable {
  return new ArrowTable(schema);
}

function messageOf(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}
