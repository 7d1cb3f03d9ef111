/**
 * `serve`'s workers start with glibc's mmap threshold fixed (serve-workers/allocator-env.ts), so
 * their resident size does not keep the buffers of the largest answers they sent; a threshold the
 * user set goes to them unchanged.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MMAP_THRESHOLD_BYTES } from '../../../src-main/cli/serve-workers/allocator-env';
import { workerPids } from '../../support/child-pids';
import { startServerProcess } from '../../support/server-process';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-serve-allocator-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function environOf(pid: number): Record<string, string> {
  return Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

it.each([
  // The runner's own setting, if it has one, is the user's.
  ['by default', {}, process.env.MALLOC_MMAP_THRESHOLD_ ?? String(MMAP_THRESHOLD_BYTES)],
  ['as the user set it', { MALLOC_MMAP_THRESHOLD_: '262144' }, '262144'],
])(
  'gives every worker the threshold %s',
  async (_, env, expected) => {
    const server = await startServerProcess(['--workers', '2', '--root', join(dir, 'root')], env);
    try {
      const workers = workerPids(server.child.pid!);
      expect(workers).toHaveLength(2);
      for (const pid of workers) expect(environOf(pid).MALLOC_MMAP_THRESHOLD_).toBe(expected);
    } finally {
      await server.kill('SIGTERM');
    }
  },
  60_000,
);
