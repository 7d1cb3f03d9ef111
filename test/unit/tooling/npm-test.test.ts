/**
 * `npm test` itself (scripts/test.mjs) on a machine state without Chromium, Ceph or apt-get,
 * made with PATH: it runs the tests it can, ends green, and its last lines name each tier not run
 * and the one command that enables them; with CATALOG_STUDIO_REQUIRE_ALL_TIERS=1 (as CI sets) the
 * same state fails before any test runs. The run selects one small unit file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const bare = mkdtempSync(join(tmpdir(), 'cs-npm-test-'));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

const INSTALL =
  'apt-get install -y --no-install-recommends chromium radosgw ceph-mon ceph-base ceph-osd ceph-common curl && npm test';

function npmTest(env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/test.mjs'), 'test/unit/shared/vocabulary/field-paths.test.ts'],
    {
      cwd: ROOT,
      // Only PATH is bare: the switch is off unless a case sets it, whatever CI this runs in.
      env: { PATH: bare, HOME: bare, CI: '', CATALOG_STUDIO_REQUIRE_ALL_TIERS: '', ...env },
      encoding: 'utf8',
    },
  );
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

const command = process.getuid?.() === 0 ? INSTALL : `sudo ${INSTALL}`;

it('runs what it can, ends green, and its last lines name the tiers not run and the command', () => {
  const { status, lines } = npmTest({});
  expect(status).toBe(0);
  expect(lines).toContain('30 passed, 0 failed, 0 skipped');
  expect(lines.slice(-3)).toEqual([
    "Skipped: the browser tier (test/e2e and test/reliability/edge-browser.test.ts, in Debian's Chromium): chromium not installed.",
    "Skipped: the S3 tier (the s3:// tests, against Ceph's RADOS Gateway): radosgw, ceph-mon, monmaptool, ceph-osd, ceph, radosgw-admin, curl not installed.",
    `To run them too: ${command}`,
  ]);
}, 120_000);

it('fails at once, running nothing, when every tier is required', () => {
  const { status, lines } = npmTest({ CATALOG_STUDIO_REQUIRE_ALL_TIERS: '1' });
  expect(status).toBe(1);
  expect(lines.some((line) => / passed, /.test(line))).toBe(false);
  expect(lines).toContain(`To run them too: ${command}`);
  expect(lines.at(-1)).toMatch(/^Not run: CATALOG_STUDIO_REQUIRE_ALL_TIERS or CI is set/);
}, 120_000);
