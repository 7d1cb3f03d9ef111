/** The Arrow IPC stream export: several batches after one schema, read back whole by Arrow. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { writeArrowStream } from '../../../../src-main/host/exports/arrow-output';
import { writeAtomically } from '../../../../src-main/host/exports/atomic-output';

const dir = mkdtempSync(join(tmpdir(), 'cs-arrow-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* batchesOf(table: { batches: RecordBatch[] }) {
  for (const batch of table.batches) yield batch;
}

it('writes one schema then every batch, dictionary columns included', async () => {
  const parts = [0, 1, 2].map(
    (n) =>
      new arrow.Table({
        id: arrow.vectorFromArray(
          Array.from({ length: 4 }, (_, i) => n * 4 + i),
          new arrow.Int32(),
        ),
        label: arrow.vectorFromArray(
          ['a', 'b', 'a', `x${n}`],
          new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()),
        ),
      }),
  );
  const table = parts[0]!.concat(...parts.slice(1));
  expect(table.batches).toHaveLength(3);
  const file = join(dir, 'three.arrow');
  let rows = 0;
  await writeAtomically(file, undefined, async (output) => {
    rows = await writeArrowStream(batchesOf(table), table.schema, output, undefined);
  });
  expect(rows).toBe(12);
  const back = arrow.tableFromIPC(readFileSync(file));
  expect(back.numRows).toBe(12);
  expect([...back.getChild('id')!.toArray()]).toEqual([...Array(12).keys()]);
  expect(back.getChild('label')!.toArray()).toEqual([
    'a',
    'b',
    'a',
    'x0',
    'a',
    'b',
    'a',
    'x1',
    'a',
    'b',
    'a',
    'x2',
  ]);
});
