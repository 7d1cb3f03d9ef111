/**
 * LanceDB's record batches appended to a DuckDB table without a JS value per cell where the
 * layouts agree: fixed-width values (numbers, dates, timestamps) are copied from Arrow's buffer
 * into DuckDB's vector as bytes, and Arrow's validity bits have DuckDB's order, so they are copied
 * as bytes too. Strings are handed over one by one as UTF-8 views (no decoding), booleans are
 * unpacked from bits. A batch goes in chunks of DuckDB's vector size (2,048 rows), through one
 * reused chunk and the table's appender, so memory holds one LanceDB batch at a time.
 *
 * apache-arrow slices a Data's values and offsets with it (they start at the slice), but not its
 * validity bits nor a boolean's bits, which are read from `data.offset` on.
 */
import type { Data, DataType, Field, RecordBatch } from 'apache-arrow';
import type * as DuckDBApi from '@duckdb/node-api';
import type { DuckDBAppender, DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import type * as DuckDBBindings from '@duckdb/node-bindings';
import type { Vector as DuckVector } from '@duckdb/node-bindings';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';

type DuckApi = typeof DuckDBApi;
type DuckBindings = typeof DuckDBBindings;

/** How one Arrow column is written into a DuckDB vector. */
interface ColumnWriter {
  /** DuckDB's type name, for CREATE TABLE. */
  sql: string;
  type: DuckDBType;
  /** Writes rows [from, from + count) of `data` into rows 0… of the vector. */
  write(vector: DuckVector, data: Data, from: number, count: number): void;
}

export class ArrowIntoDuck {
  private readonly writers: ColumnWriter[];
  private chunk: DuckDBDataChunk | undefined;
  private readonly size: number;
  rows = 0;

  /** `names` are the loaded columns' paths, for a refusal's message. */
  constructor(
    private readonly api: DuckApi,
    private readonly duck: DuckBindings,
    fields: readonly Field[],
    names: readonly string[],
  ) {
    this.writers = fields.map((field: Field, i) =>
      writerFor(api, duck, field.type as DataType, names[i] ?? field.name),
    );
    this.size = api.DuckDBVector.standardSize();
  }

  /** The columns for CREATE TABLE: c0 TYPE, …. */
  columnsSql(name: (index: number) => string): string {
    return this.writers.map((w, i) => `${name(i)} ${w.sql}`).join(', ');
  }

  append(appender: DuckDBAppender, batch: RecordBatch): void {
    this.chunk ??= this.api.DuckDBDataChunk.create(this.writers.map((w) => w.type));
    const chunk = this.chunk;
    const columns = batch.data.children;
    for (let from = 0; from < batch.numRows; from += this.size) {
      const count = Math.min(this.size, batch.numRows - from);
      chunk.reset();
      this.writers.forEach((writer, j) => {
        const vector = this.duck.data_chunk_get_vector(chunk.chunk, j);
        const data = columns[j]!;
        writer.write(vector, data, from, count);
        writeValidity(this.duck, vector, data, from, count);
      });
      chunk.rowCount = count;
      appender.appendDataChunk(chunk);
    }
    this.rows += batch.numRows;
  }
}

function writeValidity(
  duck: DuckBindings,
  vector: DuckVector,
  data: Data,
  from: number,
  count: number,
) {
  const bitmap = data.nullBitmap;
  if (data.nullCount === 0 || !bitmap || bitmap.length === 0) return;
  duck.vector_ensure_validity_writable(vector);
  const first = data.offset + from;
  const bytes = Math.ceil(count / 8);
  if (first % 8 === 0) {
    duck.copy_data_to_vector_validity(
      vector,
      0,
      bitmap.buffer as ArrayBuffer,
      bitmap.byteOffset + first / 8,
      bytes,
    );
    return;
  }
  const aligned = new Uint8Array(bytes);
  for (let i = 0; i < count; i++) {
    const bit = first + i;
    if (bitmap[bit >> 3]! & (1 << (bit & 7))) aligned[i >> 3]! |= 1 << (i & 7);
  }
  duck.copy_data_to_vector_validity(vector, 0, aligned.buffer, 0, bytes);
}

function writerFor(api: DuckApi, duck: DuckBindings, type: DataType, name: string): ColumnWriter {
  const bytes = (sql: string, duckType: DuckDBType, width: number): ColumnWriter => ({
    sql,
    type: duckType,
    write(vector, data, from, count) {
      const values = data.values as ArrayBufferView;
      duck.copy_data_to_vector(
        vector,
        0,
        values.buffer as ArrayBuffer,
        values.byteOffset + from * width,
        count * width,
      );
    },
  });
  const T = arrow.Type;
  switch (type.typeId) {
    case T.Int:
    case T.Int8:
    case T.Int16:
    case T.Int32:
    case T.Int64:
    case T.Uint8:
    case T.Uint16:
    case T.Uint32:
    case T.Uint64: {
      const { bitWidth, isSigned } = type as unknown as {
        bitWidth: 8 | 16 | 32 | 64;
        isSigned: boolean;
      };
      const [sql, duckType] = INTEGERS(api)[`${isSigned ? 'i' : 'u'}${bitWidth}`]!;
      return bytes(sql, duckType, bitWidth / 8);
    }
    case T.Float:
    case T.Float32:
    case T.Float64: {
      const { precision } = type as unknown as { precision: number };
      if (precision === (arrow.Precision.SINGLE as number))
        return bytes('FLOAT', api.DuckDBFloatType.instance, 4);
      if (precision === (arrow.Precision.DOUBLE as number))
        return bytes('DOUBLE', api.DuckDBDoubleType.instance, 8);
      break;
    }
    case T.Date:
    case T.DateDay:
    case T.DateMillisecond: {
      if ((type as unknown as { unit: number }).unit === (arrow.DateUnit.DAY as number)) {
        return bytes('DATE', api.DuckDBDateType.instance, 4);
      }
      return {
        sql: 'DATE',
        type: api.DuckDBDateType.instance,
        write(vector, data, from, count) {
          const ms = data.values as BigInt64Array;
          const days = new Int32Array(count);
          for (let i = 0; i < count; i++) days[i] = Math.floor(Number(ms[from + i]) / 86_400_000);
          duck.copy_data_to_vector(vector, 0, days.buffer, 0, days.byteLength);
        },
      };
    }
    case T.Timestamp:
    case T.TimestampSecond:
    case T.TimestampMillisecond:
    case T.TimestampMicrosecond:
    case T.TimestampNanosecond: {
      const { unit, timezone } = type as unknown as { unit: number; timezone?: string | null };
      if (unit === (arrow.TimeUnit.MICROSECOND as number)) {
        return timezone
          ? bytes('TIMESTAMPTZ', api.DuckDBTimestampTZType.instance, 8)
          : bytes('TIMESTAMP', api.DuckDBTimestampType.instance, 8);
      }
      if (unit === (arrow.TimeUnit.SECOND as number))
        return bytes('TIMESTAMP_S', api.DuckDBTimestampSecondsType.instance, 8);
      if (unit === (arrow.TimeUnit.MILLISECOND as number))
        return bytes('TIMESTAMP_MS', api.DuckDBTimestampMillisecondsType.instance, 8);
      return bytes('TIMESTAMP_NS', api.DuckDBTimestampNanosecondsType.instance, 8);
    }
    case T.Bool:
      return {
        sql: 'BOOLEAN',
        type: api.DuckDBBooleanType.instance,
        write(vector, data, from, count) {
          const bits = data.values as Uint8Array;
          const out = new Uint8Array(count);
          for (let i = 0; i < count; i++) {
            const bit = data.offset + from + i;
            out[i] = (bits[bit >> 3]! >> (bit & 7)) & 1;
          }
          duck.copy_data_to_vector(vector, 0, out.buffer, 0, count);
        },
      };
    case T.Utf8:
    case T.LargeUtf8:
      return {
        sql: 'VARCHAR',
        type: api.DuckDBVarCharType.instance,
        write(vector, data, from, count) {
          const offsets = data.valueOffsets as Int32Array | BigInt64Array;
          const values = data.values as Uint8Array;
          const bitmap = data.nullCount > 0 ? data.nullBitmap : undefined;
          for (let i = 0; i < count; i++) {
            const bit = data.offset + from + i;
            if (bitmap && !(bitmap[bit >> 3]! & (1 << (bit & 7)))) continue;
            const row = from + i;
            const start = Number(offsets[row]);
            duck.vector_assign_string_element_len(
              vector,
              i,
              values.subarray(start, Number(offsets[row + 1])),
            );
          }
        },
      };
    case T.Dictionary: {
      const { dictionary } = type as unknown as { dictionary: DataType };
      if (dictionary.typeId !== T.Utf8 && dictionary.typeId !== T.LargeUtf8) break;
      return {
        sql: 'VARCHAR',
        type: api.DuckDBVarCharType.instance,
        write(vector, data, from, count) {
          const words = data.dictionary!;
          const keys = data.values as ArrayLike<number | bigint>;
          const bitmap = data.nullCount > 0 ? data.nullBitmap : undefined;
          for (let i = 0; i < count; i++) {
            const bit = data.offset + from + i;
            if (bitmap && !(bitmap[bit >> 3]! & (1 << (bit & 7)))) continue;
            duck.vector_assign_string_element(vector, i, String(words.get(Number(keys[from + i]))));
          }
        },
      };
    }
    default:
      break;
  }
  throw errors.InvalidInput(
    `Column ${name} is of type ${String(type)}, which aggregate and join queries cannot read yet: they read numbers, text, booleans, dates and timestamps`,
  );
}

const INTEGERS = (api: DuckApi): Record<string, [string, DuckDBType]> => ({
  i8: ['TINYINT', api.DuckDBTinyIntType.instance],
  i16: ['SMALLINT', api.DuckDBSmallIntType.instance],
  i32: ['INTEGER', api.DuckDBIntegerType.instance],
  i64: ['BIGINT', api.DuckDBBigIntType.instance],
  u8: ['UTINYINT', api.DuckDBUTinyIntType.instance],
  u16: ['USMALLINT', api.DuckDBUSmallIntType.instance],
  u32: ['UINTEGER', api.DuckDBUIntegerType.instance],
  u64: ['UBIGINT', api.DuckDBUBigIntType.instance],
});
