#!/usr/bin/env node
/**
 * `npm test`: provides what the test tiers need (provide-test-tools.mjs: Debian's Chromium and
 * Ceph, where the machine lets it), runs vitest with the arguments given (`npm test -- FILES`),
 * and, when a tier cannot run here, ends with lines that say which tiers did not run and the one
 * command that enables them. Under CATALOG_STUDIO_REQUIRE_ALL_TIERS=1 or CI (test-tiers.mjs), a
 * tier that cannot run fails at once instead: CI never passes on a skip.
 * CATALOG_STUDIO_TEST_TOOLS=dry-run has the set-up print its apt-get commands, not run them.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { nodeFloorProblem } from './node-floor.mjs';
import { provideTestTools } from './provide-test-tools.mjs';
import {
  debianPackages,
  installCommand,
  requireAllTiers,
  tiersMissingTools,
} from './test-tiers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const strict = requireAllTiers();
const say = (line) => process.stdout.write(`${line}\n`);

provideTestTools({ dryRun: process.env.CATALOG_STUDIO_TEST_TOOLS === 'dry-run' });
const closing = [nodeFloorProblem(), ...skippedTierLines()].filter(Boolean);
if (strict && closing.length > 0) {
  // Nothing is run: the run could only fail, and minutes later.
  for (const line of closing) say(line);
  say(
    'Not run: CATALOG_STUDIO_REQUIRE_ALL_TIERS or CI is set, and then every tier must run, on the declared Node.',
  );
  process.exit(1);
}
const run = spawnSync(process.execPath, [VITEST, 'run', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
// Last, after vitest's own summary, so that they are what a person reads first.
if (closing.length > 0) say(`\n${closing.join('\n')}`);
process.exit(run.status ?? 1);

/** The tiers whose tools are missing, and the one command that enables them all. */
function skippedTierLines() {
  const lacking = tiersMissingTools();
  if (lacking.length === 0) return [];
  const lines = lacking.map(
    ({ tier, missing }) =>
      `Skipped: the ${tier.name} tier (${tier.runs}): ${missing.map((t) => t.command).join(', ')} not installed.`,
  );
  const packages = debianPackages(lacking.flatMap(({ missing }) => missing));
  lines.push(
    `To run ${lacking.length > 1 ? 'them' : 'it'} too: ${installCommand(packages)} && npm test`,
  );
  return lines;
}
