/**
 * `serve`'s workers start with glibc's mmap threshold fixed (serve-workers/allocator-env.ts), so
 * their resident size does not keep the buffers of the largest answers they sent; a threshold the
 * user set goes to them unchanged. (An empty GLIBC_TUNABLES stands for a runner without any.)
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

/**
 * glibc parses GLIBC_TUNABLES in place at a process's start, so /proc/<pid>/environ shows only its
 * first tunable: ours lead (the whole value is allocator-env's unit test's).
 */
const FIRST = `glibc.malloc.mmap_threshold=${MMAP_THRESHOLD_BYTES}`;

it.each([
  ['fixed by default', { GLIBC_TUNABLES: '' }, { GLIBC_TUNABLES: FIRST }],
  [
    'as the user set it',
    { MALLOC_MMAP_THRESHOLD_: '262144', GLIBC_TUNABLES: '' },
    { MALLOC_MMAP_THRESHOLD_: '262144', GLIBC_TUNABLES: '' },
  ],
])(
  'starts every worker with the threshold %s',
  async (_, env, expected) => {
    const server = await startServerProcess(['--workers', '2', '--root', join(dir, 'root')], env);
    try {
      const workers = workerPids(server.child.pid!);
      expect(workers).toHaveLength(2);
      for (const pid of workers) {
        const environ = environOf(pid);
        for (const [name, value] of Object.entries(expected)) expect(environ[name]).toBe(value);
      }
    } finally {
      await server.kill('SIGTERM');
    }
  },
  60_000,
);
