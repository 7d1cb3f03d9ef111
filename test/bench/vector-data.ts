/** Large vector tables built straight from typed arrays; row-by-row builders are far too slow at 1M rows. */
import { Field, FixedSizeList, Float32, Table, makeData, makeVector } from 'apache-arrow';
import { seededRandom } from '../support/sample-data';

export function vectorTable(rows: number, dim: number, seed = 1): Table {
  const random = seededRandom(seed);
  const values = new Float32Array(rows * dim);
  for (let i = 0; i < values.length; i++) values[i] = random();
  const ids = new Int32Array(rows);
  for (let i = 0; i < rows; i++) ids[i] = i;
  const child = makeData({ type: new Float32(), length: rows * dim, nullCount: 0, data: values });
  const vectors = makeData({
    type: new FixedSizeList(dim, new Field('item', new Float32(), true)),
    length: rows,
    nullCount: 0,
    child,
  });
  return new Table({ id: makeVector(ids), vector: makeVector(vectors) });
}
