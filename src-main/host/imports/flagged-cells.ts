/**
 * The cells of a chunk that the SQL did not convert (`import-query.ts`), given to the import's JS
 * rules one by one: a good row costs one bit of `__bad`'s validity, and only a flagged row has
 * its cells read as strings. The rules either refuse the cell, which fails the import naming its
 * row and column as before, or (for a type the person chose) read it, and the value is patched
 * into the batch at its row.
 */
import type { Data } from 'apache-arrow';
import type { DuckDBDataChunk } from '@duckdb/node-api';
import { readStrings } from './duckdb-columns';
import type { DuckBindings } from './duckdb-reader';

/** What the JS rules make of a flagged cell of one column: a row of Arrow data, or a throw. */
export type CellRule = (text: string, row: number) => Data;

export interface Patch {
  /** The row in the chunk. */
  row: number;
  column: number;
  data: Data;
}

const isSet = (words: Uint8Array, i: number) => ((words[i >> 3]! >> (i & 7)) & 1) === 1;

/**
 * The chunk's flagged cells, in row order and then column order, through `rules` (one per output
 * column; undefined for a column never flagged). `columns` is the number of output columns;
 * `__bad` and `__bad_texts` follow them. `firstRow` is the chunk's first data row in the file.
 */
export function flaggedCells(
  duck: DuckBindings,
  chunk: DuckDBDataChunk,
  columns: number,
  firstRow: number,
  rules: ReadonlyArray<CellRule | undefined>,
): Patch[] {
  const rows = chunk.rowCount;
  const bytes = Math.ceil(rows / 64) * 8;
  const flagVector = duck.data_chunk_get_vector(chunk.chunk, columns);
  // A flag is NULL on a good row; no validity mask at all would mean every row is flagged.
  const flags = duck.vector_get_validity(flagVector, bytes) ?? null;
  const patches: Patch[] = [];
  let firstFlagged: DataView | undefined;
  for (let row = 0; row < rows; row++) {
    if (flags) {
      // Eight good rows at once: almost every byte of almost every chunk.
      if ((row & 7) === 0 && flags[row >> 3] === 0) {
        row += 7;
        continue;
      }
      if (!isSet(flags, row)) continue;
    }
    if (!firstFlagged) {
      const values = duck.vector_get_data(flagVector, rows * 4);
      firstFlagged = new DataView(values.buffer, values.byteOffset, values.byteLength);
    }
    const first = firstFlagged.getInt32(row * 4, true);
    const cells = rowCells(duck, chunk, columns + 1, rows, row);
    for (let column = first; column < columns; column++) {
      const rule = rules[column];
      const text = cells[column];
      if (!rule || text === null || text === undefined) continue;
      // The SQL made this cell's value NULL when it did not convert it.
      const valid = duck.vector_get_validity(
        duck.data_chunk_get_vector(chunk.chunk, column),
        bytes,
      );
      if (!valid || isSet(valid, row)) continue;
      patches.push({ row, column, data: rule(text, firstRow + row) });
    }
  }
  return patches;
}

/** Row `row` of the LIST(VARCHAR) column `index`: the row's cells as the file holds them. */
function rowCells(
  duck: DuckBindings,
  chunk: DuckDBDataChunk,
  index: number,
  rows: number,
  row: number,
): Array<string | null> {
  const vector = duck.data_chunk_get_vector(chunk.chunk, index);
  const entries = duck.vector_get_data(vector, rows * 16);
  const dv = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
  const offset = Number(dv.getBigUint64(row * 16, true));
  const length = Number(dv.getBigUint64(row * 16 + 8, true));
  const child = duck.list_vector_get_child(vector);
  return readStrings(duck, child, length, offset);
}
