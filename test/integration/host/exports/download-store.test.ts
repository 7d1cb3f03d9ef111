/**
 * The files of exports made for download, followed through real jobs: a succeeded job's file
 * waits for its download and goes once delivered or expired; a failed or cancelled job's folder
 * goes at once, and so does the slot of an export that never became a job.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../../src-main/catalog/jobs/job-registry';
import { DownloadStore } from '../../../../src-main/host/exports/download-store';

let dir: string;
let jobs: JobRegistry;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-downloads-'));
  jobs = new JobRegistry({ concurrency: 1, maxQueued: 8 });
});
afterEach(async () => {
  await jobs.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under the store's root, at any depth. */
const filesUnder = (root: string): string[] =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

const ended = (id: string) =>
  new Promise<void>((resolve) => {
    const off = jobs.on((e) => {
      if (e.type === 'jobs:finished' && e.job.id === id) {
        off();
        resolve();
      }
    });
  });

/** A job that writes the slot's file, then does what `then` says. */
function writeJob(path: string, then: (signal: AbortSignal) => Promise<void> = async () => {}) {
  return jobs.submit({
    kind: 'export',
    target: { namespacePath: [], table: 't' },
    run: async ({ signal }) => {
      writeFileSync(path, 'id\n1\n2\n');
      await then(signal);
    },
  });
}

describe('DownloadStore', () => {
  it('keeps a succeeded export until it is delivered, and names it for the browser', async () => {
    const store = new DownloadStore(join(dir, 'downloads'));
    const slot = store.reserve('my table', 'csv');
    expect(slot.name).toBe('my table.csv');
    const job = writeJob(slot.path);
    expect(store.ready(job.id)).toBeUndefined();
    store.track(job.id, slot, jobs);
    await ended(job.id);
    await expect.poll(() => store.ready(job.id)).toMatchObject({ name: 'my table.csv', size: 7 });
    store.delivered(job.id);
    expect(store.ready(job.id)).toBeUndefined();
    expect(existsSync(slot.folder)).toBe(false);
    store.close();
  });

  it('removes a file nobody fetched once it expires', async () => {
    const store = new DownloadStore(join(dir, 'downloads'), 200);
    const slot = store.reserve('t', 'ndjson');
    const job = writeJob(slot.path);
    store.track(job.id, slot, jobs);
    await expect.poll(() => store.ready(job.id)?.size).toBe(7);
    await expect.poll(() => existsSync(slot.folder), { timeout: 3_000 }).toBe(false);
    expect(store.ready(job.id)).toBeUndefined();
    store.close();
  });

  it('removes the folder of a failed or cancelled export, and of one never submitted', async () => {
    const root = join(dir, 'downloads');
    const store = new DownloadStore(root);
    const failing = store.reserve('a', 'csv');
    const failed = writeJob(failing.path, async () => {
      throw new Error('the disk is full');
    });
    store.track(failed.id, failing, jobs);
    await ended(failed.id);
    await expect.poll(() => existsSync(failing.folder)).toBe(false);

    const slow = store.reserve('b', 'csv');
    const running = writeJob(
      slow.path,
      (signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    store.track(running.id, slow, jobs);
    // Cancelled while it waits behind the running one: it never ran.
    const queuedSlot = store.reserve('c', 'csv');
    const queued = writeJob(queuedSlot.path);
    store.track(queued.id, queuedSlot, jobs);
    await jobs.cancel(queued.id);
    await expect.poll(() => existsSync(queuedSlot.folder)).toBe(false);
    await expect.poll(() => filesUnder(root)).toEqual(['b.csv']);
    await jobs.cancel(running.id);
    await expect.poll(() => existsSync(slow.folder)).toBe(false);

    store.release(store.reserve('d', 'csv'));
    expect(filesUnder(root)).toEqual([]);
    expect(readdirSync(readdirSync(root).map((r) => join(root, r))[0]!)).toEqual([]);
    store.close();
    expect(readdirSync(root)).toEqual([]);
  });

  it('is a folder of its own per download, whatever name it is given', () => {
    const store = new DownloadStore(join(dir, 'downloads'));
    const a = store.reserve('../../escape', 'csv');
    const b = store.reserve('../../escape', 'csv');
    expect(a.name).toBe('escape.csv');
    expect(a.folder).not.toBe(b.folder);
    expect(a.path.startsWith(join(dir, 'downloads'))).toBe(true);
    store.close();
  });
});
