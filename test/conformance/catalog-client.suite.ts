/**
 * The CatalogClient conformance suite: written once, run against every back end. Each test gets
 * a fresh, empty catalog from the factory and talks to it only through the CatalogClient API.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import type { CatalogClient, TableHandle } from '../../src-main/catalog/client';
import type { JobEvent, QueryRequest } from '../../src-shared/catalog-api';
import { ERROR_CODES as E } from '../../src-shared/vocabulary/errors';
import { expectCode } from '../support/expect-code';
import { sampleTable } from '../support/sample-data';

export interface CatalogUnderTest {
  client: CatalogClient;
  cleanup(): Promise<void>;
}

const DIM = 16;

/** What a back end can do that others cannot; the suite checks each side of it. */
export interface CatalogTraits {
  /**
   * Whether a root-level table can change its name (its folder `<name>.lance` moves). Object
   * stores cannot move folders, so there the rename is refused as Unsupported, table unchanged.
   */
  movesRootFolders?: boolean;
}

export function catalogClientConformance(
  label: string,
  open: () => Promise<CatalogUnderTest>,
  traits: CatalogTraits = {},
): void {
  const movesRootFolders = traits.movesRootFolders ?? true;
  describe(`CatalogClient conformance: ${label}`, () => {
    let under: CatalogUnderTest;
    let client: CatalogClient;

    beforeEach(async () => {
      under = await open();
      client = under.client;
    });
    afterEach(async () => {
      await under.cleanup();
    });

    async function tableWithRows(rows = 200, path = ['ns'], name = 't'): Promise<TableHandle> {
      if (path.length > 0) await client.createNamespace(path, { mode: 'exist_ok' });
      return client.createTable(name, sampleTable(rows, DIM), path);
    }

    describe('namespaces', () => {
      it('creates nested namespaces and lists them level by level', async () => {
        await client.createNamespace(['sales'], { properties: { owner: 'ana' } });
        await client.createNamespace(['sales', 'eu']);
        await client.createNamespace(['sales', 'us']);
        expect((await client.listNamespaces([])).namespaces).toEqual(['sales']);
        expect((await client.listNamespaces(['sales'])).namespaces).toEqual(['eu', 'us']);
        expect((await client.describeNamespace(['sales'])).properties).toEqual({ owner: 'ana' });
        expect(await client.namespaceExists(['sales', 'eu'])).toBe(true);
        expect(await client.namespaceExists(['sales', 'asia'])).toBe(false);
        expect(await client.namespaceExists([])).toBe(true);
      });

      it('honours the create modes', async () => {
        await client.createNamespace(['a'], { properties: { v: '1' } });
        await expectCode(client.createNamespace(['a']), E.NamespaceAlreadyExists);
        const kept = await client.createNamespace(['a'], {
          mode: 'exist_ok',
          properties: { v: '2' },
        });
        expect(kept.properties).toEqual({ v: '1' });
        await client.createTable('t', sampleTable(5, DIM), ['a']);
        await client.createNamespace(['a'], { mode: 'overwrite', properties: { v: '3' } });
        expect((await client.describeNamespace(['a'])).properties).toEqual({ v: '3' });
        expect((await client.listTables(['a'])).tables).toEqual([]);
      });

      it('refuses a namespace under a parent that does not exist', async () => {
        await expectCode(client.createNamespace(['nope', 'child']), E.NamespaceNotFound);
        await expectCode(client.listNamespaces(['nope']), E.NamespaceNotFound);
        await expectCode(client.describeNamespace(['nope']), E.NamespaceNotFound);
      });

      it('pages through namespaces with page tokens', async () => {
        for (const name of ['n5', 'n1', 'n3', 'n2', 'n4']) await client.createNamespace([name]);
        const first = await client.listNamespaces([], { limit: 2 });
        expect(first.namespaces).toEqual(['n1', 'n2']);
        expect(first.pageToken).toBeTruthy();
        const seen = [...first.namespaces];
        let token = first.pageToken;
        while (token) {
          const page = await client.listNamespaces([], { limit: 2, pageToken: token });
          expect(page.namespaces.length).toBeLessThanOrEqual(2);
          seen.push(...page.namespaces);
          token = page.pageToken;
        }
        expect(seen).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
      });

      it('drops with restrict, cascade, fail and skip', async () => {
        await client.createNamespace(['p']);
        await client.createNamespace(['p', 'c']);
        await client.createTable('t', sampleTable(5, DIM), ['p', 'c']);
        await expectCode(client.dropNamespace(['p']), E.NamespaceNotEmpty);
        expect(await client.tableExists('t', ['p', 'c'])).toBe(true);
        await client.dropNamespace(['p'], { behavior: 'cascade' });
        expect(await client.namespaceExists(['p'])).toBe(false);
        expect(await client.namespaceExists(['p', 'c'])).toBe(false);
        await expectCode(client.dropNamespace(['p']), E.NamespaceNotFound);
        await client.dropNamespace(['p'], { mode: 'skip' });
        await expectCode(client.dropNamespace([]), E.InvalidInput);
      });

      it('rejects malformed names with InvalidInput', async () => {
        for (const bad of ['', '.', '..', 'a/b', 'a b', 'a$b', 'é', 'x\u0000y']) {
          await expectCode(client.createNamespace([bad]), E.InvalidInput);
        }
        await expectCode(client.listNamespaces(['ok', '']), E.InvalidInput);
        expect((await client.listNamespaces([])).namespaces).toEqual([]);
      });
    });

    describe('tables', () => {
      it('creates from an Arrow table, record batches and IPC stream bytes', async () => {
        await client.createNamespace(['ns']);
        const data = sampleTable(50, DIM);
        await client.createTable('from_table', data, ['ns']);
        await client.createTable('from_batches', data.batches, ['ns']);
        await client.createTable('from_ipc', arrow.tableToIPC(data, 'stream'), ['ns']);
        for (const name of ['from_table', 'from_batches', 'from_ipc']) {
          const table = await client.openTable(name, ['ns']);
          expect(await table.countRows()).toBe(50);
        }
        expect((await client.listTables(['ns'])).tables).toEqual([
          'from_batches',
          'from_ipc',
          'from_table',
        ]);
      });

      it('creates an empty table from a schema with a vector column', async () => {
        const schema = new arrow.Schema([
          new arrow.Field('id', new arrow.Int32(), false),
          new arrow.Field('name', new arrow.Utf8(), true),
          new arrow.Field(
            'embedding',
            new arrow.FixedSizeList(8, new arrow.Field('item', new arrow.Float32(), true)),
            true,
          ),
        ]);
        const table = await client.createEmptyTable('empty', schema);
        expect(await table.countRows()).toBe(0);
        const described = await table.describe();
        expect(described.schema.fields.map((f) => f.name)).toEqual(['id', 'name', 'embedding']);
        expect(String(described.schema.fields[2]!.type)).toContain('FixedSizeList[8]');
        expect(described.rowCount).toBe(0);
      });

      it('honours the table create modes', async () => {
        await tableWithRows(20);
        await expectCode(
          client.createTable('t', sampleTable(3, DIM), ['ns']),
          E.TableAlreadyExists,
        );
        const kept = await client.createTable('t', sampleTable(3, DIM), ['ns'], {
          mode: 'exist_ok',
        });
        expect(await kept.countRows()).toBe(20);
        const replaced = await client.createTable('t', sampleTable(3, DIM), ['ns'], {
          mode: 'overwrite',
        });
        expect(await replaced.countRows()).toBe(3);
      });

      it('refuses tables in a namespace that does not exist', async () => {
        await expectCode(
          client.createTable('t', sampleTable(3, DIM), ['ghost']),
          E.NamespaceNotFound,
        );
        await expectCode(client.listTables(['ghost']), E.NamespaceNotFound);
        await expectCode(client.openTable('t', ['ghost']), E.NamespaceNotFound);
      });

      it('rejects bad table names and bad data', async () => {
        await expectCode(client.createTable('a b', sampleTable(3, DIM)), E.InvalidInput);
        await expectCode(client.createTable('..', sampleTable(3, DIM)), E.InvalidInput);
        await expectCode(client.createTable('t', new Uint8Array([1, 2, 3, 4])), E.InvalidInput);
        const bytes = arrow.tableToIPC(sampleTable(20, DIM), 'stream');
        await expectCode(client.createTable('t', bytes.slice(0, bytes.length / 2)), E.InvalidInput);
        expect((await client.listTables([])).tables).toEqual([]);
      });

      it('pages through tables', async () => {
        await client.createNamespace(['ns']);
        for (const name of ['e', 'a', 'c', 'b', 'd'])
          await client.createTable(name, sampleTable(2, DIM), ['ns']);
        const page = await client.listTables(['ns'], { limit: 3 });
        expect(page.tables).toEqual(['a', 'b', 'c']);
        const rest = await client.listTables(['ns'], { limit: 3, pageToken: page.pageToken });
        expect(rest.tables).toEqual(['d', 'e']);
        expect(rest.pageToken ?? undefined).toBeUndefined();
      });

      it('opens, checks existence of and drops tables', async () => {
        await tableWithRows(10);
        expect(await client.tableExists('t', ['ns'])).toBe(true);
        expect(await client.tableExists('missing', ['ns'])).toBe(false);
        await expectCode(client.openTable('missing', ['ns']), E.TableNotFound);
        await client.dropTable('t', ['ns']);
        expect(await client.tableExists('t', ['ns'])).toBe(false);
        await expectCode(client.dropTable('t', ['ns']), E.TableNotFound);
      });

      it('describes schema, version, row count, location and stats', async () => {
        const table = await tableWithRows(120);
        const d = await table.describe();
        expect(d.name).toBe('t');
        expect(d.namespacePath).toEqual(['ns']);
        expect(d.version).toBeGreaterThanOrEqual(1);
        expect(d.rowCount).toBe(120);
        expect(d.location.length).toBeGreaterThan(0);
        expect(d.schema.fields.map((f) => f.name)).toEqual([
          'id',
          'text',
          'category',
          'tags',
          'meta',
          'image',
          'vector',
        ]);
        expect(d.stats.numRows).toBe(120);
        expect(d.stats.numFragments).toBeGreaterThanOrEqual(1);
        expect(d.stats.totalBytes).toBeGreaterThan(0);
      });

      it('describes time types with their unit and zone (the JSON schema names neither)', async () => {
        const A = arrow;
        const data = new A.Table({
          id: A.vectorFromArray([1n, 2n], new A.Int64()),
          at_ns: A.vectorFromArray(
            [1_700_000_000_000, 1_700_000_001_000],
            new A.Timestamp(A.TimeUnit.NANOSECOND, 'Europe/Paris'),
          ),
          at_s: A.vectorFromArray(
            [1_700_000_000_000, 1_700_000_001_000],
            new A.Timestamp(A.TimeUnit.SECOND, null),
          ),
        });
        await client.createNamespace(['ns'], { mode: 'exist_ok' });
        const table = await client.createTable('times', data, ['ns']);
        for (const schema of [await table.schema(), (await table.describe()).schema]) {
          const types = Object.fromEntries(schema.fields.map((f) => [f.name, String(f.type)]));
          expect(types).toEqual({
            id: 'Int64',
            at_ns: 'Timestamp<NANOSECOND, Europe/Paris>',
            at_s: 'Timestamp<SECOND>',
          });
        }
      });

      it('renames within a namespace and moves between namespaces, keeping data', async () => {
        const table = await tableWithRows(30);
        const job = await table.createIndex({ column: 'id', index_type: 'BTREE' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        await client.renameTable('t', 't2', ['ns']);
        expect((await client.listTables(['ns'])).tables).toEqual(['t2']);
        await client.createNamespace(['other']);
        await client.renameTable('t2', 'moved', ['ns'], { newNamespacePath: ['other'] });
        expect((await client.listTables(['ns'])).tables).toEqual([]);
        const moved = await client.openTable('moved', ['other']);
        expect(await moved.countRows()).toBe(30);
        expect((await moved.listIndices()).map((i) => i.name)).toEqual(['id_idx']);
      });

      it('refuses renames that would clash or lose the table', async () => {
        await tableWithRows(5, ['ns'], 'a');
        await tableWithRows(5, ['ns'], 'b');
        await expectCode(client.renameTable('a', 'b', ['ns']), E.TableAlreadyExists);
        await expectCode(client.renameTable('zz', 'c', ['ns']), E.TableNotFound);
        await expectCode(
          client.renameTable('a', 'c', ['ns'], { newNamespacePath: ['ghost'] }),
          E.NamespaceNotFound,
        );
        await expectCode(client.renameTable('a', 'bad name', ['ns']), E.InvalidInput);
        expect((await client.listTables(['ns'])).tables).toEqual(['a', 'b']);
      });

      it.runIf(movesRootFolders)('renames a table in the root namespace', async () => {
        await client.createTable('root_t', sampleTable(7, DIM));
        await client.renameTable('root_t', 'root_u');
        expect((await client.listTables([])).tables).toEqual(['root_u']);
        expect(await (await client.openTable('root_u')).countRows()).toBe(7);
      });

      it.runIf(!movesRootFolders)(
        'refuses to rename a root table where folders cannot move, leaving it as it was',
        async () => {
          await client.createTable('root_t', sampleTable(7, DIM));
          await expectCode(client.renameTable('root_t', 'root_u'), E.Unsupported);
          expect((await client.listTables([])).tables).toEqual(['root_t']);
          expect(await (await client.openTable('root_t')).countRows()).toBe(7);
        },
      );
    });

    describe('schema evolution', () => {
      const fieldOf = async (table: TableHandle, name: string) =>
        (await table.schema()).fields.find((f) => f.name === name);

      it('adds a column from an SQL expression and an all-null column of a type', async () => {
        const table = await tableWithRows(10);
        const computed = await table.addColumns({
          columns: [{ name: 'double_id', expression: 'id * 2' }],
        });
        const nulls = await table.addColumns({
          columns: [{ name: 'note', dataType: { type: 'utf8' } }],
        });
        expect(nulls.version).toBeGreaterThan(computed.version);
        const rows = await table.query({ columns: ['id', 'double_id', 'note'], filter: 'id = 4' });
        expect(rows.getChild('double_id')?.get(0)).toBe(8);
        expect(rows.getChild('note')?.get(0)).toBeNull();
        expect(String((await fieldOf(table, 'note'))?.type)).toBe('Utf8');
      });

      it('renames, casts and relaxes columns, in one commit', async () => {
        const table = await tableWithRows(10);
        await table.alterColumns({
          alterations: [
            { path: 'id', dataType: { type: 'int64' } },
            { path: 'category', rename: 'group' },
          ],
        });
        expect(String((await fieldOf(table, 'id'))?.type)).toBe('Int64');
        expect(await fieldOf(table, 'category')).toBeUndefined();
        expect(await table.countRows({ filter: '"group" = \'c1\'' })).toBe(2);
      });

      it('drops columns, naming the indexes that went with them', async () => {
        const table = await tableWithRows(10);
        const job = await table.createIndex({ column: 'category', index_type: 'BITMAP' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        const dropped = await table.dropColumns({ columns: ['category', 'text'] });
        expect(dropped.droppedIndexes).toEqual(['category_idx']);
        expect((await table.schema()).fields.map((f) => f.name)).not.toContain('category');
        expect(await table.listIndices()).toEqual([]);
        expect(await table.countRows()).toBe(10);
      });

      it('refuses bad changes with the right code, naming the column, and leaves the table as it was', async () => {
        const table = await tableWithRows(10);
        const version = (await table.describe()).version;
        const missing = await expectCode(
          table.alterColumns({ alterations: [{ path: 'ghost', rename: 'g' }] }),
          E.TableColumnNotFound,
        );
        expect(missing.message).toMatch(/ghost/);
        await expectCode(table.dropColumns({ columns: ['ghost'] }), E.TableColumnNotFound);
        const cast = await expectCode(
          table.alterColumns({ alterations: [{ path: 'category', dataType: { type: 'int32' } }] }),
          E.TableSchemaValidationError,
        );
        expect(cast.message).toMatch(/category/);
        await expectCode(
          table.addColumns({ columns: [{ name: 'x', expression: 'id +* 2' }] }),
          E.InvalidInput,
        );
        await expectCode(
          table.addColumns({ columns: [{ name: 'id', expression: '1' }] }),
          E.TableSchemaValidationError,
        );
        await expectCode(
          table.alterColumns({ alterations: [{ path: 'text', nullable: false }] }),
          E.TableSchemaValidationError,
        );
        const all = (await table.schema()).fields.map((f) => f.name);
        await expectCode(table.dropColumns({ columns: all }), E.TableSchemaValidationError);
        expect((await table.describe()).version).toBe(version);
        expect(await table.countRows()).toBe(10);
      });
    });

    describe('schema metadata', () => {
      const metadataOf = async (table: TableHandle, branch?: string) =>
        Object.fromEntries((await table.schema(branch ? { branch } : {})).metadata);

      it('replaces the whole map as one new version, keeping rows and indexes', async () => {
        const table = await tableWithRows(20);
        const job = await table.createIndex({ column: 'id', index_type: 'BTREE' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        const before = (await table.describe()).version;
        const first = { owner: 'ana', 'source.url': 'https://example.com/é' };
        expect(await table.updateSchemaMetadata(first)).toEqual(first);
        expect(await metadataOf(table)).toEqual(first);
        expect((await table.describe()).version).toBe(before + 1);
        // A replacement, not a merge: keys left out are gone.
        await table.updateSchemaMetadata({ stage: 'gold' });
        expect(await metadataOf(table)).toEqual({ stage: 'gold' });
        const reopened = await client.openTable('t', ['ns']);
        expect(await metadataOf(reopened)).toEqual({ stage: 'gold' });
        expect(await reopened.countRows()).toBe(20);
        expect((await reopened.listIndices()).map((i) => i.name)).toEqual(['id_idx']);
        expect(await reopened.countRows({ filter: 'id = 7' })).toBe(1);
        // The versions before keep their own metadata, and later commits carry the new one.
        expect(await metadataOf(await table.checkoutVersion(before + 1))).toEqual(first);
        await table.insert(sampleTable(5, DIM, { idOffset: 100 }));
        expect(await metadataOf(table)).toEqual({ stage: 'gold' });
        expect(await table.countRows()).toBe(25);
        await table.updateSchemaMetadata({});
        expect(await metadataOf(table)).toEqual({});
      });

      it('changes a branch without touching main', async () => {
        const table = await tableWithRows(10);
        await table.updateSchemaMetadata({ where: 'main' });
        await table.createBranch('dev');
        await table.updateSchemaMetadata({ where: 'dev' }, { branch: 'dev' });
        expect(await metadataOf(table, 'dev')).toEqual({ where: 'dev' });
        expect(await metadataOf(table)).toEqual({ where: 'main' });
        await table.insert(sampleTable(2, DIM, { idOffset: 50 }), { branch: 'dev' });
        expect(await table.countRows({ branch: 'dev' })).toBe(12);
        await expectCode(
          table.updateSchemaMetadata({ a: 'b' }, { branch: 'ghost' }),
          E.TableBranchNotFound,
        );
      });

      it('refuses a value that is not a string and a pinned handle, leaving the table as it was', async () => {
        const table = await tableWithRows(10);
        await table.updateSchemaMetadata({ keep: 'me' });
        const version = (await table.describe()).version;
        await expectCode(
          table.updateSchemaMetadata({ n: 1 } as unknown as Record<string, string>),
          E.InvalidInput,
        );
        const old = await table.checkoutVersion(version);
        await expectCode(old.updateSchemaMetadata({ a: 'b' }), E.InvalidTableState);
        expect((await table.describe()).version).toBe(version);
        expect(await metadataOf(table)).toEqual({ keep: 'me' });
      });
    });

    describe('version manifests', () => {
      it('describes a version with its manifest file, and refuses one that does not exist', async () => {
        const table = await tableWithRows(10);
        await table.insert(sampleTable(2, DIM, { idOffset: 10 }));
        const latest = await table.describeVersion();
        expect(latest.version).toBe((await table.describe()).version);
        expect(latest.manifestPath).toMatch(/^_versions\/\d+\.manifest$/);
        expect(latest.manifestSize).toBeGreaterThan(0);
        expect((await table.describeVersion(1)).version).toBe(1);
        await expectCode(table.describeVersion(999), E.TableVersionNotFound);
      });

      it('publishes a staged manifest only under a free version number, from inside the table', async () => {
        const table = await tableWithRows(3);
        const latest = await table.describeVersion();
        await expectCode(
          table.createVersion({ version: latest.version, manifestPath: latest.manifestPath! }),
          E.ConcurrentModification,
        );
        await expectCode(
          table.createVersion({ version: 50, manifestPath: '../../elsewhere.manifest' }),
          E.InvalidInput,
        );
        await expectCode(
          table.createVersion({ version: 50, manifestPath: 'staged/none.manifest' }),
          E.InvalidInput,
        );
        // Versions follow one another without gaps.
        await expectCode(
          table.createVersion({ version: latest.version + 5, manifestPath: latest.manifestPath! }),
          E.InvalidInput,
        );
        expect((await table.describeVersion()).version).toBe(latest.version);
      });

      it('deletes old versions, never the latest or a tagged one', async () => {
        const table = await tableWithRows(4);
        await table.insert(sampleTable(1, DIM, { idOffset: 10 }));
        await table.insert(sampleTable(1, DIM, { idOffset: 20 }));
        const versions = (await table.listVersions()).map((v) => v.version);
        const [first, second, latest] = [versions[0]!, versions[1]!, versions.at(-1)!];
        await table.createTag('keep', second);
        const deleted = await table.deleteVersions({ ranges: [{ start: 0, end: -1 }] });
        expect(deleted).toBe(versions.length - 2);
        const left = (await table.listVersions()).map((v) => v.version);
        expect(left).not.toContain(first);
        expect(left).toEqual(expect.arrayContaining([second, latest]));
        expect(await (await table.checkoutVersion(second)).countRows()).toBe(5);
        expect(await table.countRows()).toBe(6);
      });
    });

    describe('data', () => {
      it('counts with and without a filter, and reports bad filters', async () => {
        const table = await tableWithRows(100);
        expect(await table.countRows()).toBe(100);
        expect(await table.countRows({ filter: 'id < 10' })).toBe(10);
        expect(await table.countRows({ filter: "category = 'c1'" })).toBe(20);
        expect(await table.countRows({ filter: 'meta.score >= 5' })).toBe(50);
        await expectCode(table.countRows({ filter: 'nope > 1' }), E.TableColumnNotFound);
        await expectCode(table.countRows({ filter: 'id >>> 1' }), E.InvalidInput);
      });

      it('appends and overwrites, and refuses data of another schema', async () => {
        const table = await tableWithRows(10);
        const appended = await table.insert(sampleTable(5, DIM, { idOffset: 10 }));
        expect(appended.numRows).toBe(5);
        expect(await table.countRows()).toBe(15);
        await table.insert(sampleTable(4, DIM, { idOffset: 100 }), { mode: 'overwrite' });
        expect(await table.countRows()).toBe(4);
        await expectCode(table.insert(sampleTable(3, DIM + 1)), E.TableSchemaValidationError);
        expect(await table.countRows()).toBe(4);
      });

      it('queries with filter, projection, limit and offset', async () => {
        const table = await tableWithRows(100);
        const result = await table.query({
          filter: 'id >= 50',
          columns: ['id', 'meta.score'],
          limit: 5,
          offset: 10,
        });
        expect(result.schema.fields.map((f) => f.name)).toEqual(['id', 'meta.score']);
        const ids = result.getChild('id')!.toArray() as Int32Array;
        expect([...ids]).toEqual([60, 61, 62, 63, 64]);
        await expectCode(table.query({ columns: ['nope'] }), E.TableColumnNotFound);
        const none = await table.query({ filter: 'id < 0', columns: ['id', 'meta.score'] });
        expect(none.numRows).toBe(0);
        expect(none.schema.fields.map((f) => f.name)).toEqual(['id', 'meta.score']);
        await expectCode(table.query({ columns: ['`broken'] }), E.InvalidInput);
      });

      it('orders a scan by a column, pages through the order, and refuses orders it cannot keep', async () => {
        const table = await tableWithRows(100);
        const down = await table.query({
          orderBy: [{ column: 'id', ascending: false }],
          columns: ['id'],
          offset: 5,
          limit: 3,
        });
        expect([...(down.getChild('id')!.toArray() as Int32Array)]).toEqual([94, 93, 92]);
        // Two keys: category first, then id descending within it.
        const byCategory = await table.query({
          orderBy: [
            { column: 'category', ascending: true },
            { column: 'id', ascending: false },
          ],
          columns: ['id', 'category'],
          limit: 2,
        });
        expect(byCategory.toArray().map((r) => [r.category, r.id])).toEqual([
          ['c0', 95],
          ['c0', 90],
        ]);
        const chunks: Uint8Array[] = [];
        for await (const chunk of await table.queryStream({
          orderBy: [{ column: 'id', ascending: false }],
          limit: 2,
        }))
          chunks.push(chunk);
        const streamed = arrow.tableFromIPC(Buffer.concat(chunks));
        expect([...(streamed.getChild('id')!.toArray() as Int32Array)]).toEqual([99, 98]);
        // A struct's field orders too (quoted where its name has a dot), its struct returned.
        const byScore = await table.query({
          orderBy: [{ column: 'meta.score', ascending: false }],
          columns: ['id', 'meta'],
          limit: 2,
        });
        expect([...(byScore.getChild('id')!.toArray() as Int32Array)]).toEqual([99, 98]);
        const byDotted = await table.query({
          orderBy: [
            { column: 'meta.`a.b`', ascending: false },
            { column: 'id', ascending: true },
          ],
          columns: ['id', 'meta'],
          offset: 1,
          limit: 2,
        });
        expect([...(byDotted.getChild('id')!.toArray() as Int32Array)]).toEqual([3, 5]);
        await expectCode(
          table.query({ orderBy: [{ column: 'meta.score', ascending: true }], columns: ['id'] }),
          E.InvalidInput,
        );
        await expectCode(
          table.query({ orderBy: [{ column: 'nope', ascending: true }] }),
          E.TableColumnNotFound,
        );
        await expectCode(
          table.query({ orderBy: [{ column: 'tags', ascending: true }] }),
          E.InvalidInput,
        );
        await expectCode(
          table.query({ orderBy: [{ column: 'category', ascending: true }], columns: ['id'] }),
          E.InvalidInput,
        );
        await expectCode(
          table.query({
            vector: new Array(DIM).fill(0.1),
            orderBy: [{ column: 'id', ascending: true }],
          }),
          E.InvalidInput,
        );
      });

      it('compacts small fragments into one version, keeping every earlier version readable', async () => {
        const table = await tableWithRows(10);
        for (let i = 1; i <= 3; i++)
          await table.insert(sampleTable(10, DIM, { idOffset: i * 100 }));
        const before = await table.stats();
        expect(before.numFragments).toBe(4);
        const versionBefore = (await table.describe()).version;
        const result = await table.compact();
        expect(result.fragmentsRemoved).toBe(4);
        expect(result.fragmentsAdded).toBe(1);
        expect(result.version).toBeGreaterThan(versionBefore);
        const after = await table.stats();
        expect(after.numFragments).toBe(1);
        expect(await table.countRows()).toBe(40);
        // No version was removed: the first one still reads as it was.
        const first = await table.checkoutVersion(1);
        expect(await first.countRows()).toBe(10);
      });

      it('compacts indexed and unindexed fragments together into one', async () => {
        const table = await tableWithRows(10);
        expect(
          (
            await client.waitForJob(
              (await table.createIndex({ column: 'id', index_type: 'BTREE' })).id,
            )
          ).state,
        ).toBe('succeeded');
        for (let i = 1; i <= 5; i++)
          await table.insert(sampleTable(10, DIM, { idOffset: i * 100 }));
        expect((await table.stats()).numFragments).toBe(6);
        const result = await table.compact();
        expect(result).toMatchObject({ fragmentsRemoved: 6, fragmentsAdded: 1 });
        expect((await table.stats()).numFragments).toBe(1);
        expect(await table.countRows()).toBe(60);
        const [index] = await table.listIndices();
        expect(index!.numUnindexedRows).toBe(0);
      });

      it('streams the same answer as Arrow IPC, and fails a bad query before the first byte', async () => {
        const table = await tableWithRows(100);
        const request = { filter: 'id >= 50', columns: ['id', 'meta.score'], limit: 20 };
        const collected = await table.query(request);
        const chunks: Uint8Array[] = [];
        for await (const chunk of await table.queryStream(request)) chunks.push(chunk);
        const streamed = arrow.tableFromIPC(Buffer.concat(chunks));
        expect(streamed.schema.fields.map((f) => f.name)).toEqual(['id', 'meta.score']);
        expect([...(streamed.getChild('id')!.toArray() as Int32Array)]).toEqual([
          ...(collected.getChild('id')!.toArray() as Int32Array),
        ]);
        await expectCode(table.queryStream({ columns: ['nope'] }), E.TableColumnNotFound);
      });

      it('finds a stored vector as its own nearest neighbour', async () => {
        const table = await tableWithRows(200);
        const row = (await table.query({ filter: 'id = 42', columns: ['vector'] })).get(0)!;
        const vector = [...(row.toJSON().vector as Float32Array | number[])].map(Number);
        const hits = await table.query({
          vector,
          limit: 3,
          columns: ['id'],
          bypassVectorIndex: true,
        });
        expect(hits.numRows).toBe(3);
        expect(hits.getChild('id')!.get(0)).toBe(42);
        await expectCode(
          table.query({ vector: [1, 2, 3], vectorColumn: 'vector' }),
          E.InvalidInput,
        );
      });

      it('searches full text through an FTS index', async () => {
        const table = await tableWithRows(100);
        const job = await table.createIndex({ column: 'text', index_type: 'FTS' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        const hits = await table.query({
          fullTextQuery: { query: 'mountain', columns: ['text'] },
          limit: 100,
          columns: ['id', 'text'],
        });
        expect(hits.numRows).toBeGreaterThan(0);
        for (const text of hits.getChild('text')!.toArray() as string[])
          expect(text).toContain('mountain');
      });

      it('searches phrases, all words and several columns', async () => {
        const table = await tableWithRows(100);
        const job = await table.createIndex({
          column: 'text',
          index_type: 'FTS',
          with_position: true,
        });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        const texts = async (fullTextQuery: QueryRequest['fullTextQuery']) =>
          (await table.query({ fullTextQuery, limit: 100, columns: ['text'] }))
            .getChild('text')!
            .toArray() as string[];
        const all = await texts({ query: 'item 42', columns: ['text'], operator: 'and' });
        expect(all).toEqual([expect.stringMatching(/ item 42$/)]);
        const either = await texts({ query: 'item 42', columns: ['text'] });
        expect(either.length).toBeGreaterThan(1);
        const [first] = (await table.query({ filter: 'id = 10', columns: ['text'] }))
          .getChild('text')!
          .toArray() as string[];
        const twoWords = first!.split(' ').slice(0, 2).join(' ');
        const phrase = await texts({ query: twoWords, columns: ['text'], kind: 'phrase' });
        expect(phrase.length).toBeGreaterThan(0);
        for (const text of phrase) expect(text).toContain(twoWords);
        await expectCode(
          table.query({ fullTextQuery: { query: 'x', kind: 'phrase' } }),
          E.InvalidInput,
        );
      });

      it('keeps a vector search within a distance range', async () => {
        const table = await tableWithRows(200);
        const row = (await table.query({ filter: 'id = 42', columns: ['vector'] })).get(0)!;
        const vector = [...(row.toJSON().vector as Float32Array | number[])].map(Number);
        const all = await table.query({
          vector,
          limit: 200,
          columns: ['id'],
          bypassVectorIndex: true,
        });
        const distances = all.getChild('_distance')!.toArray() as Float32Array;
        const upper = distances[20]!;
        const near = await table.query({
          vector,
          limit: 200,
          columns: ['id'],
          bypassVectorIndex: true,
          distanceRange: { upper },
        });
        expect(near.numRows).toBeGreaterThan(0);
        expect(near.numRows).toBeLessThan(200);
        for (const d of near.getChild('_distance')!.toArray() as Float32Array)
          expect(d).toBeLessThan(upper);
        await expectCode(
          table.query({ vector, distanceRange: { lower: 2, upper: 1 } }),
          E.InvalidInput,
        );
      });

      it('fuses a vector and a text search, keeping both scores', async () => {
        const table = await tableWithRows(100);
        const job = await table.createIndex({ column: 'text', index_type: 'FTS' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        const row = (await table.query({ filter: 'id = 7', columns: ['vector'] })).get(0)!;
        const vector = [...(row.toJSON().vector as Float32Array | number[])].map(Number);
        const hits = await table.query({
          vector,
          fullTextQuery: { query: 'item 7', columns: ['text'], operator: 'and' },
          limit: 5,
          columns: ['id'],
        });
        expect(hits.schema.fields.map((f) => f.name)).toEqual([
          'id',
          '_distance',
          '_score',
          '_relevance_score',
        ]);
        // Row 7 is first in both searches, so first fused, with both of its scores.
        expect(hits.getChild('id')!.get(0)).toBe(7);
        expect(hits.getChild('_distance')!.get(0)).toBeCloseTo(0, 5);
        expect(hits.getChild('_score')!.get(0)).toBeGreaterThan(0);
        const fused = [...(hits.getChild('_relevance_score')!.toArray() as Float32Array)];
        expect(fused).toEqual([...fused].sort((a, b) => b - a));
        // A text search that finds nothing leaves the vector search's order, without text scores.
        const vectorOnly = await table.query({
          vector,
          fullTextQuery: { query: 'zzzunheardof', columns: ['text'] },
          limit: 3,
          columns: ['id'],
        });
        expect(vectorOnly.getChild('id')!.get(0)).toBe(7);
        expect(vectorOnly.numRows).toBe(3);
        expect(vectorOnly.getChild('_score')!.get(0)).toBeNull();
        const plan = await table.explainPlan({
          vector,
          fullTextQuery: { query: 'item', columns: ['text'] },
        });
        expect(plan).toContain('-- Vector search');
        expect(plan).toContain('-- Full-text search');
      });

      it('updates, deletes and merges rows', async () => {
        const table = await tableWithRows(20);
        const updated = await table.update({
          updates: { category: "'changed'" },
          filter: 'id < 5',
        });
        expect(updated.numRows).toBe(5);
        expect(await table.countRows({ filter: "category = 'changed'" })).toBe(5);
        const deleted = await table.delete('id >= 15');
        expect(deleted.numRows).toBe(5);
        expect(await table.countRows()).toBe(15);
        const merged = await table.mergeInsert(sampleTable(10, DIM, { idOffset: 10 }), {
          on: ['id'],
          whenMatchedUpdateAll: true,
          whenNotMatchedInsertAll: true,
        });
        expect(merged.numUpdatedRows).toBe(5);
        expect(merged.numInsertedRows).toBe(5);
        expect(await table.countRows()).toBe(20);
        await expectCode(table.delete(''), E.InvalidInput);
      });
    });

    describe('versions and branches', () => {
      it('lists versions, reads an old one read-only, and restores it', async () => {
        const table = await tableWithRows(10);
        await table.insert(sampleTable(5, DIM, { idOffset: 10 }));
        const versions = await table.listVersions();
        expect(versions.length).toBeGreaterThanOrEqual(2);
        // The newest few, as a timeline's first window reads them: the tail of the list.
        expect(await table.listVersions({ newest: 1 })).toEqual(versions.slice(-1));
        await expectCode(table.listVersions({ newest: 0 }), E.InvalidInput);
        const first = versions[0]!.version;
        const old = await table.checkoutVersion(first);
        expect(old.pinnedVersion).toBe(first);
        expect(await old.countRows()).toBe(10);
        expect(await table.countRows({ version: first })).toBe(10);
        await expectCode(old.insert(sampleTable(1, DIM)), E.InvalidTableState);
        await expectCode(table.checkoutVersion(9999), E.TableVersionNotFound);
        const restored = await table.restore(first);
        expect(restored.numRows).toBe(10);
        expect(await table.countRows()).toBe(10);
        expect((await table.listVersions()).length).toBeGreaterThan(versions.length);
      });

      it('reads each fragment of a version: a histogram of live rows and the deleted rows', async () => {
        const table = await tableWithRows(10);
        await table.insert(sampleTable(3, DIM, { idOffset: 100 }));
        await table.insert(sampleTable(1, DIM, { idOffset: 200 }));
        await table.delete('id < 4');
        const now = await table.fragmentStats();
        expect(now).toMatchObject({ fragments: 3, physicalRows: 14, deletedRows: 4 });
        // Live rows 6, 3 and 1: buckets 4–7, 2–3 and 1.
        expect(now.histogram).toEqual([
          { min: 1, max: 1, fragments: 1 },
          { min: 2, max: 3, fragments: 1 },
          { min: 4, max: 7, fragments: 1 },
        ]);
        const first = await table.checkoutVersion(1);
        expect(await first.fragmentStats()).toMatchObject({ fragments: 1, deletedRows: 0 });
        await table.createBranch('dev');
        await table.insert(sampleTable(2, DIM, { idOffset: 300 }), { branch: 'dev' });
        expect((await table.fragmentStats({ branch: 'dev' })).fragments).toBe(4);
      });

      it('counts the bytes only old versions hold, tagged or not, and cleanup frees them', async () => {
        const table = await tableWithRows(10);
        await table.insert(sampleTable(3, DIM, { idOffset: 100 }));
        await table.delete('id < 4');
        await table.createTag('first', 1);
        const before = (await table.fragmentStats()).versionBytes!;
        // Appends and deletes keep every data file in use: old versions hold only their manifests.
        expect(before.latest).toBeGreaterThan(0);
        await table.compact();
        const compacted = (await table.fragmentStats()).versionBytes!;
        // Compaction rewrote the two data files: version 1's file is tagged, version 2's is not.
        expect(compacted.onlyTagged).toBeGreaterThan(0);
        expect(compacted.onlyOld).toBeGreaterThan(before.onlyOld);
        expect(compacted.latest).toBeLessThan(before.latest + compacted.onlyOld);

        await table.deleteTag('first');
        const untagged = (await table.fragmentStats()).versionBytes!;
        expect(untagged.onlyTagged).toBe(0);
        expect(untagged.onlyOld).toBeGreaterThanOrEqual(compacted.onlyOld + compacted.onlyTagged);
        const cleaned = await table.cleanupVersions({ olderThanMillis: Date.now() + 60_000 });
        const after = (await table.fragmentStats()).versionBytes!;
        expect(after.onlyOld).toBe(0);
        expect(cleaned.bytesRemoved).toBeGreaterThanOrEqual(untagged.onlyOld * 0.5);
        expect(await table.countRows()).toBe(9);
      });

      it('cleans up old versions, keeping tagged and kept ones and everything after them', async () => {
        const table = await tableWithRows(10);
        for (let i = 0; i < 4; i++) {
          await table.insert(sampleTable(1, DIM, { idOffset: 100 + i }));
        }
        const before = await table.listVersions();
        expect(before.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]);
        await table.createTag('keep-me', 3);
        const everything = await table.cleanupVersions({ olderThanMillis: Date.now() + 60_000 });
        expect(everything.keptBecause).toBe('tag keep-me is on version 3');
        expect(everything.versionsRemoved).toBe(2);
        const after = (await table.listVersions()).map((v) => v.version);
        expect(after.slice(0, 3)).toEqual([3, 4, 5]);
        expect(await table.countRows()).toBe(14);
        expect(await table.countRows({ version: 3 })).toBe(12);

        await table.deleteTag('keep-me');
        const kept = await table.cleanupVersions({
          olderThanMillis: Date.now() + 60_000,
          keepVersions: [4],
        });
        expect(kept.keptBecause).toBe('version 4 is checked out');
        expect((await table.listVersions()).map((v) => v.version)[0]).toBe(4);
        expect(await table.countRows({ version: 4 })).toBe(13);

        // A branch reads the version it was made from: that one stays too.
        await table.createBranch('from-five', { fromVersion: 5 });
        const byBranch = await table.cleanupVersions({ olderThanMillis: Date.now() + 60_000 });
        expect(byBranch.keptBecause).toBe('branch from-five was made from version 5');
        expect((await table.listVersions()).map((v) => v.version)[0]).toBe(5);
        expect(await table.countRows({ branch: 'from-five' })).toBe(14);
        await expectCode(table.cleanupVersions({ olderThanMillis: -1 }), E.InvalidInput);
      });

      it('answers the latest version, seeing a commit made through another handle', async () => {
        const table = await tableWithRows(10);
        const first = await table.latestVersion();
        const other = await client.openTable('t', ['ns']);
        await other.insert(sampleTable(2, DIM, { idOffset: 50 }));
        expect(await table.latestVersion()).toBe(first + 1);
        const pinned = await table.checkoutVersion(first);
        expect(await pinned.latestVersion()).toBe(first);
        await table.createBranch('dev');
        await table.insert(sampleTable(1, DIM, { idOffset: 90 }), { branch: 'dev' });
        expect(await table.latestVersion({ branch: 'dev' })).toBeGreaterThan(first + 1);
      });

      it("describes what each version's commit did, on main and on a branch", async () => {
        const table = await tableWithRows(10);
        await table.insert(sampleTable(5, DIM, { idOffset: 10 }));
        await table.delete('id < 3');
        await table.addColumns({ columns: [{ name: 'twice', expression: 'id * 2' }] });
        const job = await table.createIndex({ column: 'id', index_type: 'BTREE', name: 'id_idx' });
        await client.waitForJob(job.id);
        const first = (await table.listVersions())[0]!.version;
        await table.restore(first);
        const versions = (await table.listVersions()).map((v) => v.version);
        const described = await table.describeTransactions(versions);
        expect(described.map((t) => t.version)).toEqual(versions);
        const operations = described.map((t) => t.operation);
        expect(operations[0]).toBe('overwrite');
        expect(operations).toContain('append');
        expect(operations).toContain('merge');
        // The added column is named on every back end: a timeline over REST says "Add column".
        expect(described.find((t) => t.operation === 'merge')?.columns).toMatchObject({
          added: ['twice'],
          dropped: [],
        });
        expect(described.find((t) => t.operation === 'delete')?.predicate).toBe('id < 3');
        expect(described.find((t) => t.operation === 'create_index')?.indexesAdded).toEqual([
          'id_idx',
        ]);
        expect(described.at(-1)).toMatchObject({ operation: 'restore', restoredVersion: first });

        await table.createBranch('dev');
        await table.insert(sampleTable(2, DIM, { idOffset: 50 }), { branch: 'dev' });
        const devVersions = (await table.listVersions({ branch: 'dev' })).map((v) => v.version);
        const onDev = await table.describeTransactions([devVersions.at(-1)!], { branch: 'dev' });
        expect(onDev[0]!.operation).toBe('append');

        expect(await table.describeTransactions([9999])).toEqual([
          { version: 9999, operation: 'unknown', missing: true },
        ]);
        await expectCode(table.describeTransactions([-1]), E.InvalidInput);
        await expectCode(
          table.describeTransactions(Array.from({ length: 201 }, (_, i) => i)),
          E.InvalidInput,
        );
      });

      it('creates branches whose writes stay off main', async () => {
        const table = await tableWithRows(10);
        await table.createBranch('dev');
        await expectCode(table.createBranch('dev'), E.TableBranchAlreadyExists);
        const dev = await table.onBranch('dev');
        expect(dev.branch).toBe('dev');
        await dev.insert(sampleTable(5, DIM, { idOffset: 10 }));
        expect(await dev.countRows()).toBe(15);
        expect(await table.countRows()).toBe(10);
        expect(await table.countRows({ branch: 'dev' })).toBe(15);
        await table.insert(sampleTable(1, DIM, { idOffset: 99 }), { branch: 'dev' });
        expect(await table.countRows({ branch: 'dev' })).toBe(16);
        expect(
          (await table.query({ branch: 'dev', filter: 'id = 99', columns: ['id'] })).numRows,
        ).toBe(1);
        expect((await table.listBranches()).map((b) => b.name)).toEqual(['dev']);
        const reopened = await client.openTable('t', ['ns'], { branch: 'dev' });
        expect(await reopened.countRows()).toBe(16);
        await table.deleteBranch('dev');
        expect(await table.listBranches()).toEqual([]);
        await expectCode(table.onBranch('dev'), E.TableBranchNotFound);
        await expectCode(table.deleteBranch('dev'), E.TableBranchNotFound);
        await expectCode(table.countRows({ branch: 'ghost' }), E.TableBranchNotFound);
      });
    });

    describe('indexes', () => {
      const cases: Array<{
        column: string;
        index_type: string;
        extra?: Record<string, unknown>;
        type: string;
      }> = [
        {
          column: 'vector',
          index_type: 'IVF_PQ',
          extra: { num_partitions: 4, num_sub_vectors: 4, distance_type: 'cosine' },
          type: 'IVF_PQ',
        },
        {
          column: 'vector',
          index_type: 'IVF_FLAT',
          extra: { num_partitions: 4 },
          type: 'IVF_FLAT',
        },
        { column: 'vector', index_type: 'IVF_RQ', extra: { num_partitions: 2 }, type: 'IVF_RQ' },
        {
          column: 'vector',
          index_type: 'IVF_HNSW_SQ',
          extra: { num_partitions: 2, m: 8, ef_construction: 50 },
          type: 'IVF_HNSW_SQ',
        },
        {
          column: 'vector',
          index_type: 'IVF_HNSW_PQ',
          extra: { num_partitions: 2, num_sub_vectors: 2, m: 8 },
          type: 'IVF_HNSW_PQ',
        },
        { column: 'id', index_type: 'BTREE', type: 'BTREE' },
        { column: 'category', index_type: 'BITMAP', type: 'BITMAP' },
        { column: 'tags', index_type: 'LABEL_LIST', type: 'LABEL_LIST' },
        { column: 'text', index_type: 'FM', type: 'FM' },
        {
          column: 'text',
          index_type: 'FTS',
          extra: {
            with_position: true,
            base_tokenizer: 'simple',
            language: 'English',
            max_token_length: 30,
            lower_case: true,
            stem: false,
            remove_stop_words: false,
            ascii_folding: true,
          },
          type: 'FTS',
        },
        { column: 'text', index_type: 'INVERTED', type: 'FTS' },
        { column: 'meta.score', index_type: 'BTREE', type: 'BTREE' },
        { column: 'meta.`a.b`', index_type: 'BITMAP', type: 'BITMAP' },
      ];

      for (const c of cases) {
        it(`builds ${c.index_type} on ${c.column} as a job with progress`, async () => {
          const rows = 600;
          const table = await tableWithRows(rows);
          const events: JobEvent[] = [];
          const unsubscribe = client.onJobEvent((event) => events.push(event));
          const job = await table.createIndex({
            column: c.column,
            index_type: c.index_type,
            ...c.extra,
          } as never);
          expect(['queued', 'running']).toContain(job.state);
          expect(job.kind).toBe('create_index');
          expect(job.target.table).toBe('t');
          const done = await client.waitForJob(job.id);
          unsubscribe();
          expect(done.error).toBeUndefined();
          expect(done.state).toBe('succeeded');
          expect(done.progress.numIndexedRows).toBe(rows);
          expect(done.progress.numUnindexedRows).toBe(0);
          expect(done.endedAt).toBeGreaterThanOrEqual(done.startedAt!);
          const mine = events.filter((e) => e.job.id === job.id);
          expect(
            mine.some(
              (e) =>
                e.type === 'jobs:progress' &&
                e.job.phase === 'building' &&
                e.job.progress.numUnindexedRows === rows,
            ),
          ).toBe(true);
          expect(mine.at(-1)?.type).toBe('jobs:finished');
          const listed = (await table.listIndices()).find((i) => i.name === job.target.index);
          expect(listed).toMatchObject({
            indexType: c.type,
            status: 'ready',
            numIndexedRows: rows,
            numUnindexedRows: 0,
          });
          const stats = await table.indexStats(job.target.index!);
          expect(stats).toMatchObject({
            indexType: c.type,
            status: 'ready',
            numIndexedRows: rows,
            numUnindexedRows: 0,
          });
        });
      }

      it('answers contains() through an FM index with the rows a scan finds', async () => {
        const table = await tableWithRows(600);
        const request = { filter: "contains(text, 'item 42')", columns: ['id'] };
        const ids = async () =>
          [...(await table.query(request)).getChild('id')!].map(Number).sort((a, b) => a - b);
        const scanned = await ids();
        // 42 and 420…429: a substring inside longer numbers too, which full-text tokens miss.
        expect(scanned).toEqual([42, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429]);
        expect(await table.explainPlan(request)).not.toContain('ScalarIndexQuery');

        const job = await table.createIndex({ column: 'text', index_type: 'fm', name: 'text_fm' });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        expect(await table.explainPlan(request)).toContain(
          `ScalarIndexQuery: query=[contains(text, Utf8("item 42"))]@text_fm(Fm)`,
        );
        expect(await ids()).toEqual(scanned);
        // Rows added after the build are not in the index, and are still found.
        await table.insert(sampleTable(1, DIM, { idOffset: 4242 }));
        expect(await ids()).toEqual([...scanned, 4242]);
        expect(await table.indexStats('text_fm')).toMatchObject({
          indexType: 'FM',
          numIndexedRows: 600,
          numUnindexedRows: 1,
        });
      });

      it('shows a build in progress in listIndices and indexStats', async () => {
        const table = await tableWithRows(4000);
        const job = await table.createIndex({
          column: 'vector',
          index_type: 'IVF_PQ',
          num_partitions: 8,
          num_sub_vectors: 8,
          sample_rate: 512,
          max_iterations: 100,
        });
        const listed = (await table.listIndices()).find((i) => i.name === 'vector_idx');
        expect(listed).toMatchObject({
          status: 'building',
          numIndexedRows: 0,
          numUnindexedRows: 4000,
          jobId: job.id,
        });
        expect(await table.indexStats('vector_idx')).toMatchObject({
          status: 'building',
          numUnindexedRows: 4000,
        });
        expect((await client.waitForJob(job.id)).state).toBe('succeeded');
        expect(await table.indexStats('vector_idx')).toMatchObject({
          status: 'ready',
          numUnindexedRows: 0,
        });
      });

      it('validates before any work starts', async () => {
        const table = await tableWithRows(50);
        await expectCode(
          table.createIndex({ column: 'text', index_type: 'IVF_PQ' }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'vector', index_type: 'IVF_PQ', num_sub_vectors: 5 }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'vector', index_type: 'IVF_PQ', distance_type: 'manhattan' }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'vector', index_type: 'WHATEVER' }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'vector', index_type: 'IVF_SQ' }),
          E.Unsupported,
        );
        await expectCode(
          table.createIndex({ column: 'missing', index_type: 'BTREE' }),
          E.TableColumnNotFound,
        );
        await expectCode(
          table.createIndex({ column: 'score', index_type: 'BTREE' }),
          E.TableColumnNotFound,
        );
        await expectCode(
          table.createIndex({ column: 'meta.`a.b', index_type: 'BTREE' }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'text', index_type: 'FTS', max_token_length: -1 }),
          E.InvalidInput,
        );
        await expectCode(
          table.createIndex({ column: 'id', index_type: 'BTREE', num_partitions: 3 } as never),
          E.InvalidInput,
        );
        await expectCode(table.createIndex({ column: '', index_type: 'BTREE' }), E.InvalidInput);
        expect(await table.listIndices()).toEqual([]);
        expect(await client.listJobs()).toEqual([]);
      });

      it('drops indexes and reports unknown ones', async () => {
        const table = await tableWithRows(50);
        const job = await table.createIndex({ column: 'id', index_type: 'BTREE', name: 'by_id' });
        await client.waitForJob(job.id);
        expect((await table.listIndices()).map((i) => i.name)).toEqual(['by_id']);
        await table.dropIndex('by_id');
        expect(await table.listIndices()).toEqual([]);
        await expectCode(table.dropIndex('by_id'), E.TableIndexNotFound);
        await expectCode(table.indexStats('by_id'), E.TableIndexNotFound);
      });

      it('refuses a second build of the same index while one runs, and reports unknown jobs', async () => {
        const table = await tableWithRows(4000);
        const job = await table.createIndex({
          column: 'vector',
          index_type: 'IVF_PQ',
          num_partitions: 8,
          num_sub_vectors: 8,
          sample_rate: 512,
        });
        await expectCode(
          table.createIndex({ column: 'vector', index_type: 'IVF_PQ' }),
          E.TableIndexAlreadyExists,
        );
        await client.waitForJob(job.id);
        await expectCode(client.getJob('no-such-job'), E.TransactionNotFound);
        expect((await client.listJobs()).map((j) => j.id)).toContain(job.id);
      });

      it('cancels a running build', async () => {
        const table = await tableWithRows(4000);
        const job = await table.createIndex({
          column: 'vector',
          index_type: 'IVF_PQ',
          num_partitions: 16,
          num_sub_vectors: 8,
          sample_rate: 1024,
          max_iterations: 200,
        });
        await client.cancelJob(job.id);
        const ended = await client.waitForJob(job.id);
        expect(ended.state).toBe('cancelled');
        expect(ended.phase).toBe('cancelled');
        expect(ended.error).toBeUndefined();
        expect((await table.listIndices()).filter((i) => i.status === 'building')).toEqual([]);
      });
    });

    it('reads an IPC stream with a schema and no batches as an empty table', async () => {
      const schema = new arrow.Schema([new arrow.Field('id', new arrow.Int32(), true)]);
      const bytes = arrow.tableToIPC(new arrow.Table(schema), 'stream');
      const table = await client.createTable('empty_ipc', bytes);
      expect(await table.countRows()).toBe(0);
    });
  });
}
