/**
 * The set-up `npm test` runs first (scripts/provide-test-tools.mjs), on machine states made with
 * PATH: one without Chromium and Ceph but with apt-get (its --dry-run prints the exact apt-get
 * commands a real run would run), one without apt-get, one as a user other than root, and one
 * with every tool. It runs as its own process, as `npm test` runs it. No container runs here, so
 * the real install on a machine without the packages is not exercised by this test.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TIERS, findOnPath } from '../../../scripts/test-tiers.mjs';

const SCRIPTS = join(__dirname, '../../../scripts');
const SCRIPT = join(SCRIPTS, 'provide-test-tools.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'cs-provide-tools-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ALL_PACKAGES = 'chromium radosgw ceph-mon ceph-base ceph-osd ceph-common curl';

/** A folder for PATH holding links to the named programs, found on this machine's PATH. */
function pathWith(name: string, commands: string[]): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  for (const command of commands) {
    const found = findOnPath(command);
    if (found) symlinkSync(found, join(dir, command));
  }
  return dir;
}

function run(path: string, args: string[] = ['--dry-run'], node = process.execPath) {
  const result = spawnSync(node, [SCRIPT, ...args], {
    env: { PATH: path, HOME: scratch },
    encoding: 'utf8',
  });
  return { status: result.status, lines: result.stdout.trim().split('\n').filter(Boolean) };
}

const isRoot = process.getuid?.() === 0;
const aptGet = findOnPath('apt-get');

describe('provide-test-tools', () => {
  it.skipIf(!isRoot || !aptGet)(
    'as root with apt-get and none of the tools: prints the update and the install of every package',
    () => {
      const { status, lines } = run(pathWith('apt-only', ['apt-get']));
      expect(status).toBe(0);
      expect(lines[0]).toBe(
        `npm test: would install ${ALL_PACKAGES.split(' ').join(', ')} for the browser and S3 tests, running:`,
      );
      const apt = join(scratch, 'apt-only', 'apt-get');
      expect(lines[1]).toMatch(new RegExp(`^  ${apt} -qq .* update$`));
      expect(lines[2]).toMatch(
        new RegExp(`^  ${apt} -y -qq .* install --no-install-recommends ${ALL_PACKAGES}$`),
      );
    },
  );

  it.skipIf(!isRoot || !aptGet)(
    'installs only what is missing: Ceph, when Chromium is there',
    () => {
      const chromium = findOnPath('chromium');
      if (!chromium) return; // nothing to keep: the case above covers a machine with none
      const { lines } = run(pathWith('apt-and-browser', ['apt-get', 'chromium']));
      expect(lines[0]).toMatch(/would install radosgw, .*curl for the S3 tests/);
      expect(lines.join('\n')).not.toMatch(/chromium/);
    },
  );

  it('without apt-get: says in one line that it cannot, and exits 0 so that npm test goes on', () => {
    const { status, lines } = run(pathWith('bare', []), []);
    expect(status).toBe(0);
    expect(lines).toEqual([
      isRoot
        ? `npm test: cannot install ${ALL_PACKAGES.split(' ').join(', ')} for the browser and S3 tests (apt-get is not on this machine)`
        : expect.stringMatching(/\(not running as root\)$/),
    ]);
  });

  // As a real other user (setpriv), with a Node that user may run: Debian's /usr/bin/node.
  const asOther = isRoot && existsSync('/usr/bin/setpriv') && existsSync('/usr/bin/node');
  it.skipIf(!asOther || !aptGet)(
    'as a user other than root: cannot install, says why, and installs nothing',
    () => {
      const path = pathWith('apt-for-nobody', ['apt-get']);
      // The checkout may sit in a folder only root can enter (mktemp -d): the user runs a copy.
      const copy = join(scratch, 'scripts-for-nobody');
      mkdirSync(copy);
      for (const file of ['provide-test-tools.mjs', 'test-tiers.mjs']) {
        copyFileSync(join(SCRIPTS, file), join(copy, file));
      }
      chmodSync(scratch, 0o755);
      const result = spawnSync(
        '/usr/bin/setpriv',
        [
          '--reuid=65534',
          '--regid=65534',
          '--clear-groups',
          '/usr/bin/node',
          join(copy, 'provide-test-tools.mjs'),
        ],
        { env: { PATH: path, HOME: '/tmp' }, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe(
        `npm test: cannot install ${ALL_PACKAGES.split(' ').join(', ')} for the browser and S3 tests (not running as root)`,
      );
    },
  );

  const everyTool = TIERS.flatMap((tier) => tier.tools.map((tool) => tool.command));
  it.skipIf(everyTool.some((command) => !findOnPath(command)))(
    'with every tool there: does nothing and prints nothing, even with apt-get at hand',
    () => {
      const { status, lines } = run(pathWith('complete', [...everyTool, 'apt-get']), []);
      expect(status).toBe(0);
      expect(lines).toEqual([]);
    },
  );
});
