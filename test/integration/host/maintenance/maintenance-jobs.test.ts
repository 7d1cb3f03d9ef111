/**
 * Compaction and cleanup as jobs of the app, on a folder and on a remote catalog: the jobs panel
 * sees their phase and (for a folder) the bytes written against the bytes expected, they end with
 * a sentence of what they did, a queued one can be cancelled without touching the table, and the
 * table's views hear that it changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import type { Host } from '../../../../src-main/host/host';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import { callOk, finishedJob, hostWithFolderAndRemote } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

const FRAGMENTS = 12;
const ROWS_PER_FRAGMENT = 2_000;

let dir: string;
let host: Host;
let server: RunningServer;
let folder: string;
let remote: string;

async function fragmentedTable(
  catalog: Awaited<ReturnType<typeof connect>>,
  name: string,
  path: string[] = [],
) {
  const table = await catalog.createTable(name, sampleTable(ROWS_PER_FRAGMENT, 16), path);
  for (let i = 1; i < FRAGMENTS; i++) {
    await table.insert(sampleTable(ROWS_PER_FRAGMENT, 16, { idOffset: i * ROWS_PER_FRAGMENT }));
  }
  return table;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-maintenance-'));
  const catalog = await connect(join(dir, 'cat'));
  await fragmentedTable(catalog, 'docs');
  await fragmentedTable(catalog, 'other');
  const kept = await catalog.createTable('kept', sampleTable(10, 4));
  for (let i = 1; i <= 3; i++) await kept.insert(sampleTable(10, 4, { idOffset: i * 10 }));
  await kept.createTag('keep', 2);
  await catalog.close();
  server = await startCatalogServer();
  await server.catalog.createNamespace(['ns']);
  await fragmentedTable(server.catalog, 'remote_docs', ['ns']);
  ({ host, folder, remote } = await hostWithFolderAndRemote(dir, join(dir, 'cat'), server.url));
});
afterAll(async () => {
  await host.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const fragmentsOf = async (connectionId: string, path: string[], table: string) =>
  (await callOk<{ fragments: number }>(host, 'tables:fragments', { connectionId, path, table }))
    .fragments;

describe('maintenance jobs', () => {
  it('compacts a folder table as a job: phase, bytes written of those expected, what it did', async () => {
    const seen: Array<{ phase: string; bytesDone?: number; bytesTotal?: number }> = [];
    const changed: string[] = [];
    const off = host.on((event, payload) => {
      const p = payload as { kind?: string; phase?: string; progress?: object; table?: string };
      if (event === 'jobs:progress' && p.kind === 'compact') {
        seen.push({ phase: p.phase!, ...(p.progress as object) });
      }
      if (event === 'catalog:changed' && p.table) changed.push(p.table);
    });
    const input = { connectionId: folder, path: [], table: 'docs' };
    const started = await callOk<{ id: string; kind: string }>(host, 'tables:compact', input);
    expect(started.kind).toBe('compact');
    const job = await finishedJob(host, started.id);
    off();
    expect(job.state, job.error?.message).toBe('succeeded');
    expect(job.summary).toMatch(/^12 fragments merged into 1 \(version \d+\)$/);
    expect(seen.map((s) => s.phase)).toContain('merging 12 fragments');
    // The last report counts every file the merge wrote; the plan expected about as much.
    expect(job.progress.bytesDone).toBeGreaterThan(0);
    expect(job.progress.bytesTotal).toBeGreaterThan(0);
    expect(job.progress.bytesDone / job.progress.bytesTotal).toBeGreaterThan(0.5);
    expect(job.progress.bytesDone / job.progress.bytesTotal).toBeLessThan(2);
    expect(job.progress.fraction).toBe(1);
    expect(await fragmentsOf(folder, [], 'docs')).toBe(1);
    expect(changed).toContain('docs');
  });

  it('cancels a queued compaction: the job says cancelled and the table is as it was', async () => {
    const before = await callOk<{ version: number }>(host, 'tables:head', {
      connectionId: folder,
      path: [],
      table: 'other',
    });
    // One maintenance job runs at a time: the second waits behind the first.
    const first = await callOk<{ id: string }>(host, 'tables:cleanup', {
      connectionId: folder,
      path: [],
      table: 'docs',
      olderThanMillis: Date.now() + 60_000,
    });
    const second = await callOk<{ id: string; state: string }>(host, 'tables:compact', {
      connectionId: folder,
      path: [],
      table: 'other',
    });
    expect(second.state).toBe('queued');
    await callOk(host, 'jobs:cancel', { connectionId: folder, jobId: second.id });
    expect((await finishedJob(host, second.id)).state).toBe('cancelled');
    expect((await finishedJob(host, first.id)).state).toBe('succeeded');
    expect(
      await callOk(host, 'tables:head', { connectionId: folder, path: [], table: 'other' }),
    ).toEqual(before);
    expect(await fragmentsOf(folder, [], 'other')).toBe(FRAGMENTS);
  });

  it('cleans up as a job, saying what it removed and which tag kept the rest', async () => {
    const head = { connectionId: folder, path: [], table: 'kept' };
    const { version: before } = await callOk<{ version: number }>(host, 'tables:head', head);
    const started = await callOk<{ id: string }>(host, 'tables:cleanup', {
      connectionId: folder,
      path: [],
      table: 'kept',
      olderThanMillis: Date.now() + 60_000,
    });
    const job = await finishedJob(host, started.id);
    expect(job).toMatchObject({ kind: 'cleanup', state: 'succeeded' });
    const { version: after } = await callOk<{ version: number }>(host, 'tables:head', head);
    const wrote = after > before ? `its optimize wrote version ${after}` : 'no new version written';
    expect(job.summary).toMatch(
      new RegExp(
        `^1 old version removed, [\\d.]+ (B|KiB) freed; ${wrote}; kept from where tag keep is on version 2$`,
      ),
    );
    const versions = await callOk<Array<{ version: number }>>(host, 'tables:versions', {
      connectionId: folder,
      path: [],
      table: 'kept',
    });
    expect(versions[0]!.version).toBe(2);
  });

  it("compacts a remote catalog's table as a job, its phase the server's", async () => {
    const seen: string[] = [];
    const off = host.on((event, payload) => {
      const p = payload as { kind?: string; phase?: string };
      if (event === 'jobs:progress' && p.kind === 'compact') seen.push(p.phase!);
    });
    const started = await callOk<{ id: string }>(host, 'tables:compact', {
      connectionId: remote,
      path: ['ns'],
      table: 'remote_docs',
    });
    const job = await finishedJob(host, started.id);
    off();
    expect(job.state, job.error?.message).toBe('succeeded');
    expect(seen).toContain('compacting on the server');
    expect(job.summary).toMatch(/^12 fragments merged into 1/);
    expect(await fragmentsOf(remote, ['ns'], 'remote_docs')).toBe(1);
  });
});
