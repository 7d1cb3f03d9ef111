/**
 * Schema evolution through the host on a real folder catalog and on a remote one (our server over
 * REST): add computed and all-null columns, rename, make nullable, cast, drop with the index that
 * goes along; refusals that name the column and leave the version as it was; every cast the
 * Schema tab offers, made for real; and read-only connections refused before anything is written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import type { EventName } from '../../../src-shared/studio-procedures';
import { CAST_TARGETS, NULL_COLUMN_TYPES } from '../../../src-renderer/tables/columns/column-types';
import { startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { callFails, callOk } from '../../support/host-calls';
import { sampleTable } from '../../support/sample-data';

interface Backend {
  /** A writable connection, the engine behind the catalog, and a read-only connection to it. */
  open(host: Host, dir: string): Promise<{ id: string; engine: CatalogClient; readOnlyId: string }>;
  close(): Promise<void>;
}

const engineOf = (host: Host, id: string) =>
  (
    host as unknown as { connections: { get(id: string): { catalog: CatalogClient } } }
  ).connections.get(id).catalog;

const folder: Backend = {
  async open(host, dir) {
    // A folder is locked by the catalog that has it open: the read-only connection goes to a
    // second catalog folder, which the writable connection fills first and then lets go of.
    const ro = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'ro'),
      create: true,
    });
    await seed(engineOf(host, ro.id));
    await callOk(host, 'connections:close', { connectionId: ro.id });
    const readOnly = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'ro'),
      readOnly: true,
    });
    const rw = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'rw'),
      create: true,
    });
    return { id: rw.id, engine: engineOf(host, rw.id), readOnlyId: readOnly.id };
  },
  close: async () => undefined,
};

let server: RunningServer | undefined;
const remote: Backend = {
  async open(host) {
    server = await startCatalogServer();
    await seed(server.catalog);
    const rw = await callOk<{ id: string }>(host, 'connections:connect-url', { url: server.url });
    const readOnly = await callOk<{ id: string }>(host, 'connections:connect-url', {
      url: server.url,
      readOnly: true,
    });
    return { id: rw.id, engine: engineOf(host, rw.id), readOnlyId: readOnly.id };
  },
  async close() {
    await server?.close();
  },
};

/** The table the read-only connections see. */
async function seed(engine: CatalogClient) {
  await engine.createNamespace(['ns']);
  await engine.createTable('t', sampleTable(50, 4), ['ns']);
}

/** One column per type the Schema tab offers a cast from, with values that fit every target. */
function castSources() {
  const rows = 5;
  const types: Record<string, InstanceType<typeof arrow.DataType>> = {
    int8: new arrow.Int8(),
    int16: new arrow.Int16(),
    int32: new arrow.Int32(),
    uint8: new arrow.Uint8(),
    uint16: new arrow.Uint16(),
    uint32: new arrow.Uint32(),
    float16: new arrow.Float16(),
    float32: new arrow.Float32(),
    float64: new arrow.Float64(),
    utf8: new arrow.Utf8(),
    large_utf8: new arrow.LargeUtf8(),
    binary: new arrow.Binary(),
    large_binary: new arrow.LargeBinary(),
    date32: new arrow.DateDay(),
  };
  const value = (name: string, i: number): unknown => {
    if (name.includes('utf8')) return `v${i}`;
    if (name.includes('binary')) return new Uint8Array([i, i + 1]);
    if (name === 'date32') return new Date(Date.UTC(2024, 0, i + 1));
    return i + 1;
  };
  const schema = new arrow.Schema(
    Object.entries(types).map(([name, type]) => new arrow.Field(name, type, true)),
  );
  const data = Object.fromEntries(
    Object.entries(types).map(([name, type]) => [
      name,
      arrow.vectorFromArray(
        Array.from({ length: rows }, (_, i) => value(name, i)),
        type,
      ),
    ]),
  );
  return new arrow.Table(schema, data as never);
}

