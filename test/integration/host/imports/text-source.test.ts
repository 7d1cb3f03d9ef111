/**
 * The columnar reader of text imports (DuckDB) against what it must never do: end a stream early
 * without a word, round or overflow a value past the rows the schema was inferred from, or be
 * steered by a column's name. Each case runs a real import into a real folder catalog; files are
 * large enough that the bad row lies chunks past the sample.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callOk, importAndWait } from '../../../support/host-calls';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

let dir: string;
let host: Host;
let connectionId: string;

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

const runImport = (file: string, table: string, extra: object = {}) =>
  importAndWait(host, connectionId, join(dir, file), table, extra);

async function plainTable(table: string) {
  const plain = await lancedb.connectNamespace('dir', { root: join(dir, 'catalog') });
  if (!(await plain.listTables([])).tables.includes(table)) return undefined;
  return plain.openTable(table, []);
}

/** A CSV of `rows` data rows: id, name, score, a 4-d vector; `edit` may replace any line. */
function writeCsv(file: string, rows: number, edit: (lines: string[]) => void = () => {}) {
  const lines = ['id,name,score,embedding'];
  for (let i = 0; i < rows; i++) lines.push(`${i},item ${i},${i / 4},"[${i % 7},0.5,1,2]"`);
  edit(lines);
  writeFileSync(join(dir, file), `${lines.join('\n')}\n`);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-columnar-'));
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

describe('text imports read in columns', () => {
  it('imports every row of a large file exactly, and reports bytes read', async () => {
    writeCsv('many.csv', 100_000);
    const done = await runImport('many.csv', 'many', { batchSize: 30_000 });
    expect(done.state).toBe('succeeded');
    expect(done.progress.rowsDone).toBe(100_000);
    expect(done.progress.rowsTotal).toBe(100_000);
    expect(done.progress.bytesTotal).toBe(readFileSync(join(dir, 'many.csv')).length);
    const table = (await plainTable('many'))!;
    expect(await table.countRows()).toBe(100_000);
    // Batches of 30,000 rows: four writes, so four fragments.
    expect((await table.stats()).fragmentStats.numFragments).toBe(4);
    const rows = await table.query().where('id = 99999').toArray();
    expect(rows[0].name).toBe('item 99999');
    expect(rows[0].score).toBe(99999 / 4);
    expect(Array.from(rows[0].embedding)).toEqual([99999 % 7, 0.5, 1, 2]);
  });

  it('fails on a malformed row deep in the file, naming its line, and leaves no table', async () => {
    // DuckDB's stream would end at this row as if the file ended there; the import must not.
    writeCsv('short.csv', 100_000, (lines) => {
      lines[90_000] = '89999,item,1.5';
    });
    const done = await runImport('short.csv', 'short');
    expect(done.state).toBe('failed');
    expect(done.error.code).toBe(ERROR_CODES.InvalidInput);
    expect(done.error.message).toMatch(/line 90001.*Expected Number of Columns: 4 Found: 3/);
    expect(await plainTable('short')).toBeUndefined();
  });

  it('fails on a file cut off in the middle of its last row', async () => {
    writeCsv('cut.csv', 50_000);
    const whole = readFileSync(join(dir, 'cut.csv'), 'utf8');
    writeFileSync(join(dir, 'cut.csv'), whole.slice(0, whole.length - 12));
    const done = await runImport('cut.csv', 'cut');
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(/^The file cannot be read at line 50001/);
    expect(await plainTable('cut')).toBeUndefined();
  });

  it.each([
    [
      'a fraction in a whole-number column',
      0,
      '70000.5',
      /column "id": expected a whole number, got 70000.5; int32 was inferred/,
    ],
    ['a number past int32', 0, '3000000000', /column "id": 3000000000 does not fit in int32/],
    ['NaN in a float column', 2, 'nan', /column "score": expected a number, got "nan"/],
    ['Infinity in a float column', 2, '1e400', /column "score": expected a number, got "1e400"/],
    [
      'a long integer float64 would round',
      2,
      '9007199254740993',
      /9007199254740993 cannot be held exactly in float64/,
    ],
    ['a vector one short', 3, '"[1,2,3]"', /column "embedding": expected a vector of 4 numbers/],
    [
      'a vector item past float32',
      3,
      '"[1e39,2,3,4]"',
      /item 1 of the vector, 1e\+39, does not fit in float32/,
    ],
  ])(
    'refuses %s at row 70,000, with the rules of the first rows',
    async (_, column, cell, message) => {
      writeCsv('late.csv', 80_000, (lines) => {
        const cells = lines[70_000]!.match(/("[^"]*"|[^,]+)/g)!;
        cells[column] = cell;
        lines[70_000] = cells.join(',');
      });
      const done = await runImport('late.csv', 'late');
      expect(done.state).toBe('failed');
      expect(done.error.message).toMatch(/^Row 70000, /);
      expect(done.error.message).toMatch(message);
      expect(await plainTable('late')).toBeUndefined();
    },
  );

  it('keeps blank cells as nulls and text cells as written, past the sample', async () => {
    writeCsv('blanks.csv', 5_000, (lines) => {
      lines[4_000] = '3999,  padded  ,,';
      lines[4_001] = '4000,   ,  , ';
    });
    const done = await runImport('blanks.csv', 'blanks');
    expect(done.state).toBe('succeeded');
    const table = (await plainTable('blanks'))!;
    const rows = await table.query().where('id IN (3999, 4000)').toArray();
    const byId = Object.fromEntries(rows.map((r: any) => [r.id, r]));
    expect(byId[3999].name).toBe('  padded  ');
    expect(byId[3999].score).toBeNull();
    expect(byId[3999].embedding).toBeNull();
    expect(byId[4000].name).toBeNull();
    expect(byId[4000].score).toBeNull();
  });

  it('previews from the first rows without reading the rest of the file', async () => {
    // A malformed last row: a preview that read the whole file would fail on it.
    writeCsv('preview.csv', 50_000, (lines) => {
      lines.push('oops');
      lines[3] = '2,007,,';
    });
    const preview = await ok('imports:preview', { path: join(dir, 'preview.csv') });
    expect(preview.rows).toHaveLength(20);
    expect(preview.schema.fields.map((f: any) => f.name)).toEqual([
      'id',
      'name',
      'score',
      'embedding',
    ]);
    expect(preview.rows[2]).toMatchObject({ id: 2, name: '007', score: null, embedding: null });
    expect(preview.rows[3].embedding).toEqual([3, 0.5, 1, 2]);
  });

  it('refuses to preview a short JSON file that breaks off, rather than showing its first rows', async () => {
    // DuckDB's streamed read would end quietly after the first object.
    writeFileSync(join(dir, 'broken.json'), '[{"a": 1}, {oops');
    const answer = await host.call('imports:preview', { path: join(dir, 'broken.json') });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe(ERROR_CODES.InvalidInput);
      expect(answer.error.message).toMatch(/^The file cannot be read: Malformed JSON .* at byte 2/);
      // Said once, not twice.
      expect(answer.error.message.match(/Malformed JSON/g)).toHaveLength(1);
    }
  });

  it('takes any column name, quotes and internal-looking names included', async () => {
    const names = [`it's`, `say "hi"`, '__cs_r0', '__bad', 'x; DROP TABLE t'];
    const lines = [names.map((n) => `"${n.replaceAll('"', '""')}"`).join(',')];
    for (let i = 0; i < 3_000; i++) lines.push(`${i},${i * 2},${i * 3},${i * 4},text ${i}`);
    writeFileSync(join(dir, 'names.csv'), `${lines.join('\n')}\n`);
    const done = await runImport('names.csv', 'names');
    expect(done.state).toBe('succeeded');
    const data = await (await plainTable('names'))!.query().toArrow();
    expect(data.schema.fields.map((f) => f.name)).toEqual(names);
    const last = data
      .toArray()
      .find((r: any) => r[`it's`] === 2999)!
      .toJSON();
    expect(last).toEqual({
      [`it's`]: 2999,
      'say "hi"': 5998,
      __cs_r0: 8997,
      __bad: 11996,
      'x; DROP TABLE t': 'text 2999',
    });
  });

  it('reads NDJSON and JSON arrays past the sample, integers past 2^53 exact', async () => {
    const objects = Array.from(
      { length: 5_000 },
      (_, i) => `{"id": ${i}, "big": ${i === 4_500 ? '9007199254740993' : String(2 ** 40 + i)}}`,
    );
    writeFileSync(join(dir, 'late.ndjson'), objects.join('\n'));
    writeFileSync(join(dir, 'late.json'), `[${objects.join(',\n')}]`);
    for (const file of ['late.ndjson', 'late.json']) {
      const table = file.replace('.', '_');
      expect((await runImport(file, table)).state).toBe('succeeded');
      const rows = await (await plainTable(table))!.query().where('id = 4500').toArray();
      expect(rows[0].big).toBe(9007199254740993n);
    }
  });
});
