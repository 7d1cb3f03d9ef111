/**
 * Where each connection a worker holds stands, written by the worker and read by the primary
 * once that worker has died: one fixed-size record per connection slot in a file only the two
 * of them use (in the pool's owner-only folder). The primary hands client connections to its
 * workers and keeps its own copy of each (handed-connections.ts); when a worker dies, its record
 * says what the client is owed:
 *
 * - IDLE: no request is open; a request the client sends now is for the primary to refuse.
 * - ASKED: a request was read and no byte of its answer has gone out: the primary answers it 503
 *   with Retry-After (it may be sent again), naming the request from this record.
 * - ANSWERING: part of an answer went out; a status already sent cannot be taken back, so the
 *   connection is closed and the client sees a short answer.
 *
 * Why a file, not messages: the worker writes a record with one `pwrite` (a few microseconds)
 * and nothing wakes the primary, which reads the file only after a death. Messages would wake it
 * twice a request, which is the cost the hand-over exists to remove. The page cache is shared,
 * so what a killed worker wrote before it died is what the primary reads.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

export const IDLE = 0;
export const ASKED = 1;
export const ANSWERING = 2;
export type ConnectionState = typeof IDLE | typeof ASKED | typeof ANSWERING;

/** One record: the state, the request line's length, and the request line (`METHOD /path`). */
export const RECORD_BYTES = 256;
const LINE_MAX = RECORD_BYTES - 3;

export interface ConnectionRecord {
  state: ConnectionState;
  /** `METHOD /path` of the request open on it (ASKED and ANSWERING), cut to fit the record. */
  request: string;
}

/** The worker's side: one open file, written in place. */
export class ConnectionStateWriter {
  /** Closed: -1, and every write is skipped (a late event must not write to a reused descriptor). */
  private fd: number;
  private readonly record = Buffer.alloc(RECORD_BYTES);

  constructor(file: string) {
    this.fd = openSync(file, 'r+');
  }

  /** A request was read on the connection in `slot`: ASKED, with its method and path. */
  asked(slot: number, method: string, url: string): void {
    const path = url.split('?')[0]!;
    const written = this.record.write(`${method} ${path}`, 3, LINE_MAX, 'utf8');
    this.record[0] = ASKED;
    this.record.writeUInt16LE(written, 1);
    if (this.fd >= 0) writeSync(this.fd, this.record, 0, 3 + written, slot * RECORD_BYTES);
  }

  /** Only the state byte: the request line stays as `asked` wrote it. */
  state(slot: number, state: ConnectionState): void {
    this.record[0] = state;
    if (this.fd >= 0) writeSync(this.fd, this.record, 0, 1, slot * RECORD_BYTES);
  }

  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
  }
}

/** The primary's side: the record in `slot`; a slot never written reads as IDLE. */
export function readConnectionRecord(fd: number, slot: number): ConnectionRecord {
  const record = Buffer.alloc(RECORD_BYTES);
  const read = readSync(fd, record, 0, RECORD_BYTES, slot * RECORD_BYTES);
  const state = read > 0 ? record[0]! : IDLE;
  const length = read >= 3 ? Math.min(record.readUInt16LE(1), LINE_MAX) : 0;
  return {
    state: state === ASKED || state === ANSWERING ? state : IDLE,
    request: record.toString('utf8', 3, 3 + length),
  };
}

/** The primary clears a slot before it hands a connection to it. */
export function clearConnectionRecord(fd: number, slot: number): void {
  writeSync(fd, Buffer.alloc(3), 0, 3, slot * RECORD_BYTES);
}
