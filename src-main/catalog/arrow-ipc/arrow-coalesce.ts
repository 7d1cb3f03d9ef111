/**
 * Record batches joined into few large ones before LanceDB writes them. LanceDB serialises what it
 * is given with apache-arrow's IPC writer, whose output queue is shifted once per written part: a
 * table of 16,000 one-row batches took 7.6 s of the server's only thread there (quadratic in the
 * number of batches), while the same rows as a dozen batches take milliseconds. Joining is linear
 * in the bytes (arrow-concat.ts); batches already large pass untouched.
 */
import type { Data, RecordBatch, Schema, Struct, Table as ArrowTable } from 'apache-arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import { arrow } from '../arrow';
import { combinable, concatData } from './arrow-concat';

/** Consecutive batches are joined while together they stay under this many bytes. */
export const JOIN_TARGET_BYTES = 8 << 20;
/** At most this many batches are joined into one, so that one join stays about a ms of work. */
export const JOIN_MAX_PARTS = 256;
/**
 * Batches a table may still have once joined. Only batches that cannot be joined (union columns,
 * a dictionary replaced mid-stream) stay apart, and LanceDB's writer is quadratic in them.
 */
export const MAX_RECORD_BATCHES = 1024;

/** Takes batches one at a time and hands out joined ones; `finish()` ends the table. */
export class BatchJoiner {
  private run: Array<Data<Struct>> = [];
  private runBytes = 0;
  private readonly joined: RecordBatch[] = [];

  constructor(private readonly schema: Schema) {}

  /** Adds a batch; joins the run before it once the batch does not fit in it. */
  add(batch: RecordBatch): void {
    this.addData(batch.data);
  }

  /** Adds a batch's data (a struct of the schema's columns). */
  addData(data: Data<Struct>): void {
    if (data.length === 0) return;
    const bytes = data.byteLength;
    const head = this.run[0];
    if (
      head &&
      (this.runBytes + bytes > JOIN_TARGET_BYTES ||
        this.run.length >= JOIN_MAX_PARTS ||
        !combinable(head, data))
    ) {
      this.flush();
    }
    this.run.push(data);
    this.runBytes += bytes;
  }

  /** The table of the joined batches. */
  finish(): ArrowTable {
    this.flush();
    return new arrow.Table(this.schema, this.joined);
  }

  private flush(): void {
    const run = this.run;
    if (run.length === 0) return;
    this.run = [];
    this.runBytes = 0;
    this.joined.push(new arrow.RecordBatch(this.schema, concatData(run)));
  }
}

/** Refuses a request body whose batches stay too many once joined (see MAX_RECORD_BATCHES). */
export function assertFewBatches(table: ArrowTable): void {
  if (table.batches.length <= MAX_RECORD_BATCHES) return;
  throw errors.InvalidInput(
    `The Arrow stream has ${table.batches.length} record batches that cannot be joined (union columns, or a dictionary replaced between batches); send at most ${MAX_RECORD_BATCHES}`,
  );
}

/** A table whose small batches are joined; returned as it is when there is nothing to join. */
export function joinSmallBatches(table: ArrowTable): ArrowTable {
  if (table.batches.length <= 1) return table;
  const joiner = new BatchJoiner(table.schema);
  for (const batch of table.batches) joiner.add(batch);
  const joined = joiner.finish();
  return joined.batches.length === table.batches.length ? table : joined;
}
