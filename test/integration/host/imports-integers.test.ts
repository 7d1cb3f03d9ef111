/**
 * Imports never change a number on its way in, tried as the attacks that used to work: integers
 * just past int32 and past 2^53, floats at the edge of float64, in CSV, JSON and NDJSON, inside
 * and after the rows the schema is inferred from, and into explicitly chosen types they overflow.
 * Each import either holds exactly what the file says, read back with plain LanceDB, or fails
 * naming the row (1-based, as a person counts data rows) and the column, and leaves no table.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { callOk } from '../../support/host-calls';

let dir: string;
let host: Host;
let connectionId: string;

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

async function waitJob(jobId: string) {
  for (;;) {
    const jobs = await ok<any[]>('jobs:list', {});
    const job = jobs.find((j) => j.id === jobId);
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runImport(file: string, table: string, extra: object = {}) {
  const job = await ok('imports:start', {
    connectionId,
    path: join(dir, file),
    namespacePath: ['raw'],
    table,
    mode: 'create',
    ...extra,
  });
  return waitJob(job.id);
}

/** The table as plain LanceDB reads it: column types, and rows in file order by `id`. */
async function readBack(table: string) {
  const plain = await lancedb.connectNamespace('dir', { root: join(dir, 'catalog') });
  const handle = await plain.openTable(table, ['raw']);
  const data = await handle.query().toArrow();
  const types = Object.fromEntries(data.schema.fields.map((f) => [f.name, String(f.type)]));
  const rows = data.toArray().map((r) => r.toJSON() as Record<string, unknown>);
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  handle.close();
  return { types, rows };
}

async function tableExists(table: string) {
  const plain = await lancedb.connectNamespace('dir', { root: join(dir, 'catalog') });
  return (await plain.listTables(['raw'])).tables.includes(table);
}

// The attack values, as a file writes them.
const BIG = ['2147483648', '-2147483649', '9007199254740993', '-9223372036854775808', '7'];
const FLOATS = ['1e308', '-1.7976931348623157e308', '2.2250738585072014e-308', '0.1', '5e-324'];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-ints-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  connectionId = (await ok('connections:open-folder', { path: join(dir, 'catalog'), create: true }))
    .id;
  await ok('namespaces:create', { connectionId, path: ['raw'] });
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectExact(rows: Array<Record<string, unknown>>) {
  expect(rows.map((r) => r.big)).toEqual(BIG.map((v) => BigInt(v)));
  expect(rows.map((r) => r.small)).toEqual([1, -1, 0, 2147483647, -2147483648]);
  expect(rows.map((r) => r.f)).toEqual(FLOATS.map(Number));
}

