/**
 * When an FM index pays (issue 36, part 5): a contains() filter timed through the engine on a
 * folder, before and after an FM index on the column, for fragments that occur once, in a few
 * hundred rows and in an eighth of them. The index spec's advice ("rare fragments; one that
 * occurs often is slower through it than a scan") rests on these figures. Medians of 3 runs after
 * one untimed run (a frequent fragment through the index takes seconds a run); the build is timed
 * once.
 *
 *   npx tsx test/bench/fm-index.ts [rows] [parts per row] [fragment,fragment,…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { arrow } from '../../src-main/catalog/arrow';
import { connect } from '../../src-main/catalog';
import type { TableHandle } from '../../src-main/catalog';
import { median, timeOnce } from './timing';

const ROWS = Number(process.argv[2] ?? 100_000);
/** Words per row: 1 gives short strings (~30 bytes), 20 long ones (~600 bytes). */
const PARTS = Number(process.argv[3] ?? 1);
const WORDS = ['apple', 'banana', 'cherry', 'grape', 'kiwi', 'lemon', 'mango', 'peach'];

function text(i: number): string {
  const parts: string[] = [];
  for (let k = 0; k < PARTS; k += 1) {
    // A base-36 hash per part: fragments like 'zz' turn up in a few hundred rows.
    const hash = (((i + k) * 2654435761) % 1_000_003).toString(36);
    parts.push(`${WORDS[(i + k) % 8]} ${WORDS[(i * 7 + k) % 8]} n${i}-${k} ${hash}`);
  }
  return parts.join(' ');
}

async function timeFilter(table: TableHandle, needle: string): Promise<[number, number]> {
  const request = { filter: `contains(text, '${needle}')`, columns: ['id'] };
  const rows = (await table.query(request)).numRows;
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) times.push(await timeOnce(() => table.query(request)));
  return [rows, median(times)];
}

const root = mkdtempSync(join(tmpdir(), 'fm-bench-'));
try {
  console.log(
    `cpus ${cpus().length}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${ROWS} rows of ${PARTS} part(s)`,
  );
  const catalog = await connect(root);
  const ids = Array.from({ length: ROWS }, (_, i) => i);
  const table = await catalog.createTable(
    't',
    new arrow.Table({
      id: arrow.vectorFromArray(ids, new arrow.Int32()),
      text: arrow.vectorFromArray(ids.map(text), new arrow.Utf8()),
    }),
  );
  // Once, in a few hundred rows, in an eighth of the rows (several times in each when long).
  const needles = process.argv[4]?.split(',') ?? [`n${Math.floor(ROWS / 3)}-0 `, 'zz', 'apple'];
  const scanned = [];
  for (const needle of needles) scanned.push(await timeFilter(table, needle));

  const build = await timeOnce(async () => {
    const job = await table.createIndex({ column: 'text', index_type: 'FM' });
    const done = await catalog.waitForJob(job.id);
    if (done.state !== 'succeeded') throw new Error(`FM build ${done.state}: ${done.error}`);
  });
  const size = (await table.listIndices()).find((i) => i.indexType === 'FM')?.sizeBytes;
  console.log(`FM build ${build.toFixed(0)} ms, ${size} bytes`);

  console.log(
    'fragment'.padEnd(16),
    'rows'.padStart(7),
    'scan ms'.padStart(10),
    'FM ms'.padStart(10),
  );
  for (const [i, needle] of needles.entries()) {
    const [rows, indexed] = await timeFilter(table, needle);
    const [scanRows, scan] = scanned[i]!;
    if (rows !== scanRows)
      throw new Error(`${needle}: ${rows} rows through FM, ${scanRows} scanned`);
    console.log(
      JSON.stringify(needle).padEnd(16),
      String(rows).padStart(7),
      scan.toFixed(1).padStart(10),
      indexed.toFixed(1).padStart(10),
    );
  }
  await catalog.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}
