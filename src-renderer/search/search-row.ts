/** The row a query vector was taken from, in words, and the partition count a hint can use. */
import type { IndexInfo } from '../../src-shared/catalog-api';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import type { Cell } from '../common/grid/cell-model';
import { formatNumber } from '../../src-shared/format';

const PLAIN = /^(u?int(8|16|32|64)|utf8|large_utf8)$/;

/** The column that tells a row apart: the first whole-number or text column other than the vector. */
export function keyColumn(
  fields: readonly JsonArrowField[],
  vectorColumn: string,
): string | undefined {
  return fields.find((f) => f.name !== vectorColumn && PLAIN.test(f.type.type))?.name;
}

/** "Vector of the row at offset 4,512 of 100,000 · id = 4512". */
export function rowWords(
  offset: number,
  rows: number,
  key: string | undefined,
  keyCell: Cell | undefined,
): string {
  const where = `Vector of the row at offset ${formatNumber(offset)} of ${formatNumber(rows)}`;
  const value =
    keyCell?.kind === 'number' ? keyCell.full : keyCell?.kind === 'text' ? `'${keyCell.text}'` : '';
  return key && value ? `${where} · ${key} = ${value}` : where;
}

/** The vector index's partition count on a column, when a finished build of it gave one. */
export function partitionsOf(
  facts: { indexes: readonly IndexInfo[]; partitions: ReadonlyMap<string, number> },
  vectorColumn: string | undefined,
): number | undefined {
  const index = facts.indexes.find((i) => i.columns[0] === vectorColumn);
  return index ? facts.partitions.get(index.name) : undefined;
}
