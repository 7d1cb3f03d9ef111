/** Large vector tables built straight from typed arrays; row-by-row builders are far too slow at 1M rows. */
import type { Table } from 'apache-arrow';
import { arrow } from '../../src-main/catalog/arrow';
import { seededRandom } from '../support/sample-data';

export function vectorTable(rows: number, dim: number, seed = 1): Table {
  const random = seededRandom(seed);
  const values = new Float32Array(rows * dim);
  for (let i = 0; i < values.length; i++) values[i] = random();
  const ids = new Int32Array(rows);
  for (let i = 0; i < rows; i++) ids[i] = i;
  const child = arrow.makeData({
    type: new arrow.Float32(),
    length: rows * dim,
    nullCount: 0,
    data: values,
  });
  const vectors = arrow.makeData({
    type: new arrow.FixedSizeList(dim, new arrow.Field('item', new arrow.Float32(), true)),
    length: rows,
    nullCount: 0,
    child,
  });
  return new arrow.Table({ id: arrow.makeVector(ids), vector: arrow.makeVector(vectors) });
}
