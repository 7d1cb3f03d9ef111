/**
 * Dates and date-times in text imports: ISO 8601 columns are inferred as date32 and
 * timestamp[us, UTC], read by the import's own rules (a zone-less time is UTC on every machine),
 * and nothing that would change is taken: a day that does not exist or microseconds stay text,
 * and a later row that is not a date fails the import, naming the row and the way out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callOk, importAndWait } from '../../../support/host-calls';

let dir: string;
let host: Host;
let connectionId: string;
const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-dates-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  connectionId = (await ok('connections:open-folder', { path: join(dir, 'catalog'), create: true }))
    .id;
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const runImport = (file: string, table: string, extra: object = {}) =>
  importAndWait(host, connectionId, join(dir, file), table, extra);

async function rowsOf(table: string) {
  const db = await lancedb.connectNamespace('dir', { root: join(dir, 'catalog') });
  const t = await db.openTable(table, []);
  const schema = await t.schema();
  const rows = await t.query().toArray();
  return { schema, rows };
}

const CSV = [
  'id,day,at,note',
  '1,2024-03-01,2024-03-01T12:30:00Z,plain',
  '2,2024-02-29,2024-03-01 12:30:00,leap day; no zone is UTC',
  '3,,2024-03-01T14:30:00.250+02:00,offset',
  '4,1970-01-01,2024-03-01T12:30,minutes only',
].join('\n');

describe('dates in text imports', () => {
  it('infers ISO dates and date-times, and imports them exactly', async () => {
    writeFileSync(join(dir, 'dated.csv'), `${CSV}\n`);
    const preview = await ok('imports:preview', { path: join(dir, 'dated.csv') });
    const types = Object.fromEntries(preview.schema.fields.map((f: any) => [f.name, f.type.type]));
    expect(types).toMatchObject({ day: 'date32', at: 'timestamp', note: 'utf8' });

    const done = await runImport('dated.csv', 'dated');
    expect(done.state).toBe('succeeded');
    const { schema, rows } = await rowsOf('dated');
    expect(String(schema.fields.find((f) => f.name === 'day')!.type)).toBe('Date32<DAY>');
    expect(String(schema.fields.find((f) => f.name === 'at')!.type)).toBe(
      'Timestamp<MICROSECOND, UTC>',
    );
    const byId = Object.fromEntries(rows.map((r: any) => [Number(r.id), r]));
    const ms = (value: unknown) => new Date(value as Date | number).getTime();
    expect(ms(byId[1].day)).toBe(Date.UTC(2024, 2, 1));
    expect(ms(byId[2].day)).toBe(Date.UTC(2024, 1, 29));
    expect(byId[3].day).toBeNull();
    expect(ms(byId[4].day)).toBe(0);
    const noon = Date.UTC(2024, 2, 1, 12, 30);
    expect(ms(byId[1].at)).toBe(noon);
    expect(ms(byId[2].at)).toBe(noon);
    expect(ms(byId[3].at)).toBe(noon + 250);
    expect(ms(byId[4].at)).toBe(noon);
  });

  it('leaves text that would change as text: a day that does not exist, microseconds', async () => {
    writeFileSync(
      join(dir, 'odd.csv'),
      'id,day,at\n1,2024-02-30,2024-03-01T12:30:00.123456Z\n2,2024-03-01,2024-03-01T12:30:00Z\n',
    );
    const preview = await ok('imports:preview', { path: join(dir, 'odd.csv') });
    const types = preview.schema.fields.map((f: any) => f.type.type);
    expect(types).toEqual(['int32', 'utf8', 'utf8']);
  });

  it('fails on a later row that is not a date, naming it and the way out', async () => {
    const lines = ['id,day'];
    for (let i = 0; i < 5_000; i++)
      lines.push(`${i},2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
    lines.push('5000,soon');
    writeFileSync(join(dir, 'late.csv'), `${lines.join('\n')}\n`);
    const done = await runImport('late.csv', 'late');
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(/Row 5001, column "day".*"soon".*date/);
    expect(done.error.message).toMatch(
      /date32 was inferred from the first \d+ rows, so import this column as utf8/,
    );
    const db = await lancedb.connectNamespace('dir', { root: join(dir, 'catalog') });
    expect((await db.listTables([])).tables).not.toContain('late');
  });

  it('keeps the inferred date types through an edit that renames a column', async () => {
    writeFileSync(join(dir, 'renamed.csv'), `${CSV}\n`);
    const done = await runImport('renamed.csv', 'renamed', {
      columns: [
        { source: 'id', name: 'id' },
        { source: 'day', name: 'on_day' },
        { source: 'at', name: 'at' },
      ],
    });
    expect(done.state).toBe('succeeded');
    const { schema } = await rowsOf('renamed');
    expect(schema.fields.map((f) => [f.name, String(f.type)])).toEqual([
      ['id', 'Int32'],
      ['on_day', 'Date32<DAY>'],
      ['at', 'Timestamp<MICROSECOND, UTC>'],
    ]);
  });
});
