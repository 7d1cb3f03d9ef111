/**
 * The SQL casts of chosen CSV column types (`sql-conversions.ts`) against the JS cast they stand
 * for (`castValue`, then the batch builder): on thousands of generated spellings, every cell the
 * SQL takes is one the JS cast takes, to exactly the same value, bit for bit. A cell the SQL
 * flags is left to the JS cast, so flagging is always safe; the plain spellings of each type must
 * not be flagged, or the import would cast them one by one again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Data } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { castValue, planColumns } from '../../../../src-main/host/imports/column-casts';
import { sinkFor } from '../../../../src-main/host/imports/duckdb-columns';
import { openDuckSession, type DuckSession } from '../../../../src-main/host/imports/duckdb-reader';
import { importQuery } from '../../../../src-main/host/imports/import-query';
import { rowsToTable } from '../../../../src-main/host/imports/infer-schema';
import type { ImportColumnType } from '../../../../src-shared/studio-procedures';
import { seededRandom } from '../../../support/sample-data';

let dir: string;
let session: DuckSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-sql-casts-'));
  session = await openDuckSession();
});
afterAll(() => {
  session.close();
  rmSync(dir, { recursive: true, force: true });
});

const random = seededRandom(34);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const digits = (n: number) =>
  Array.from({ length: n }, () => pick('0123456789'.split(''))).join('');
const spell = (alphabet: string, max: number) =>
  Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(alphabet.split(''))).join('');

interface Outcome {
  cell: string;
  flagged: boolean;
  /** The SQL's value, as the import's Arrow column holds it. */
  sql: unknown;
}

