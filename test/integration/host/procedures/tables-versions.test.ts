/**
 * A table's life through the host, on a folder and on a remote catalog (our server over REST):
 * what each version's commit did, the diff of two versions, and views of the table at a checked-out
 * version (read-only: every write refused, nothing written) or on a branch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import type { CatalogClient } from '../../../../src-main/catalog/client';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { callFails, callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

/** Five versions: created (20 rows), appended (+10), a column added, an index, 5 rows deleted. */
async function seed(catalog: CatalogClient): Promise<void> {
  const table = await catalog.createTable('t', sampleTable(20, 4));
  await table.insert(sampleTable(10, 4, { idOffset: 20 }));
  await table.addColumns({ columns: [{ name: 'twice', expression: 'id * 2' }] });
  await catalog.waitForJob(
    (await table.createIndex({ column: 'id', index_type: 'BTREE', name: 'id_idx' })).id,
  );
  await table.delete('id >= 25');
}

for (const backend of ['folder', 'remote'] as const) {
  describe(`versions through the host: ${backend}`, () => {
    let dir: string;
    let host: Host;
    let server: RunningServer | undefined;
    let t: { connectionId: string; path: string[]; table: string };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cs-versions-'));
      host = new Host({
        userDataDir: join(dir, 'data'),
        secrets: new FileSecretStore(join(dir, 'data', 's.json')),
      });
      let connectionId: string;
      if (backend === 'folder') {
        const catalog = await connect(join(dir, 'cat'));
        await seed(catalog);
        await catalog.close();
        ({ id: connectionId } = await callOk<{ id: string }>(host, 'connections:open-folder', {
          path: join(dir, 'cat'),
        }));
      } else {
        server = await startCatalogServer();
        await seed(server.catalog);
        ({ id: connectionId } = await callOk<{ id: string }>(host, 'connections:connect-url', {
          url: server.url,
        }));
      }
      t = { connectionId, path: [], table: 't' };
    });
    afterAll(async () => {
      await host.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("names each version's operation, with rows in the versions' totals", async () => {
      const versions = await callOk<Array<{ version: number; metadata: Record<string, string> }>>(
        host,
        'tables:versions',
        t,
      );
      const numbers = versions.map((v) => v.version);
      const described = await callOk<Array<{ operation: string }>>(host, 'tables:transactions', {
        ...t,
        versions: numbers,
      });
      expect(described.map((d) => d.operation)).toEqual([
        'overwrite',
        'append',
        'merge',
        'create_index',
        'delete',
      ]);
      expect(versions.map((v) => v.metadata.total_rows)).toEqual(['20', '30', '30', '30', '25']);
    });

    it('diffs two versions: rows, columns and indexes, either way round', async () => {
      const diff = await callOk<any>(host, 'tables:version-diff', { ...t, from: 1, to: 5 });
      expect(diff.rows).toEqual({ from: 20, to: 25 });
      expect(diff.columnsAdded).toEqual([
        expect.objectContaining({ path: 'twice', type: expect.stringMatching(/^Int/) }),
      ]);
      expect(diff.columnsRemoved).toEqual([]);
      expect(diff.indexesAdded).toEqual([{ name: 'id_idx', indexType: 'BTREE', columns: ['id'] }]);
      const back = await callOk<any>(host, 'tables:version-diff', { ...t, from: 5, to: 1 });
      expect(back.columnsRemoved.map((c: { path: string }) => c.path)).toEqual(['twice']);
      expect(back.indexesRemoved.map((i: { name: string }) => i.name)).toEqual(['id_idx']);
      const missing = await callFails(host, 'tables:version-diff', { ...t, from: 1, to: 99 });
      expect(missing.code).toBe(ERROR_CODES.TableVersionNotFound);
    });

    it('reads a checked-out version and refuses to write through it', async () => {
      const at = { ...t, at: { version: 2 } };
      expect(await callOk(host, 'tables:count', at)).toBe(30);
      const described = await callOk<{ version: number; schema: { fields: { name: string }[] } }>(
        host,
        'tables:describe',
        at,
      );
      expect(described.version).toBe(2);
      expect(described.schema.fields.map((f) => f.name)).not.toContain('twice');
      const refused = await callFails(host, 'rows:delete', { ...at, filter: 'id < 5' });
      expect(refused.code).toBe(ERROR_CODES.InvalidTableState);
      expect(await callOk(host, 'tables:count', t)).toBe(25);
      expect((await callOk<unknown[]>(host, 'tables:versions', t)).length).toBe(5);
    });

    it('views a branch: its rows, its versions, its writes', async () => {
      await callOk(host, 'branches:create', { ...t, name: 'dev', fromVersion: 2 });
      const dev = { ...t, at: { branch: 'dev' } };
      expect(await callOk(host, 'tables:count', dev)).toBe(30);
      await callOk(host, 'rows:delete', { ...dev, filter: 'id < 10' });
      expect(await callOk(host, 'tables:count', dev)).toBe(20);
      expect(await callOk(host, 'tables:count', t)).toBe(25);
      const devVersions = await callOk<Array<{ version: number }>>(host, 'tables:versions', dev);
      const last = devVersions.at(-1)!.version;
      const [op] = await callOk<Array<{ operation: string }>>(host, 'tables:transactions', {
        ...dev,
        versions: [last],
      });
      expect(op!.operation).toBe('delete');
      const unknown = await callFails(host, 'tables:count', { ...t, at: { branch: 'nope' } });
      expect(unknown.code).toBe(ERROR_CODES.TableBranchNotFound);
    });

    it('restores only when nobody has committed since the user looked', async () => {
      const { version: latest } = await callOk<{ version: number }>(host, 'tables:head', t);
      const stale = await callFails(host, 'tables:restore', {
        ...t,
        version: 1,
        expectLatest: latest - 1,
      });
      expect(stale.code).toBe(ERROR_CODES.ConcurrentModification);
      expect((await callOk<{ version: number }>(host, 'tables:head', t)).version).toBe(latest);
      await callOk(host, 'tables:restore', { ...t, version: 1, expectLatest: latest });
      expect(await callOk(host, 'tables:count', t)).toBe(20);
    });

    it('lists a version committed outside the app, though the list was read before', async () => {
      const before = await callOk<Array<{ version: number }>>(host, 'tables:versions', t);
      const engine = (
        host as unknown as { connections: { get(id: string): { catalog: CatalogClient } } }
      ).connections.get(t.connectionId).catalog;
      // Straight through the engine: not a host procedure, so nothing tells the host.
      await (await engine.openTable('t')).insert(sampleTable(1, 4, { idOffset: 700 }));
      const after = await callOk<Array<{ version: number }>>(host, 'tables:versions', t);
      expect(after.map((v) => v.version)).toEqual([
        ...before.map((v) => v.version),
        before.at(-1)!.version + 1,
      ]);
    });
  });
}
