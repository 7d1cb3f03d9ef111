/**
 * The one sign @duckdb/node-api gives of a streamed query that failed after it began to deliver:
 * its result's statement type turns INVALID (a failure before the first chunk is thrown as
 * DuckDB's own error). The import reads files in one streamed query and relies on these signs
 * alone to tell a file read whole from one cut short, so they are held here against the DuckDB
 * the app ships: a run-time error far into a stream throws StreamFailed after the rows before it,
 * a malformed CSV row throws one way or the other, and a stream read to its end does not.
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
  it('throws StreamFailed when it fails at run time after delivering rows', async () => {
    // Far past what DuckDB buffers ahead (32 MB), so the failure comes mid-stream.
    const { rows, error } = await drain(
      `SELECT CASE WHEN i = 20000000 THEN error('boom') ELSE i END FROM range(21000000) t(i) WHERE $1 IS NOT NULL`,
      'unused',
    );
    expect(error).toBeInstanceOf(StreamFailed);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(20_000_000);
  });

  it('fails at a malformed CSV row deep in the file, and reads every row of a whole one', async () => {
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
    expect(cut.error).toBeInstanceOf(Error);
    if (!(cut.error instanceof StreamFailed)) expect(String(cut.error)).toMatch(/Line: 250001/);
    expect(cut.rows).toBeLessThan(250_000);
    // The same query run to completion says what DuckDB found, and where.
    await expect(session.count(sql.replace('SELECT *', 'SELECT count(*)'), broken)).rejects.toThrow(
      /Line: 250001/,
    );

    expect(await drain(sql, whole)).toEqual({ rows: 300_000, error: undefined });
  });
});
