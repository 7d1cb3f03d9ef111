/**
 * Copying tables and namespaces between catalogs: a folder to our server over REST and back,
 * rows checked and indexes built again; an existing name refused unless overwritten or appended
 * to; an append of other columns refused before any row moves; a copy cancelled part way resumed
 * from where it stopped, or removed, and neither done to a table that is not that copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectNamespace } from '../../../../src-main/catalog';
import type { CatalogClient } from '../../../../src-main/catalog/client';
import {
  copyTable,
  removePartialCopy,
  type CopyEndpoint,
} from '../../../../src-main/catalog/copy/copy-table';
import { copyNamespace } from '../../../../src-main/catalog/copy/copy-namespace';
import { ERROR_CODES as E } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let local: CatalogClient;
let back: CatalogClient;
let server: RunningServer;
let remote: CatalogClient;

const at = (catalog: CatalogClient, where: string, path: string[], name: string): CopyEndpoint => ({
  catalog,
  namespacePath: path,
  name,
  label: `${where}#${[...path, name].join('/')}`,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-copy-'));
  local = await connect(join(dir, 'local'));
  back = await connect(join(dir, 'back'));
  server = await startCatalogServer();
  remote = await connectNamespace('rest', { uri: server.url });
  await local.createNamespace(['src']);
  const docs = await local.createTable('docs', sampleTable(3000, 8), ['src']);
  await local.waitForJob((await docs.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await local.waitForJob(
    (
      await docs.createIndex({
        column: 'vector',
        index_type: 'IVF_PQ',
        num_partitions: 2,
        num_sub_vectors: 2,
        distance_type: 'cosine',
      })
    ).id,
  );
  await local.createNamespace(['src', 'deep']);
  await local.createTable('notes', sampleTable(5, 8), ['src', 'deep']);
});
afterAll(async () => {
  await local.close();
  await back.close();
  await remote.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('copyTable', () => {
  it('copies a folder table to a server and back, rows and indexes alike', async () => {
    await remote.createNamespace(['dst']);
    const phases = new Set<string>();
    const there = await copyTable(
      at(local, 'local', ['src'], 'docs'),
      at(remote, 'remote', ['dst'], 'docs'),
      { mode: 'create', chunkBytes: 256 * 1024, onProgress: (p) => phases.add(p.phase) },
    );
    expect(there).toMatchObject({ rows: 3000, indexes: ['id_idx', 'vector_idx'] });
    expect([...phases]).toEqual(['rows', 'verifying', 'indexes']);
    const copied = await remote.openTable('docs', ['dst']);
    expect(await copied.countRows()).toBe(3000);
    const indexes = await copied.listIndices();
    expect(indexes.map((i) => [i.name, i.indexType])).toEqual([
      ['id_idx', 'BTREE'],
      ['vector_idx', 'IVF_PQ'],
    ]);
    expect(indexes.find((i) => i.name === 'vector_idx')?.distanceType?.toLowerCase()).toBe(
      'cosine',
    );
    expect((await copied.describe()).properties?.copied_from).toBe(
      `local#src/docs@${await (await local.openTable('docs', ['src'])).latestVersion()}`,
    );

    await copyTable(at(remote, 'remote', ['dst'], 'docs'), at(back, 'back', [], 'docs'), {
      mode: 'create',
    });
    const home = await back.openTable('docs');
    expect(await home.countRows()).toBe(3000);
    const ids = (await home.query({ columns: ['id'], filter: 'id >= 2995' })).getChild('id')!;
    expect([...ids.toArray()].map(Number).sort((a, b) => a - b)).toEqual([
      2995, 2996, 2997, 2998, 2999,
    ]);
  });

  it('refuses an existing name unless told, and an append of other columns', async () => {
    const source = at(local, 'local', ['src'], 'docs');
    await expectCode(
      copyTable(source, at(back, 'back', [], 'docs'), { mode: 'create' }),
      E.TableAlreadyExists,
    );
    await back.createTable('other', sampleTable(3, 4));
    const refused = copyTable(source, at(back, 'back', [], 'other'), { mode: 'append' });
    await expectCode(refused, E.InvalidInput);
    await expect(refused).rejects.toThrow(/only in the source: vector: FixedSizeList\[8\]/);
    expect(await (await back.openTable('other')).countRows()).toBe(3);

    const appended = await copyTable(
      at(local, 'local', ['src', 'deep'], 'notes'),
      at(back, 'back', [], 'docs'),
      { mode: 'append', indexes: false },
    );
    expect(appended.rows).toBe(5);
    expect(await (await back.openTable('docs')).countRows()).toBe(3005);
    await copyTable(source, at(back, 'back', [], 'docs'), { mode: 'overwrite', indexes: false });
    expect(await (await back.openTable('docs')).countRows()).toBe(3000);
  });

  it('resumes a cancelled copy from where it stopped, or removes it', async () => {
    const source = at(local, 'local', ['src'], 'docs');
    const target = at(remote, 'remote', [], 'resumed');
    const stop = new AbortController();
    const cancelled = copyTable(source, target, {
      mode: 'create',
      chunkBytes: 128 * 1024,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.rowsDone > 0) stop.abort(new Error('stopped by the test'));
      },
    });
    await expect(cancelled).rejects.toThrow(/stopped by the test/);
    const partial = await (await remote.openTable('resumed')).countRows();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(3000);

    // Nothing resumes or removes a table that is not this copy.
    await expectCode(
      copyTable(at(local, 'local', ['src', 'deep'], 'notes'), target, {
        mode: 'create',
        resume: true,
      }),
      E.InvalidInput,
    );
    await local
      .openTable('docs', ['src'])
      .then((t) => t.insert(sampleTable(7, 8, { idOffset: 9000 })));
    const resumed = await copyTable(source, target, {
      mode: 'create',
      resume: true,
      indexes: false,
    });
    // The source grew meanwhile; the copy is of the version it started from.
    expect(resumed).toMatchObject({ rows: 3000, resumedFrom: partial });
    const ids = (await (await remote.openTable('resumed')).query({ columns: ['id'] })).getChild(
      'id',
    )!;
    expect(new Set([...ids.toArray()].map(Number)).size).toBe(3000);

    const again = at(remote, 'remote', [], 'removed');
    const stop2 = new AbortController();
    await expect(
      copyTable(source, again, {
        mode: 'create',
        chunkBytes: 128 * 1024,
        signal: stop2.signal,
        onProgress: (p) => p.rowsDone > 0 && stop2.abort(new Error('stopped')),
      }),
    ).rejects.toThrow(/stopped/);
    await expectCode(
      removePartialCopy(source, at(remote, 'remote', [], 'resumed')),
      E.InvalidInput,
    );
    await removePartialCopy(source, again);
    expect(await remote.tableExists('removed')).toBe(false);
  });
});

describe('copyNamespace', () => {
  it('copies a namespace with its children and tables to a server', async () => {
    const result = await copyNamespace(
      { catalog: local, namespacePath: ['src'], location: 'local' },
      { catalog: remote, namespacePath: ['mirror'], location: 'remote' },
      { mode: 'create', indexes: false },
    );
    expect(result.tables.map((t) => [...t.path, t.name].join('/'))).toEqual([
      'mirror/docs',
      'mirror/deep/notes',
    ]);
    expect(await (await remote.openTable('docs', ['mirror'])).countRows()).toBe(3007);
    expect(await (await remote.openTable('notes', ['mirror', 'deep'])).countRows()).toBe(5);
  });

  it('copies a namespace into its own subtree once, and resumes a namespace copy', async () => {
    const inside = await copyNamespace(
      { catalog: local, namespacePath: ['src', 'deep'], location: 'local' },
      { catalog: local, namespacePath: ['src', 'deep', 'again'], location: 'local' },
      { mode: 'create', indexes: false },
    );
    expect(inside.tables.map((t) => [...t.path, t.name].join('/'))).toEqual([
      'src/deep/again/notes',
    ]);

    // The mirror holds complete copies of docs and deep/notes; a table made since is copied afresh.
    await local.createTable('fresh', sampleTable(4, 8), ['src']);
    const resumed = await copyNamespace(
      { catalog: local, namespacePath: ['src'], location: 'local' },
      { catalog: remote, namespacePath: ['mirror'], location: 'remote' },
      { mode: 'create', indexes: false, resume: true },
    );
    expect(resumed.tables.map((t) => [[...t.path, t.name].join('/'), t.resumedFrom])).toEqual([
      ['mirror/docs', 3007],
      ['mirror/fresh', undefined],
      ['mirror/deep/notes', 5],
      ['mirror/deep/again/notes', undefined],
    ]);
    expect(await (await remote.openTable('fresh', ['mirror'])).countRows()).toBe(4);
  });
});