/** Reads `cells` as one CSV column cast to `type` by the import's SQL and its Arrow sinks. */
async function throughSql(type: ImportColumnType, cells: string[], dimension?: number) {
  const path = join(dir, `${type}.csv`);
  writeFileSync(path, `v\n${cells.map((c) => `"${c.replaceAll('"', '""')}"`).join('\n')}\n`);
  const [plan] = planColumns(new arrow.Schema([new arrow.Field('v', new arrow.Utf8(), true)]), [
    { source: 'v', name: 'v', type, ...(dimension ? { dimension } : {}) },
  ]);
  const query = importQuery(
    'csv',
    ['v'],
    [{ source: 'v', field: plan!.field, convert: 'cast', cast: type, dimension }],
  );
  const sink = sinkFor(session.bindings, { as: 'native', field: plan!.field });
  const flags: boolean[] = [];
  for await (const chunk of session.chunks(query.sql, path)) {
    const duck = session.bindings;
    sink.append(duck.data_chunk_get_vector(chunk.chunk, 0), chunk.rowCount, 0, chunk.rowCount);
    const words = duck.vector_get_validity(
      duck.data_chunk_get_vector(chunk.chunk, 1),
      Math.ceil(chunk.rowCount / 64) * 8,
    );
    for (let i = 0; i < chunk.rowCount; i++)
      flags.push(!words || ((words[i >> 3]! >> (i & 7)) & 1) === 1);
  }
  expect(flags).toHaveLength(cells.length);
  const column = arrow.makeVector(sink.finish());
  const outcomes: Outcome[] = cells.map((cell, i) => ({
    cell,
    flagged: flags[i]!,
    sql: stored(column.data[0]!, i),
  }));
  return { plan: plan!, outcomes };
}

/** A row of an Arrow column as stored: raw numbers (so -0 and NaN compare), bits, items. */
function stored(data: Data, row: number): unknown {
  if (!data.getValid(row)) return null;
  const type = data.type;
  if (arrow.DataType.isFixedSizeList(type)) {
    const items = data.children[0]!.values as Float32Array;
    return Array.from(items.subarray(row * type.listSize, (row + 1) * type.listSize));
  }
  if (arrow.DataType.isBool(type)) return arrow.makeVector(data).get(row);
  return (data.values as ArrayLike<unknown>)[row];
}

/** What the JS cast makes of the cell, as stored; `refused` when it throws. */
function throughJs(plan: ReturnType<typeof planColumns>[number], cell: string, row: number) {
  let value: unknown;
  try {
    value = castValue(cell, plan, row, true);
    if (arrow.DataType.isTimestamp(plan.field.type) && typeof value === 'number')
      return BigInt(value) * 1000n;
    const built = rowsToTable(new arrow.Schema([plan.field]), [{ v: value }], row);
    return stored(built.getChildAt(0)!.data[0]!, 0);
  } catch {
    return 'refused';
  }
}

/** Every cell the SQL did not flag has the JS cast's value; answers the flagged ones. */
async function expectSound(type: ImportColumnType, cells: string[], dimension?: number) {
  const { plan, outcomes } = await throughSql(type, cells, dimension);
  const wrong = outcomes
    .map((o, row) => ({ ...o, js: o.flagged ? undefined : throughJs(plan, o.cell, row) }))
    .filter((o) => !o.flagged && !sameValue(o.sql, o.js));
  expect(wrong.slice(0, 5)).toEqual([]);
  return outcomes.filter((o) => o.flagged).map((o) => o.cell);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
  return Object.is(a, b);
}

describe('SQL casts of chosen CSV types agree with the JS cast', () => {
  it('int32 and int64: canonical digits in SQL, every other spelling left to the JS cast', async () => {
    const edges = ['2147483647', '-2147483648', '2147483648', '-2147483649'];
    const edges64 = ['9223372036854775807', '-9223372036854775808', '9223372036854775808'];
    const plain = Array.from({ length: 2000 }, () =>
      String(BigInt(digits((1 + random() * 18) | 0)) * (random() < 0.5 ? -1n : 1n)),
    );
    const odd = Array.from({ length: 4000 }, () => spell('0123456789-+ ._eEx', 22));
    for (const type of ['int32', 'int64'] as const) {
      const cells = [
        ...edges,
        ...edges64,
        ...plain,
        ...odd,
        '007',
        '+5',
        ' 5',
        '1.0',
        '1e3',
        '0x10',
        '1_0',
      ];
      const flagged = await expectSound(type, cells);
      const fits = (n: bigint) => (type === 'int32' ? n >= -(2n ** 31n) && n < 2n ** 31n : true);
      expect(flagged.filter((c) => plain.includes(c) && fits(BigInt(c)))).toEqual([]);
      expect(flagged).toEqual(expect.arrayContaining(['007', '+5', ' 5', '1.0', '1e3']));
    }
  });

  it('float32 and float64: decimals and exponents in SQL, Infinity, "1_000" and "+-5" left to JS', async () => {
    const plain = Array.from({ length: 3000 }, () => {
      const x = (random() - 0.5) * 10 ** Math.floor(random() * 80 - 40);
      return pick([
        String(x),
        x.toFixed(3),
        x.toExponential(5),
        String(Number.isFinite(Math.fround(x)) ? Math.fround(x) : x),
      ]);
    });
    const odd = Array.from({ length: 6000 }, () => spell('0123456789.eE+-_ xinfINFaty', 12));
    const edges = [
      '1e308',
      '1e309',
      '-1e309',
      '3.4e38',
      '3.5e38',
      '5e-324',
      '1e-400',
      '-0',
      '9007199254740993',
      'Infinity',
      '-Infinity',
      'NaN',
      'nan',
      'inf',
      '1_000',
      '+-5',
      '0x10',
      '.5',
      '5.',
      '+.5e-3',
    ];
    for (const type of ['float32', 'float64'] as const) {
      const flagged = await expectSound(type, [...edges, ...plain, ...odd]);
      const inRange = (c: string) => type === 'float64' || Math.abs(Number(c)) < 3.4e38;
      expect(flagged.filter((c) => plain.includes(c) && inRange(c))).toEqual([]);
      expect(flagged).toEqual(expect.arrayContaining(['Infinity', '1_000', '+-5']));
    }
  });

  it('date32: YYYY-MM-DD in SQL, days that do not exist and other spellings refused or left to JS', async () => {
    const plain = Array.from({ length: 2000 }, () =>
      new Date(Date.UTC(1900 + ((random() * 300) | 0), 0, 1 + ((random() * 365) | 0)))
        .toISOString()
        .slice(0, 10),
    );
    const odd = Array.from({ length: 4000 }, () =>
      pick([
        `${digits(4)}-${digits(2)}-${digits(2)}`,
        `${digits(4)}-${digits(1)}-${digits(2)}`,
        ` ${digits(4)}-0${digits(1)}-1${digits(1)}`,
        `${digits(4)}-0${digits(1)}-1${digits(1)}T12:30:00Z`,
        `0000-0${1 + ((random() * 9) | 0)}-01`,
        spell('0123456789-T: Z', 12),
      ]),
    );
    const flagged = await expectSound('date32', [
      ...plain,
      ...odd,
      '2024-02-29',
      '2023-02-29',
      '0000-01-01',
      '0050-06-01',
    ]);
    expect(flagged.filter((c) => plain.includes(c))).toEqual([]);
    expect(flagged).toContain('2023-02-29');
  });

  it('timestamp: ISO date-times with Z, offsets or no zone in SQL, as UTC, exactly', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const plain = Array.from({ length: 3000 }, () => {
      const ms = Math.round((random() - 0.3) * 2e13);
      const text = iso(ms);
      return pick([
        text,
        text.replace('.000Z', 'Z'),
        text.replace('T', ' ').replace('Z', ''),
        `${text.slice(0, 19)}+0${(random() * 9) | 0}:${pick(['00', '30', '45'])}`,
        `${text.slice(0, 19)}-1${(random() * 4) | 0}:00`,
        `${text.slice(0, 16)}+0${(random() * 9) | 0}:30`,
        text.slice(0, 10),
      ]);
    });
    const part = () => pick([digits(2), `${(random() * 3) | 0}${digits(1)}`]);
    const odd = Array.from({ length: 8000 }, () => {
      const day = pick([`${digits(4)}-${part()}-${part()}`, `2024-02-${pick(['28', '29', '30'])}`]);
      const time = pick([
        '',
        `${part()}:${part()}`,
        `${part()}:${part()}:${part()}`,
        `${part()}:${part()}:${part()}.${digits(1 + ((random() * 6) | 0))}`,
      ]);
      const zone = pick([
        '',
        'Z',
        'z',
        `+${part()}:${part()}`,
        `-${part()}${part()}`,
        `+${part()}`,
        ' UTC',
      ]);
      const sep = pick(['T', 't', ' ', '_']);
      const text = time ? `${day}${sep}${time}${zone}` : day;
      return pick([text, ` ${text}`, `${text} `, text]);
    });
    const edges = [
      '2024-03-01T12:30-05:00',
      '2024-03-01T24:00:00Z',
      '2024-03-01T23:59:60Z',
      '2024-03-01T12:30:00+24:00',
      '2024-03-01T12:30:00+0200',
      '2024-03-01t12:30:00Z',
      // At DuckDB's ends of time: an offset's arithmetic there must not end the stream.
      '294247-01-10T04:00:54-23:59',
      '-290308-12-22T00:00:00+23:59',
      '2024-03-01T25:00:00',
      '2024-03-01T24:00',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2300-01-01T00:00:00.001Z',
    ];
    const flagged = await expectSound('timestamp', [...edges, ...plain, ...odd]);
    expect(flagged.filter((c) => plain.includes(c))).toEqual([]);
    // A zone without a colon, a lower-case t: the JS cast reads them, not the SQL.
    expect(flagged).toEqual(
      expect.arrayContaining(['2024-03-01T12:30:00+0200', '2024-03-01t12:30:00Z']),
    );
    expect(flagged).not.toContain('2024-03-01T12:30-05:00');
  });

  it('bool: the words in ASCII in SQL, the rest left to JS', async () => {
    const words = ['true', 'false', 't', 'f', 'yes', 'no', 'y', 'n', '1', '0'];
    const plain = words.flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]);
    const odd = Array.from({ length: 2000 }, () => spell('truefalsYESNO01 İıK\t', 6));
    const flagged = await expectSound('bool', [...plain, ...odd]);
    expect(flagged.filter((c) => plain.includes(c))).toEqual([]);
  });

  it('vector: JSON arrays of numbers in SQL; quoted numbers, blanks around and bad arrays left to JS', async () => {
    const number = () =>
      pick([
        String((random() - 0.5) * 10),
        String(Math.round(random() * 100)),
        '1e39',
        '-0',
        'NaN',
        '"1"',
        'null',
        '.5',
        '1_0',
      ]);
    const array = (n: number) => Array.from({ length: n }, number).join(pick([',', ', ', ' ,']));
    const odd = Array.from({ length: 3000 }, () =>
      pick([
        `[${array(3)}]`,
        `[${array(2)}]`,
        `[${array(3)},]`,
        ` [${array(3)}] `,
        `[[${array(3)}]]`,
        `{${array(3)}}`,
        `[${array(4)}]`,
      ]),
    );
    const plain = Array.from(
      { length: 1000 },
      () => `[${Array.from({ length: 3 }, () => String((random() - 0.5) * 100)).join(', ')}]`,
    );
    const flagged = await expectSound('vector', [...plain, ...odd], 3);
    expect(flagged.filter((c) => plain.includes(c))).toEqual([]);
  });
});