describe('imported integers and floats are exact, or the import fails', () => {
  it('CSV: past int32 and past 2^53 infer int64 and keep every digit; floats stay float64', async () => {
    const small = ['1', '-1', '0', '2147483647', '-2147483648'];
    const lines = ['id,big,small,f'];
    BIG.forEach((big, i) => lines.push(`${i},${big},${small[i]},${FLOATS[i]}`));
    writeFileSync(join(dir, 'edge.csv'), `${lines.join('\n')}\n`);

    const preview = await ok('imports:preview', { path: join(dir, 'edge.csv') });
    expect(preview.schema.fields.map((f: any) => f.type.type)).toEqual([
      'int32',
      'int64',
      'int32',
      'float64',
    ]);
    // The preview shows the digits too, not a rounded number.
    expect(preview.rows[2].big).toBe('9007199254740993');

    expect((await runImport('edge.csv', 'edge')).state).toBe('succeeded');
    const { types, rows } = await readBack('edge');
    expect(types).toEqual({ id: 'Int32', big: 'Int64', small: 'Int32', f: 'Float64' });
    expectExact(rows);
  });

  it('JSON and NDJSON: the same values, integer literals past 2^53 included', async () => {
    const small = [1, -1, 0, 2147483647, -2147483648];
    // Written by hand: JSON.stringify cannot write 9007199254740993.
    const objects = BIG.map(
      (big, i) => `{"id": ${i}, "big": ${big}, "small": ${small[i]}, "f": ${FLOATS[i]}}`,
    );
    writeFileSync(join(dir, 'edge.json'), `[\n${objects.join(',\n')}\n]`);
    writeFileSync(join(dir, 'edge.ndjson'), objects.join('\n'));
    for (const file of ['edge.json', 'edge.ndjson']) {
      const table = file.replace('.', '_');
      expect((await runImport(file, table)).state).toBe('succeeded');
      const { types, rows } = await readBack(table);
      expect(types).toEqual({ id: 'Int32', big: 'Int64', small: 'Int32', f: 'Float64' });
      expectExact(rows);
    }
  });

  it('JSON: digits inside strings are left alone, and integers past int64 keep their digits as text', async () => {
    writeFileSync(
      join(dir, 'odd.json'),
      JSON.stringify([
        { id: 0, code: '12345678901234567890', huge: 1 },
        { id: 1, code: 'x "9007199254740993" y', huge: 2 },
      ]).replace('"huge":2', '"huge":18446744073709551617'),
    );
    expect((await runImport('odd.json', 'odd')).state).toBe('succeeded');
    const { types, rows } = await readBack('odd');
    expect(types.code).toBe('Utf8');
    // Beyond int64, and float64 would round it: the column keeps the digits as text.
    expect(types.huge).toBe('Utf8');
    expect(rows.map((r) => r.code)).toEqual(['12345678901234567890', 'x "9007199254740993" y']);
    expect(rows.map((r) => r.huge)).toEqual(['1', '18446744073709551617']);
  });

  it('CSV: a text column keeps its cells as written', async () => {
    writeFileSync(join(dir, 'zips.csv'), 'id,zip\n0,007\n1,1.50\n2,N/A\n3,9007199254740993\n');
    expect((await runImport('zips.csv', 'zips')).state).toBe('succeeded');
    const { types, rows } = await readBack('zips');
    expect(types.zip).toBe('Utf8');
    expect(rows.map((r) => r.zip)).toEqual(['007', '1.50', 'N/A', '9007199254740993']);
  });

  it.each([
    ['2147483648', 'int64'],
    ['-2147483649', 'int64'],
    ['9223372036854775808', 'utf8'],
  ])(
    'CSV: %s after the rows the type is inferred from fails naming row and column',
    async (value, needs) => {
      const lines = ['id,big'];
      for (let i = 0; i < 1500; i++) lines.push(`${i},${i}`);
      lines.push(`1500,${value}`);
      writeFileSync(join(dir, 'late.csv'), lines.join('\n'));
      const done = await runImport('late.csv', 'late', { batchSize: 400 });
      expect(done.state).toBe('failed');
      expect(done.error.code).toBe(13);
      // Data row 1501 is the file's line 1502, after the header.
      expect(done.error.message).toContain(
        `Row 1501, column "big": ${value} does not fit in int32`,
      );
      expect(done.error.message).toContain(`import this column as ${needs}`);
      expect(await tableExists('late')).toBe(false);
    },
  );

  it('NDJSON: an integer past 2^53 after the sample of a float64 column fails instead of rounding', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => `{"id": ${i}, "x": ${i + 0.5}}`);
    lines.push('{"id": 1200, "x": 9007199254740993}');
    writeFileSync(join(dir, 'late.ndjson'), lines.join('\n'));
    const done = await runImport('late.ndjson', 'late');
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(
      /^Row 1201, column "x": 9007199254740993 cannot be held exactly in float64/,
    );
    expect(await tableExists('late')).toBe(false);
  });

  it.each([
    ['int32', '2147483648', 'does not fit in int32'],
    ['int32', '-2147483649', 'does not fit in int32'],
    ['int64', '9223372036854775808', 'does not fit in int64'],
    ['int64', '-9223372036854775809', 'does not fit in int64'],
    ['float32', '3.5e38', 'does not fit in float32'],
    ['float64', '1e309', 'does not fit in float64'],
  ])('CSV: a chosen %s column refuses %s, naming row and column', async (type, value, why) => {
    writeFileSync(join(dir, 'chosen.csv'), `id,v\n0,1\n1,2\n2,${value}\n3,4\n`);
    const done = await runImport('chosen.csv', 'chosen', {
      columns: [
        { source: 'id', name: 'id' },
        { source: 'v', name: 'value', type },
      ],
    });
    expect(done.state).toBe('failed');
    expect(done.error.message).toContain(`Row 3, column "value" (from "v")`);
    expect(done.error.message).toContain(why);
    expect(await tableExists('chosen')).toBe(false);
  });

  it('JSON: a chosen int64 column keeps 2^53 + 1 and the int64 extremes exactly', async () => {
    writeFileSync(
      join(dir, 'ids.json'),
      '[{"id": 0, "v": 9007199254740993}, {"id": 1, "v": -9223372036854775808},' +
        ' {"id": 2, "v": 9223372036854775807}, {"id": 3, "v": 5}]',
    );
    expect(
      (
        await runImport('ids.json', 'ids', {
          columns: [
            { source: 'id', name: 'id' },
            { source: 'v', name: 'v', type: 'int64' },
          ],
        })
      ).state,
    ).toBe('succeeded');
    const { types, rows } = await readBack('ids');
    expect(types.v).toBe('Int64');
    expect(rows.map((r) => r.v)).toEqual([
      9007199254740993n,
      -9223372036854775808n,
      9223372036854775807n,
      5n,
    ]);
  });

  it('vectors: a component beyond float32 fails instead of becoming Infinity', async () => {
    writeFileSync(join(dir, 'vec.ndjson'), '{"id": 0, "v": [1, 2]}\n{"id": 1, "v": [1e39, 2]}\n');
    const done = await runImport('vec.ndjson', 'vec');
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(/^Row 2, column "v": item 1 of the vector, 1e\+39/);
    expect(await tableExists('vec')).toBe(false);
  });
});
