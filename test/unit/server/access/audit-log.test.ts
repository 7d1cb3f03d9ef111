/**
 * The audit trail's bounds, on a real folder's state tables: entries older than the age bound
 * and the oldest beyond the count bound are deleted by a prune; what is left reads back newest
 * first; a filter's strings are values, not SQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateTables } from '../../../../src-main/catalog/dir/coordination/state-tables';
import { AuditLog } from '../../../../src-main/server/access/audit-log';

const entry = (time: number, principal = 'ops', target = 'ns$t') => ({
  time,
  principal,
  action: 'dropTable',
  target,
  result: 'ok',
  status: 200,
  database: 'default',
  request_id: `r${time}`,
});

describe('AuditLog', () => {
  let root: string;
  let state: StateTables;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cs-audit-'));
    state = new StateTables(root);
  });
  afterEach(() => {
    state.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps at most maxEntries, the newest, and none older than maxAgeMs', async () => {
    const now = Date.now();
    const log = new AuditLog(state, { maxEntries: 5, maxAgeMs: 60_000, replica: 'test' });
    await log.start();
    // Two too old, then eight recent ones: three of those are beyond the count bound.
    log.record(entry(now - 120_000));
    log.record(entry(now - 61_000));
    for (let i = 8; i >= 1; i--) log.record(entry(now - i * 1000));
    await log.flush();
    expect(await log.query({})).toHaveLength(10);
    await log.prune(now);
    const left = await log.query({});
    expect(left.map((e) => e.time)).toEqual([1, 2, 3, 4, 5].map((i) => now - i * 1000));
    expect(left[0]).toMatchObject({ replica: 'test', principal: 'ops' });
    await log.close();
  });

  it('filters by principal, target prefix and time, with quotes taken as text', async () => {
    const log = new AuditLog(state, { replica: 'test' });
    log.record(entry(1000, 'ops', 'ns$a'));
    log.record(entry(2000, "o'brien", 'ns2$b'));
    log.record(entry(3000, 'ops', 'ns$sub$c'));
    expect((await log.query({ principal: "o'brien" })).map((e) => e.time)).toEqual([2000]);
    expect((await log.query({ principal: "' OR 1=1 --" })).length).toBe(0);
    expect((await log.query({ target: 'ns' })).map((e) => e.time)).toEqual([3000, 1000]);
    expect((await log.query({ since: 1500, until: 2500 })).map((e) => e.time)).toEqual([2000]);
    expect((await log.query({ limit: 1 })).map((e) => e.time)).toEqual([3000]);
    await log.close();
  });
});
