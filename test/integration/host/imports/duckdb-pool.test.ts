/**
 * DuckDB's instances for imports, kept between sessions: a session that ends leaves its instance
 * for the next one, two sessions at once never share one, nothing a session did is seen by the
 * next, and a closed instance takes its spill folder with it, as does the exit of a process that
 * still keeps one. Against the real DuckDB.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeIdleInstance,
  giveBack,
  keptInstance,
  takeInstance,
} from '../../../../src-main/host/imports/duckdb-pool';
import { openDuckSession } from '../../../../src-main/host/imports/duckdb-reader';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-duck-pool-'));
});
afterEach(() => closeIdleInstance());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import DuckDB pool', () => {
  it('gives the next session the instance the last one left, and a new one while it is taken', async () => {
    const first = await takeInstance();
    const second = await takeInstance();
    expect(second.instance).not.toBe(first.instance);
    expect(second.spill).not.toBe(first.spill);

    giveBack(first);
    // Only one is kept: the second one given back is closed, spill folder and all.
    giveBack(second);
    expect(existsSync(second.spill)).toBe(false);
    expect(existsSync(first.spill)).toBe(true);

    const third = await takeInstance();
    expect(third.instance).toBe(first.instance);
    giveBack(third);
    closeIdleInstance();
    expect(existsSync(first.spill)).toBe(false);
    // Nothing is idle now: the next session opens a fresh instance.
    const fourth = await takeInstance();
    expect(fourth.instance).not.toBe(first.instance);
    giveBack(fourth);
  });

  it('leaves no spill folder behind when the process exits with an instance kept', () => {
    // The child's temporary folder is a fresh one, so that what it leaves there is its own.
    const tmp = mkdtempSync(join(dir, 'child-tmp-'));
    const pool = join(import.meta.dirname, '../../../../src-main/host/imports/duckdb-pool.ts');
    const script = `
      import { existsSync, readdirSync } from 'node:fs';
      const { giveBack, takeInstance } = await import(${JSON.stringify(pool)});
      const kept = await takeInstance();
      giveBack(kept);
      console.log(JSON.stringify({ spill: existsSync(kept.spill), entries: readdirSync(process.env.TMPDIR).filter((n) => n.startsWith('cs-import-duckdb-')).length }));
      process.exit(0);
    `;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', env: { ...process.env, TMPDIR: tmp } },
    );
    expect(result.status, result.stderr).toBe(0);
    // While it ran, its instance had its spill folder; after its exit, nothing is left.
    expect(JSON.parse(result.stdout.trim().split('\n').pop()!)).toEqual({
      spill: true,
      entries: 1,
    });
    // (tsx keeps its own cache there too.)
    expect(readdirSync(tmp).filter((name) => name.startsWith('cs-import-duckdb-'))).toEqual([]);
  });

  it('reads files in a reused instance as in a new one, with nothing of the session before', async () => {
    const a = join(dir, 'a.csv');
    const b = join(dir, 'b.csv');
    writeFileSync(a, 'x,y\n1,one\n2,two\n');
    writeFileSync(b, 'x\n10\n20\n30\n');
    const count = 'SELECT count(*) FROM read_csv($1)';

    const first = await openDuckSession();
    expect(await first.count(count, a)).toBe(2);
    // A temporary table lives with its connection, which the session's close ends.
    for await (const _ of first.chunks(
      'CREATE TEMP TABLE left_behind AS SELECT $1::VARCHAR AS p',
      a,
    )) {
      // drained
    }
    first.close();

    const kept = keptInstance();
    expect(kept).toBeDefined();
    const second = await openDuckSession();
    // The second session runs on the first one's instance.
    expect(keptInstance()).toBeUndefined();
    try {
      expect(await second.count(count, b)).toBe(3);
      await expect(
        second.count('SELECT count(*) FROM left_behind WHERE p = $1', a),
      ).rejects.toThrow(/left_behind/);
    } finally {
      second.close();
    }
    expect(keptInstance()?.instance).toBe(kept!.instance);
  });

  it('does not keep an instance whose stream was stopped part-way, failed or only described', async () => {
    const rows = join(dir, 'rows.csv');
    writeFileSync(rows, `x\n${Array.from({ length: 50_000 }, (_, i) => i).join('\n')}\n`);
    const stopped = await openDuckSession();
    for await (const _ of stopped.chunks('SELECT * FROM read_csv($1)', rows)) break;
    stopped.close();
    // Its buffers would wait in the instance until its result is collected: it is closed.
    expect(keptInstance()).toBeUndefined();

    const failed = await openDuckSession();
    await expect(async () => {
      for await (const _ of failed.chunks('SELECT * FROM read_csv($1)', join(dir, 'missing.csv'))) {
        // nothing
      }
    }).rejects.toThrow();
    failed.close();
    expect(keptInstance()).toBeUndefined();

    // A query only described is a stream never read.
    const described = await openDuckSession();
    expect(
      (await described.describe('SELECT * FROM read_csv($1)', rows)).map((c) => c.name),
    ).toEqual(['x']);
    described.close();
    expect(keptInstance()).toBeUndefined();

    const whole = await openDuckSession();
    let read = 0;
    for await (const chunk of whole.chunks('SELECT * FROM read_csv($1)', rows))
      read += chunk.rowCount;
    whole.close();
    expect(read).toBe(50_000);
    expect(keptInstance()).toBeDefined();
  });
});
