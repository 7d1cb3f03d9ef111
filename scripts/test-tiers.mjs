/**
 * The test tiers that need programs from outside npm, what each needs, and from which Debian
 * package: one table for the set-up (provide-test-tools.mjs), `npm test`'s closing lines
 * (test.mjs) and the S3 store's global setup. Everything else `npm test` runs needs only
 * `npm install` (Azurite, for the `az://` tests, is an npm package).
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';

export const TIERS = [
  {
    name: 'browser',
    runs: "test/e2e and test/reliability/edge-browser.test.ts, in Debian's Chromium",
    tools: [{ command: 'chromium', debianPackage: 'chromium' }],
  },
  {
    name: 'S3',
    runs: "the s3:// tests, against Ceph's RADOS Gateway",
    tools: [
      { command: 'radosgw', debianPackage: 'radosgw' },
      { command: 'ceph-mon', debianPackage: 'ceph-mon' },
      { command: 'monmaptool', debianPackage: 'ceph-base' },
      { command: 'ceph-osd', debianPackage: 'ceph-osd' },
      { command: 'ceph', debianPackage: 'ceph-common' },
      { command: 'radosgw-admin', debianPackage: 'ceph-common' },
      { command: 'curl', debianPackage: 'curl' },
    ],
  },
];

/**
 * Whether a tier that cannot run fails the run rather than being skipped: CI sets
 * CATALOG_STUDIO_REQUIRE_ALL_TIERS=1 (.ci/run), and most CI services set CI=true by themselves.
 */
export function requireAllTiers(env = process.env) {
  const on = (value) => value !== undefined && !['', '0', 'false'].includes(value.toLowerCase());
  return on(env.CATALOG_STUDIO_REQUIRE_ALL_TIERS) || on(env.CI);
}

/** The first executable `command` on PATH, or undefined. */
export function findOnPath(command, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** The tools a tier lacks here. */
export function missingTools(tier, env = process.env) {
  return tier.tools.filter((tool) => !findOnPath(tool.command, env));
}

/** The tiers that cannot run here, each with the tools it lacks. */
export function tiersMissingTools(env = process.env) {
  return TIERS.map((tier) => ({ tier, missing: missingTools(tier, env) })).filter(
    ({ missing }) => missing.length > 0,
  );
}

/** The Debian packages that bring the given tools, each once, in table order. */
export function debianPackages(tools) {
  return [...new Set(tools.map((tool) => tool.debianPackage))];
}

/** The one command that installs them, as this user would type it. */
export function installCommand(packages, isRoot = process.getuid?.() === 0) {
  const apt = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  return isRoot ? apt : `sudo ${apt}`;
}
