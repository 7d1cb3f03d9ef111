/**
 * The grid's pending changes committed through the host (`rows:commit`) on real LanceDB: a folder,
 * an s3:// root on the run's S3 store, and a remote catalog (`serve` on loopback). Three cells in
 * three rows become one version and change nothing else; every editable type is written from its
 * typed text and read back exactly; a bad value, a predicate naming two rows or a read-only
 * connection leave no version behind; hostile text is stored as typed. The review's plan
 * (`rows:plan`) is the statement the commit runs, run by hand to the same end, and refuses what
 * the commit refuses in the same words.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Table, Vector } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { arrow } from '../../../../src-main/catalog/arrow';
import type { CatalogClient } from '../../../../src-main/catalog/client';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { MAX_PENDING_ROWS, type RowsPlan } from '../../../../src-shared/procedures/rows';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { callFails, callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../../../support/s3-store';

const A = arrow;

/** Every type a cell can be typed into, and one it cannot (tags). */
const TYPED = new A.Schema([
  new A.Field('id', new A.Int64(), false),
  new A.Field('i8', new A.Int8(), true),
  new A.Field('u16', new A.Uint16(), true),
  new A.Field('u64', new A.Uint64(), true),
  new A.Field('i64', new A.Int64(), true),
  new A.Field('f32', new A.Float32(), true),
  new A.Field('f64', new A.Float64(), true),
  new A.Field('s', new A.Utf8(), true),
  new A.Field('ls', new A.LargeUtf8(), true),
  new A.Field('b', new A.Bool(), true),
  new A.Field('d', new A.DateDay(), true),
  new A.Field('ts', new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC'), true),
  new A.Field('tsn', new A.Timestamp(A.TimeUnit.NANOSECOND, null), true),
  new A.Field('tss', new A.Timestamp(A.TimeUnit.SECOND, 'Europe/Paris'), true),
  new A.Field('v', new A.FixedSizeList(3, new A.Field('item', new A.Float32(), true)), true),
  new A.Field('v64', new A.FixedSizeList(2, new A.Field('item', new A.Float64(), true)), true),
  new A.Field('tags', new A.List(new A.Field('item', new A.Utf8(), true)), true),
]);

/** Typed text for each column, and what reading the column back must give (as text). */
const VALUES: Record<string, [typed: string, stored: string]> = {
  i8: ['-128', '-128'],
  u16: ['65535', '65535'],
  u64: ['18446744073709551615', '18446744073709551615'],
  i64: ['9007199254740993', '9007199254740993'],
  f32: ['1.5', '1.5'],
  f64: ['0.1', '0.1'],
  s: ['plain', 'plain'],
  ls: ['large', 'large'],
  b: ['true', 'true'],
  d: ['2024-02-29', '19782'],
  ts: ['2024-03-01T12:30:00.123456', '1709296200123456'],
  tsn: ['2024-03-01T12:30:00.123456789Z', '1709296200123456789'],
  tss: ['2024-03-01T13:30:00+01:00', '1709296200'],
  v: ['[0.5, -1, 2.25]', '[0.5,-1,2.25]'],
  v64: ['[0.1, 1e300]', '[0.1,1e+300]'],
};

/** Edited values, different from VALUES, for the second pass. */
const EDITED: Record<string, [typed: string, stored: string]> = {
  i8: ['127', '127'],
  u16: ['0', '0'],
  u64: ['9223372036854775808', '9223372036854775808'],
  i64: ['-9223372036854775808', '-9223372036854775808'],
  f32: ['-3', '-3'],
  f64: ['1e-300', '1e-300'],
  s: ['', ''],
  ls: ['x', 'x'],
  b: ['false', 'false'],
  d: ['1969-12-31', '-1'],
  ts: ['1969-12-31T23:59:59.999999Z', '-1'],
  tsn: ['2262-04-11T23:47:16.854775807Z', '9223372036854775807'],
  tss: ['1970-01-01', '0'],
  v: ['[1, 2, 3]', '[1,2,3]'],
  v64: ['[-0.5, 0]', '[-0.5,0]'],
};

const HOSTILE = [
  "it's",
  "'; DROP TABLE t; --",
  'back\\slash\\',
  '`tick` "double"',
  'two\nlines\r\tand tab',
  'ünï ✓ 𝄞 中文',
  "\\'",
];

/** A cell read back as text: timestamps and dates by their stored integers, never as dates. */
function cellText(column: Vector, i: number): string {
  if (!column.isValid(i)) return 'null';
  if (A.DataType.isTimestamp(column.type) || A.DataType.isDate(column.type)) {
    let at = i;
    for (const data of column.data) {
      if (at < data.length) return String((data.values as ArrayLike<unknown>)[at]);
      at -= data.length;
    }
  }
  const value: unknown = column.get(i);
  if (ArrayBuffer.isView(value)) return JSON.stringify(Array.from(value as Uint8Array));
  if (value && typeof value === 'object' && 'toJSON' in value) {
    return JSON.stringify((value as { toJSON(): unknown }).toJSON(), (_, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
  }
  return String(value);
}

interface Backend {
  connectionId: string;
  readOnly: () => Promise<string>;
  close(): Promise<void>;
}

const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function seed(catalog: CatalogClient): Promise<void> {
  await catalog.createTable('t', sampleTable(20, 4));
  await catalog.createEmptyTable('typed', TYPED);
}

const BACKENDS: Record<string, (dir: string, host: Host) => Promise<Backend>> = {
  folder: async (dir, host) => {
    const path = join(dir, 'cat');
    const catalog = await connect(path);
    await seed(catalog);
    await catalog.close();
    const open = async (readOnly: boolean) =>
      (await callOk<{ id: string }>(host, 'connections:open-folder', { path, readOnly })).id;
    return { connectionId: await open(false), readOnly: () => open(true), close: async () => {} };
  },
  's3://': async (_dir, host) => {
    const uri = s3Root(`rows-commit-${randomBytes(5).toString('hex')}`);
    const catalog = await connect(uri, { storageOptions: s3StorageOptions() });
    await seed(catalog);
    await catalog.close();
    const info = s3Info();
    const open = async (readOnly: boolean) =>
      (
        await callOk<{ id: string }>(host, 'connections:connect-url', {
          kind: 'object-store',
          uri,
          endpoint: info.endpoint!,
          region: 'us-east-1',
          pathStyle: true,
          credentials: {
            source: 'keys',
            accessKeyId: info.accessKeyId!,
            secretAccessKey: info.secretAccessKey!,
          },
          readOnly,
        })
      ).id;
    return { connectionId: await open(false), readOnly: () => open(true), close: async () => {} };
  },
  remote: async (_dir, host) => {
    const server: RunningServer = await startCatalogServer();
    await seed(server.catalog);
    const open = async (readOnly: boolean) =>
      (
        await callOk<{ id: string }>(host, 'connections:connect-url', {
          url: server.url,
          readOnly,
        })
      ).id;
    return {
      connectionId: await open(false),
      readOnly: () => open(true),
      close: () => server.close(),
    };
  },
};

for (const [name, start] of Object.entries(BACKENDS)) {
  const suite = name === 's3://' ? describeWithS3 : describe;
  suite(`rows:commit through the host: ${name}`, () => {
    let dir: string;
    let host: Host;
    let backend: Backend;
    const t = () => ({ connectionId: backend.connectionId, path: [], table: 't' });
    const typed = () => ({ ...t(), table: 'typed' });

    const commit = (table: object, changes: object) =>
      callOk<{
        version: number;
        versions: number[];
        updated: number;
        inserted: number;
        deleted: number;
      }>(host, 'rows:commit', { edits: [], inserts: [], deletes: [], ...table, ...changes });
    const head = async (table: object) =>
      (await callOk<{ version: number }>(host, 'tables:head', table)).version;
    const rows = async (table: object, filter?: string): Promise<Table> =>
      arrow.tableFromIPC(
        await callOk<Uint8Array>(host, 'tables:query', {
          ...table,
          request: filter ? { filter } : {},
        }),
      );
    /** Every row by id, each column as text, for comparing a whole table. */
    const snapshot = async (table: object) => {
      const read = await rows(table);
      const byId = new Map<string, Record<string, string>>();
      for (let i = 0; i < read.numRows; i++) {
        const row: Record<string, string> = {};
        for (const field of read.schema.fields) {
          row[field.name] = cellText(read.getChild(field.name)!, i);
        }
        byId.set(row.id!, row);
      }
      return byId;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cs-rows-commit-'));
      host = new Host({
        userDataDir: join(dir, 'data'),
        secrets: new FileSecretStore(join(dir, 'data', 's.json')),
      });
      backend = await start(dir, host);
    });
    afterAll(async () => {
      await host?.close();
      await backend?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('commits three cells in three rows as one version, and changes nothing else', async () => {
      const before = await snapshot(t());
      const since = await head(t());
      const result = await commit(t(), {
        edits: [
          { predicate: 'id = 3', values: { text: 'fixed three' } },
          { predicate: 'id = 7', values: { category: null } },
          { predicate: "id = 11 AND category = 'c1'", values: { vector: '[1, 2, 3, 4]' } },
        ],
      });
      expect(result).toMatchObject({ version: since + 1, versions: [since + 1], updated: 3 });
      expect(await head(t())).toBe(since + 1);
      // The app's own commit does not count as another writer's.
      const told = await callOk<{ elsewhere?: number }>(host, 'tables:head', { ...t(), since });
      expect(told.elsewhere ?? 0).toBe(0);

      const after = await snapshot(t());
      const expected = new Map(before);
      expected.set('3', { ...before.get('3')!, text: 'fixed three' });
      expected.set('7', { ...before.get('7')!, category: 'null' });
      expected.set('11', { ...before.get('11')!, vector: '[1,2,3,4]' });
      expect(after).toEqual(expected);
    });

    it('edits columns its own conditions read, every time: Lance sets them one after another', async () => {
      // Lance's update sets its columns in no fixed order, each seeing the ones set before it: a
      // condition on an edited column once lost an edit or moved it to another row about half
      // the time. Four rounds, so the order changes.
      for (let round = 0; round < 4; round++) {
        const before = await snapshot(t());
        const [a, b] = [String(12 + round * 2), String(13 + round * 2)];
        const rowA = before.get(a)!;
        const rowB = before.get(b)!;
        await commit(t(), {
          edits: [
            {
              predicate: `id = ${a} AND text = ${sqlText(rowA.text!)}`,
              values: { text: `a${round}`, category: `ca${round}` },
            },
            {
              predicate: `text = ${sqlText(rowB.text!)} AND id = ${b}`,
              values: { text: `b${round}`, category: `cb${round}` },
            },
          ],
        });
        const after = await snapshot(t());
        const expected = new Map(before);
        expected.set(a, { ...rowA, text: `a${round}`, category: `ca${round}` });
        expected.set(b, { ...rowB, text: `b${round}`, category: `cb${round}` });
        expect(after).toEqual(expected);
      }
      // Two rows only their edited columns tell apart cannot be edited in one update: refused.
      const refusal = await callFails(host, 'rows:plan', {
        ...t(),
        edits: [
          { predicate: 'id = 1', values: { id: '101', text: 'x', category: 'p' } },
          { predicate: 'id = 2', values: { id: '102', text: 'y', category: 'q' } },
        ],
        inserts: [],
        deletes: [],
      });
      expect(refusal.message).toMatch(/can be told apart only by columns they edit/);
    });

    it('writes every editable type from its text, inserted and edited, exactly', async () => {
      const insert = Object.fromEntries(Object.entries(VALUES).map(([c, [text]]) => [c, text]));
      const since = await head(typed());
      const inserted = await commit(typed(), {
        inserts: [
          { id: '1', ...insert },
          { id: '2' },
          { id: '3', ts: '2024-03-01T12:30:00Z', v: '[9, 8, 7]' },
        ],
      });
      expect(inserted).toMatchObject({ versions: [since + 1], inserted: 3, updated: 0 });
      let read = await snapshot(typed());
      for (const [column, [, stored]] of Object.entries(VALUES)) {
        expect([column, read.get('1')![column]]).toEqual([column, stored]);
        expect([column, read.get('2')![column]]).toEqual([column, 'null']);
      }
      expect(read.get('3')).toMatchObject({ ts: '1709296200000000', v: '[9,8,7]', tags: 'null' });

      const edited = Object.fromEntries(Object.entries(EDITED).map(([c, [text]]) => [c, text]));
      const cleared = Object.fromEntries(Object.keys(EDITED).map((c) => [c, null]));
      const result = await commit(typed(), {
        edits: [
          { predicate: 'id = 1', values: cleared },
          { predicate: 'id = 2', values: edited },
        ],
      });
      expect(result).toMatchObject({ versions: [since + 2], updated: 2 });
      read = await snapshot(typed());
      for (const [column, [, stored]] of Object.entries(EDITED)) {
        expect([column, read.get('1')![column]]).toEqual([column, 'null']);
        expect([column, read.get('2')![column]]).toEqual([column, stored]);
      }
      expect(read.get('3')).toMatchObject({ ts: '1709296200000000', v: '[9,8,7]' });
    });

    it('inserts, edits and deletes together as three versions, in that order', async () => {
      const since = await head(t());
      const count = await callOk<number>(host, 'tables:count', t());
      const result = await commit(t(), {
        edits: [{ predicate: 'id = 1', values: { text: 'edited' } }],
        // A copy of row 2 (its values): the deletion of row 2 must not take the copy with it.
        inserts: [
          { id: '2', text: (await rows(t(), 'id = 2')).getChild('text')!.get(0) as string },
        ],
        deletes: ['id = 2'],
      });
      expect(result).toEqual({
        version: since + 3,
        versions: [since + 1, since + 2, since + 3],
        updated: 1,
        inserted: 1,
        deleted: 1,
      });
      expect(await callOk<number>(host, 'tables:count', t())).toBe(count);
      const two = await rows(t(), 'id = 2');
      expect(two.numRows).toBe(1);
      expect(two.getChild('category')!.get(0)).toBeNull();
    });

    it('stores hostile text exactly as typed', async () => {
      const result = await commit(t(), {
        edits: HOSTILE.map((text, i) => ({ predicate: `id = ${i + 12}`, values: { text } })),
      });
      expect(result.updated).toBe(HOSTILE.length);
      const read = await rows(t(), `id >= 12 AND id < ${12 + HOSTILE.length}`);
      const byId = new Map<number, string>();
      for (let i = 0; i < read.numRows; i++) {
        byId.set(read.getChild('id')!.get(i) as number, read.getChild('text')!.get(i) as string);
      }
      expect(HOSTILE.map((_, i) => byId.get(i + 12))).toEqual(HOSTILE);
      // A hostile predicate is refused by the gate, not run.
      const refused = await callFails(host, 'rows:commit', {
        ...t(),
        edits: [{ predicate: 'id = 1; DROP TABLE t', values: { text: 'x' } }],
        inserts: [],
        deletes: [],
      });
      expect(refused.code).toBe(ERROR_CODES.InvalidInput);
    });

    it('refuses a value that does not fit, naming the row and column, and writes nothing', async () => {
      const since = await head(typed());
      const before = await snapshot(typed());
      const cases: Array<[object, RegExp, number]> = [
        [
          {
            edits: [
              { predicate: 'id = 1', values: { s: 'ok' } },
              { predicate: 'id = 2', values: { i8: '128' } },
            ],
          },
          /Edit 2, column "i8": 128 does not fit in int8/,
          ERROR_CODES.InvalidInput,
        ],
        [
          {
            edits: [{ predicate: 'id = 1', values: { s: 'ok' } }],
            inserts: [{ id: '9', v: '[1, 2]' }],
          },
          /New row 1, column "v": expected a vector of 3 numbers, got 2/,
          ERROR_CODES.InvalidInput,
        ],
        [
          { inserts: [{ id: '9' }, { id: '10', tsn: '2024-03-01T12:30:00.1234567891' }] },
          /New row 2, column "tsn"/,
          ERROR_CODES.InvalidInput,
        ],
        [
          { edits: [{ predicate: 'id = 1', values: { d: '2024-02-30' } }] },
          /Edit 1, column "d": cannot read "2024-02-30" as a date/,
          ERROR_CODES.InvalidInput,
        ],
        [
          { edits: [{ predicate: 'id = 1', values: { tags: '["a"]' } }] },
          /Edit 1, column "tags": a value of type List<Utf8> cannot be typed/,
          ERROR_CODES.InvalidInput,
        ],
        [
          { edits: [{ predicate: 'id = 1', values: { nope: '1' } }] },
          /Edit 1: the table has no column "nope"/,
          ERROR_CODES.TableColumnNotFound,
        ],
        [
          { inserts: [{ s: 'no id' }] },
          /New row 1: column "id" cannot be null/,
          ERROR_CODES.TableSchemaValidationError,
        ],
        [
          { edits: [{ predicate: 'id = 1', values: { id: null } }] },
          /Edit 1, column "id": the column cannot be null/,
          ERROR_CODES.TableSchemaValidationError,
        ],
      ];
      for (const [changes, message, code] of cases) {
        const refused = await callFails(host, 'rows:commit', {
          ...typed(),
          edits: [],
          inserts: [],
          deletes: [],
          ...changes,
        });
        expect(refused.message).toMatch(message);
        expect(refused.code).toBe(code);
      }
      expect(await head(typed())).toBe(since);
      expect(await snapshot(typed())).toEqual(before);
    });

    it('refuses a predicate that names two rows, or none, or a row twice, before writing', async () => {
      const since = await head(t());
      const cases: Array<[object, RegExp]> = [
        [
          {
            edits: [
              { predicate: 'id = 1', values: { text: 'a' } },
              { predicate: 'id = 4 OR id = 5', values: { text: 'b' } },
            ],
          },
          /Edit 2 names 2 rows, not one: id = 4 OR id = 5/,
        ],
        [{ deletes: ['id = 1', 'id = 999'] }, /Deletion 2 names no row, not one/],
        [
          {
            edits: [
              { predicate: 'id = 1', values: { text: 'a' } },
              { predicate: 'id + 0 = 1', values: { category: 'b' } },
            ],
          },
          /Edit 1 and edit 2 name the same row/,
        ],
        [
          { edits: [{ predicate: 'id = 1', values: { text: 'a' } }], deletes: ['id = 1'] },
          /Edit 1 and deletion 1 name the same row/,
        ],
      ];
      for (const [changes, message] of cases) {
        const refused = await callFails(host, 'rows:commit', {
          ...t(),
          edits: [],
          inserts: [{ id: '500' }],
          deletes: [],
          ...changes,
        });
        expect(refused.message).toMatch(message);
        expect(refused.code).toBe(ERROR_CODES.InvalidInput);
      }
      expect(await head(t())).toBe(since);
      expect((await rows(t(), 'id = 500')).numRows).toBe(0);
    });

    it('commits the most pending edits of one column there can be as one version', async () => {
      await callOk(host, 'rows:commit', {
        ...t(),
        edits: [],
        inserts: Array.from({ length: MAX_PENDING_ROWS }, (_, i) => ({ id: String(1000 + i) })),
        deletes: [],
      });
      const since = await head(t());
      const started = performance.now();
      const result = await commit(t(), {
        edits: Array.from({ length: MAX_PENDING_ROWS }, (_, i) => ({
          predicate: `id = ${1000 + i}`,
          values: { category: `bulk ${i}` },
        })),
      });
      // How long the largest commit takes on this back end, printed with the results.
      // eslint-disable-next-line no-console
      console.info(
        `rows:commit on ${name}: ${MAX_PENDING_ROWS} edits in ${Math.round(performance.now() - started)} ms`,
      );
      expect(result).toMatchObject({ versions: [since + 1], updated: MAX_PENDING_ROWS });
      const read = await rows(t(), 'id >= 1000');
      const categories = new Set<string>();
      for (let i = 0; i < read.numRows; i++) {
        const id = read.getChild('id')!.get(i) as number;
        expect(read.getChild('category')!.get(i)).toBe(`bulk ${id - 1000}`);
        categories.add(read.getChild('category')!.get(i) as string);
      }
      expect(categories.size).toBe(MAX_PENDING_ROWS);
    });

    it('commits on a branch without touching main, and is refused at a checked-out version', async () => {
      await callOk(host, 'branches:create', { ...t(), name: 'grid' });
      const onBranch = { ...t(), at: { branch: 'grid' } };
      const main = await head(t());
      const text = async (table: object) =>
        (await rows(table, 'id = 5')).getChild('text')!.get(0) as string;
      const before = await text(t());
      const result = await commit(onBranch, {
        edits: [{ predicate: 'id = 5', values: { text: 'on the branch' } }],
      });
      expect(result.updated).toBe(1);
      expect(await text(onBranch)).toBe('on the branch');
      expect(await text(t())).toBe(before);
      expect(await head(t())).toBe(main);

      const pinned = await callFails(host, 'rows:commit', {
        ...t(),
        at: { version: 1 },
        edits: [{ predicate: 'id = 5', values: { text: 'at a version' } }],
        inserts: [],
        deletes: [],
      });
      expect(pinned.code).toBe(ERROR_CODES.InvalidTableState);
      expect(await head(t())).toBe(main);
      expect(await text(t())).toBe(before);
    });

    it('plans the statement the commit runs: the same SET and rows, the same values', async () => {
      // A branch made now has main's rows at the same addresses, so the planned statement, run
      // there by hand, must leave it exactly as the commit leaves main.
      await callOk(host, 'branches:create', { ...t(), name: 'planned' });
      const branch = { ...t(), at: { branch: 'planned' } };
      const changes = {
        edits: [
          { predicate: 'id = 2', values: { text: "two's plan", category: null } },
          { predicate: "id = 6 AND category = 'c1'", values: { text: 'six' } },
        ],
        inserts: [{ id: '600', text: 'added' }],
        deletes: ['id = 8'],
      };
      const since = await head(t());
      const plan = await callOk<RowsPlan>(host, 'rows:plan', { ...t(), ...changes });
      expect(await head(t())).toBe(since);

      const ids = await rows({ ...t() }, 'id IN (2, 6, 8)');
      expect(ids.numRows).toBe(3);
      const rowIds = await arrow.tableFromIPC(
        await callOk<Uint8Array>(host, 'tables:query', {
          ...t(),
          request: { filter: 'id IN (2, 6, 8)', columns: ['id'], withRowId: true },
        }),
      );
      const idOf = new Map<number, string>();
      for (let i = 0; i < rowIds.numRows; i++) {
        idOf.set(Number(rowIds.getChild('id')!.get(i)), String(rowIds.getChild('_rowid')!.get(i)));
      }
      expect(plan.rows).toEqual([
        { what: 'Edit 1', predicate: 'id = 2', rowId: idOf.get(2) },
        { what: 'Edit 2', predicate: "id = 6 AND category = 'c1'", rowId: idOf.get(6) },
        { what: 'Deletion 1', predicate: 'id = 8', rowId: idOf.get(8) },
      ]);
      const [update, insert, remove] = plan.statements;
      expect(plan.statements.map((s) => [s.kind, s.rows])).toEqual([
        ['update', 2],
        ['insert', 1],
        ['delete', 1],
      ]);
      expect(update!.text).toMatch(/^UPDATE t SET\n {2}text = array_element\(make_array\(text, /);
      // Each row's condition reads a column no edit changes (here the key), not the predicate.
      expect(update!.text).toContain('make_array((id = 2) IS TRUE, (id = 6) IS TRUE)');
      expect(update!.text.split('\n').at(-1)).toBe(
        `WHERE _rowid IN (${idOf.get(2)}, ${idOf.get(6)})`,
      );
      expect(insert!.text).toBe("INSERT INTO t (id, text) VALUES\n  (600, 'added')");
      expect(remove!.text).toBe(`DELETE FROM t WHERE _rowid IN (${idOf.get(8)})`);

      // The update's text, run as it reads on the branch, and the commit on main.
      const lines = update!.text.split('\n');
      const updates = Object.fromEntries(
        lines.slice(1, -1).map((line) => {
          const [, column, expression] = /^ {2}(\w+) = (.*?),?$/.exec(line)!;
          return [column!, expression!];
        }),
      );
      await callOk(host, 'rows:update', {
        ...branch,
        updates,
        filter: lines.at(-1)!.slice('WHERE '.length),
      });
      const result = await commit(t(), { edits: changes.edits });
      expect(result.updated).toBe(2);
      const main = await snapshot(t());
      expect(main.get('2')).toMatchObject({ text: "two's plan", category: 'null' });
      expect(main.get('6')).toMatchObject({ text: 'six' });
      expect(await snapshot(branch)).toEqual(main);
    });

    it('refuses in the plan what the commit refuses, in the same words, writing nothing', async () => {
      const since = await head(t());
      const before = await snapshot(t());
      const cases = [
        { edits: [{ predicate: 'id = 4 OR id = 5', values: { text: 'b' } }] },
        { deletes: ['id = 999'] },
        { edits: [{ predicate: 'id = 1', values: { id: 'one' } }] },
        {
          edits: Array.from({ length: 300 }, (_, i) => ({
            predicate: `id = ${i}`,
            values: { text: 'a forty character long value, or nearly' },
          })),
        },
        { edits: [{ predicate: 'id = 1; DROP TABLE t', values: { text: 'x' } }] },
      ];
      for (const changes of cases) {
        const input = { ...t(), edits: [], inserts: [{ id: '700' }], deletes: [], ...changes };
        const planned = await callFails(host, 'rows:plan', input);
        const committed = await callFails(host, 'rows:commit', input);
        expect(planned.message).toBe(committed.message);
        expect(planned.code).toBe(committed.code);
      }
      const pinned = await callFails(host, 'rows:plan', {
        ...t(),
        at: { version: 1 },
        edits: [{ predicate: 'id = 5', values: { text: 'at a version' } }],
        inserts: [],
        deletes: [],
      });
      expect(pinned.code).toBe(ERROR_CODES.InvalidTableState);
      expect(await head(t())).toBe(since);
      expect(await snapshot(t())).toEqual(before);
    });

    it('is refused on a read-only connection', async () => {
      const reader = await backend.readOnly();
      const since = await head(t());
      const refused = await callFails(host, 'rows:commit', {
        connectionId: reader,
        path: [],
        table: 't',
        edits: [{ predicate: 'id = 1', values: { text: 'no' } }],
        inserts: [],
        deletes: [],
      });
      expect(refused.code).toBe(ERROR_CODES.PermissionDenied);
      expect(await head(t())).toBe(since);
    });
  });
}
