/**
 * The one sign @duckdb/node-api gives of a streamed query that failed part-way: its result's
 * statement type turns INVALID. The import reads files in one streamed query and relies on that
 * sign alone to tell a file read whole from one cut short, so it is held here against the DuckDB
 * the app ships: a run-time error and a malformed CSV row deep in the stream both throw
 * StreamFailed after the rows before them, and a stream read to its end does not.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDuckSession,
  StreamFailed,
  type DuckSession,
} from '../../../../src-main/host/imports/duckdb-reader';

let dir: string;
let session: DuckSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-duck-stream-'));
  session = await openDuckSession();
});
afterAll(() => {
  session.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rows a stream gave, and what it threw at its end (undefined if nothing). */
async function drain(sql: string, path: string) {
  let rows = 0;
  try {
    for await (const chunk of session.chunks(sql, path)) rows += chunk.rowCount;
  } catch (error) {
    return { rows, error };
  }
  return { rows, error: undefined };
}

describe('a streamed DuckDB query', () => {
  it('throws StreamFailed when it fails part-way at run time', async () => {
    const { rows, error } = await drain(
      `SELECT CASE WHEN i = 600000 THEN error('boom') ELSE i END FROM range(1000000) t(i) WHERE $1 IS NOT NULL`,
      'unused',
    );
    expect(error).toBeInstanceOf(StreamFailed);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(1_000_000);
  });

  it('throws StreamFailed at a malformed CSV row deep in the file, and counts every row of a whole one', async () => {
    const lines = ['a,b'];
    for (let i = 0; i < 300_000; i++) lines.push(`${i},x${i}`);
    const whole = join(dir, 'whole.csv');
    writeFileSync(whole, `${lines.join('\n')}\n`);
    lines[250_000] = '1';
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, `${lines.join('\n')}\n`);
    const sql =
      `SELECT * FROM read_csv($1, header = true, auto_detect = false, strict_mode = true, ` +
      `columns = {'a': 'VARCHAR', 'b': 'VARCHAR'})`;

    const cut = await drain(sql, broken);
    expect(cut.error).toBeInstanceOf(StreamFailed);
    expect(cut.rows).toBeLessThan(250_000);
    // The same query run to completion says what DuckDB found, and where.
    await expect(session.count(sql.replace('SELECT *', 'SELECT count(*)'), broken)).rejects.toThrow(
      /Line: 250001/,
    );

    expect(await drain(sql, whole)).toEqual({ rows: 300_000, error: undefined });
  });
});
