/**
 * The app knows its own writes (issue 35, item 5): versions it committed itself, through any of
 * its connections (an edit, a compaction job, an index build), are not counted as committed
 * elsewhere by `tables:head`; a commit by another writer is, once the app's own writes have
 * ended.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { callOk, finishedJob } from '../../support/host-calls';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let root: string;
let host: Host;
let first: string;
let second: string;

interface Head {
  version: number;
  elsewhere?: number;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-own-writes-'));
  root = join(dir, 'cat');
  const catalog = await connect(root);
  const table = await catalog.createTable('docs', sampleTable(500, 8));
  for (let i = 1; i < 6; i++) await table.insert(sampleTable(500, 8, { idOffset: i * 500 }));
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  // Two connections of the app to one folder: a write through either is the app's.
  ({ id: first } = await callOk<{ id: string }>(host, 'connections:open-folder', { path: root }));
  ({ id: second } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: root,
    name: 'again',
  }));
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const docs = (connectionId: string) => ({ connectionId, path: [], table: 'docs' });
const head = (connectionId: string, since?: number) =>
  callOk<Head>(host, 'tables:head', {
    ...docs(connectionId),
    ...(since === undefined ? {} : { since }),
  });

describe('own writes', () => {
  it('answers the newest version alone when not asked since which one', async () => {
    const answer = await head(first);
    expect(answer.elsewhere).toBeUndefined();
    expect(answer.version).toBeGreaterThan(1);
  });

  it('counts none of the versions its own edit and compaction committed, on either connection', async () => {
    const { version: shown } = await head(first);
    await callOk(host, 'rows:delete', { ...docs(second), filter: 'id < 10' });
    const job = await callOk<{ id: string }>(host, 'tables:compact', docs(first));
    expect((await finishedJob(host, job.id)).state).toBe('succeeded');
    const after = await head(second, shown);
    expect(after.version).toBeGreaterThanOrEqual(shown + 2);
    expect(after.elsewhere).toBe(0);
    expect((await head(first, shown)).elsewhere).toBe(0);
  });

  it('counts none while its own index build runs and after it commits', async () => {
    const { version: shown } = await head(first);
    const job = await callOk<{ id: string }>(host, 'indexes:create', {
      ...docs(first),
      request: { column: 'id', index_type: 'BTREE' },
    });
    expect((await head(first, shown)).elsewhere).toBe(0);
    expect((await finishedJob(host, job.id)).state).toBe('succeeded');
    // The bracket closes once the job has ended and the newest version has been read again.
    await expect.poll(async () => (await head(first)).version).toBeGreaterThan(shown);
    expect((await head(first, shown)).elsewhere).toBe(0);
  });

  it('counts a commit by another writer', async () => {
    const { version: shown } = await head(first);
    const other = await connect(root);
    await (await other.openTable('docs')).insert(sampleTable(5, 8, { idOffset: 10_000 }));
    await other.close();
    // An own write ended a moment ago may still be closing its bracket: the count settles at 1.
    await expect.poll(async () => (await head(first, shown)).elsewhere).toBe(1);
    expect((await head(second, shown)).elsewhere).toBe(1);
  });
});