describe.each([
  ['a folder catalog', folder],
  ['a remote catalog', remote],
])('schema changes through the host on %s', (_label, backend) => {
  let dir: string;
  let host: Host;
  let id: string;
  let readOnlyId: string;
  let engine: CatalogClient;
  const events: Array<[EventName, any]> = [];

  const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);
  const fails = (name: string, input: unknown) => callFails(host, name, input);
  const at = (table: string) => ({ connectionId: id, path: [], table });
  const describeTable = (table: string) =>
    ok<{
      version: number;
      schema: { fields: Array<{ name: string; nullable: boolean; type: any }> };
    }>('tables:describe', at(table));
  const fieldOf = async (table: string, name: string) =>
    (await describeTable(table)).schema.fields.find((f) => f.name === name);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-host-schema-'));
    host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
    });
    ({ id, engine, readOnlyId } = await backend.open(host, dir));
    host.on((event, payload) => events.push([event, payload]));
  });
  afterAll(async () => {
    await host?.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds, renames, loosens, casts and drops columns, one version each', async () => {
    const table = await engine.createTable('items', sampleTable(40, 4));
    await engine.waitForJob((await table.createIndex({ column: 'text', index_type: 'BTREE' })).id);
    const start = (await describeTable('items')).version;

    const added = await ok('columns:add', {
      ...at('items'),
      columns: [{ name: 'doubled', expression: 'id * 2' }],
    });
    expect(added.version).toBe(start + 1);
    const rows = await table.query({ columns: ['id', 'doubled'], limit: 3 });
    expect(rows.getChild('doubled')!.toArray()).toEqual(
      rows
        .getChild('id')!
        .toArray()
        .map((v: number) => v * 2),
    );
    // The renderer's cache refreshes on this event, for every window showing the table.
    expect(events).toContainEqual([
      'catalog:changed',
      { connectionId: id, path: [], table: 'items' },
    ]);

    await ok('columns:alter', {
      ...at('items'),
      alterations: [{ path: 'doubled', rename: 'twice' }],
    });
    expect(await fieldOf('items', 'doubled')).toBeUndefined();
    expect(await fieldOf('items', 'twice')).toBeDefined();

    expect((await fieldOf('items', 'id'))!.nullable).toBe(false);
    await ok('columns:alter', { ...at('items'), alterations: [{ path: 'id', nullable: true }] });
    expect((await fieldOf('items', 'id'))!.nullable).toBe(true);

    await ok('columns:alter', {
      ...at('items'),
      alterations: [{ path: 'meta.score', dataType: { type: 'float32' } }],
    });
    const meta = await fieldOf('items', 'meta');
    expect(meta!.type.fields.find((f: { name: string }) => f.name === 'score').type.type).toBe(
      'float32',
    );

    const dropped = await ok('columns:drop', { ...at('items'), columns: ['text'] });
    expect(dropped).toEqual({ version: start + 5, droppedIndexes: ['text_idx'] });
    expect(await fieldOf('items', 'text')).toBeUndefined();
    expect(await ok('indexes:list', at('items'))).toEqual([]);
  });

  it('adds an all-null column of every type the dialog offers', async () => {
    await engine.createTable('nulls', sampleTable(10, 4));
    for (const type of NULL_COLUMN_TYPES) {
      await ok('columns:add', {
        ...at('nulls'),
        columns: [{ name: `n_${type}`, dataType: { type } }],
      });
      expect(await fieldOf('nulls', `n_${type}`)).toMatchObject({ nullable: true, type: { type } });
    }
    expect(await ok('tables:count', { ...at('nulls'), filter: 'n_int64 IS NULL' })).toBe(10);
  });

  it('makes every cast the Schema tab offers', async () => {
    await engine.createTable('casts', castSources());
    const refused: string[] = [];
    for (const [source, targets] of Object.entries(CAST_TARGETS)) {
      for (const target of targets) {
        const before = (await describeTable('casts')).version;
        const result = await host.call('columns:alter', {
          ...at('casts'),
          alterations: [{ path: source, dataType: { type: target } }],
        });
        if (!result.ok) {
          refused.push(`${source} → ${target}: ${result.error.message}`);
          continue;
        }
        expect((await fieldOf('casts', source))!.type.type).toBe(target);
        // Back to the source type, so the next target casts from it again.
        await ok('tables:restore', { ...at('casts'), version: before });
      }
    }
    expect(refused).toEqual([]);
  });

  it('refuses bad changes naming the column, and leaves the version as it was', async () => {
    // Every id but 0 times 10^10 is past int32: a cast to int32 would lose those values.
    await engine.createTable('guarded', sampleTable(20, 4));
    await ok('columns:add', {
      ...at('guarded'),
      columns: [{ name: 'big', expression: 'CAST(id AS BIGINT) * 10000000000' }],
    });
    const version = (await describeTable('guarded')).version;
    const refusals: Array<[string, unknown, number, RegExp]> = [
      [
        'columns:add',
        { columns: [{ name: 'broken', expression: 'id +* 2' }] },
        ERROR_CODES.InvalidInput,
        /broken/,
      ],
      [
        'columns:add',
        { columns: [{ name: 'category', expression: 'id' }] },
        ERROR_CODES.TableSchemaValidationError,
        /category/,
      ],
      [
        'columns:alter',
        { alterations: [{ path: 'big', dataType: { type: 'int32' } }] },
        ERROR_CODES.TableSchemaValidationError,
        /big/,
      ],
      [
        'columns:alter',
        { alterations: [{ path: 'text', nullable: false }] },
        ERROR_CODES.TableSchemaValidationError,
        /text/,
      ],
      [
        'columns:alter',
        { alterations: [{ path: 'nope', rename: 'x' }] },
        ERROR_CODES.TableColumnNotFound,
        /nope/,
      ],
      [
        'columns:drop',
        { columns: ['id', 'text', 'category', 'tags', 'meta', 'image', 'vector', 'big'] },
        ERROR_CODES.TableSchemaValidationError,
        /at least one column/,
      ],
    ];
    for (const [name, input, code, message] of refusals) {
      const error = await fails(name, { ...at('guarded'), ...(input as object) });
      expect({ name, code: error.code }).toEqual({ name, code });
      expect(error.message).toMatch(message);
      expect((await describeTable('guarded')).version).toBe(version);
    }
  });

  it('refuses every schema change on a read-only connection', async () => {
    const t = { connectionId: readOnlyId, path: ['ns'], table: 't' };
    const { version } = await ok('tables:describe', t);
    const attempts: Array<[string, object]> = [
      ['columns:add', { columns: [{ name: 'x', expression: 'id' }] }],
      ['columns:alter', { alterations: [{ path: 'text', rename: 'words' }] }],
      ['columns:drop', { columns: ['text'] }],
    ];
    for (const [name, input] of attempts) {
      const error = await fails(name, { ...t, ...input });
      expect(error.code).toBe(ERROR_CODES.PermissionDenied);
      expect(error.message).toMatch(/read-only/);
    }
    const after = await ok('tables:describe', t);
    expect(after.version).toBe(version);
    expect(after.schema.fields.map((f: { name: string }) => f.name)).toContain('text');
  });
});
