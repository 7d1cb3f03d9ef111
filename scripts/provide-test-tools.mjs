#!/usr/bin/env node
/**
 * Installs what the test tiers need from Debian (test-tiers.mjs: Chromium, Ceph's daemons) where
 * the machine lets it: as root, with apt-get. `npm test` runs it first (scripts/test.mjs), so a
 * fresh machine needs nothing by hand; once the packages are in, it finds them and does nothing.
 * Where it cannot install, it says why in one line and `npm test` runs every other tier.
 *
 *   node scripts/provide-test-tools.mjs [--dry-run]
 *
 * `--dry-run` decides exactly as a real run would (the same PATH lookups, root, apt-get) and
 * prints the commands instead of running them. Exits 0 unless apt-get itself failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { debianPackages, findOnPath, tiersMissingTools } from './test-tiers.mjs';

// apt's own limits: a mirror that does not answer fails the update in seconds, not minutes.
const APT_OPTIONS = ['-o', 'Acquire::Retries=1', '-o', 'Acquire::http::Timeout=20'];
const STEP_TIMEOUT_MS = 20 * 60_000;

const say = (line) => process.stdout.write(`${line}\n`);

/**
 * Installs the missing packages if it can. Returns what happened: `nothing` (all there),
 * `installed`, `would-install` (dry run), `cannot` (not root, or no apt-get) or `failed`.
 */
export function provideTestTools({ dryRun = false, env = process.env, log = say } = {}) {
  const lacking = tiersMissingTools(env);
  if (lacking.length === 0) return { outcome: 'nothing', packages: [] };
  const packages = debianPackages(lacking.flatMap(({ missing }) => missing));
  const tiers = lacking.map(({ tier }) => tier.name).join(' and ');
  const isRoot = process.getuid?.() === 0;
  const apt = findOnPath('apt-get', env);
  if (!isRoot || !apt) {
    const why = !isRoot ? 'not running as root' : 'apt-get is not on this machine';
    log(`npm test: cannot install ${packages.join(', ')} for the ${tiers} tests (${why})`);
    return { outcome: 'cannot', packages, why };
  }
  const steps = [
    [apt, ['-qq', ...APT_OPTIONS, 'update']],
    [apt, ['-y', '-qq', ...APT_OPTIONS, 'install', '--no-install-recommends', ...packages]],
  ];
  if (dryRun) {
    log(`npm test: would install ${packages.join(', ')} for the ${tiers} tests, running:`);
    for (const [command, args] of steps) log(`  ${command} ${args.join(' ')}`);
    return { outcome: 'would-install', packages };
  }
  log(`npm test: installing ${packages.join(', ')} for the ${tiers} tests (apt-get, once)`);
  const logFile = join(mkdtempSync(join(tmpdir(), 'cs-apt-')), 'apt.log');
  let output = '';
  for (const [command, args] of steps) {
    const run = spawnSync(command, args, {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
      encoding: 'utf8',
      timeout: STEP_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    output += `$ ${command} ${args.join(' ')}\n${run.stdout ?? ''}${run.stderr ?? ''}\n`;
    if (run.status !== 0) {
      writeFileSync(logFile, output);
      const why = `apt-get ${args.includes('update') ? 'update' : 'install'} failed (${run.error?.message ?? `exit ${run.status}`}); its output: ${logFile}`;
      log(`npm test: ${why}`);
      return { outcome: 'failed', packages, why };
    }
  }
  return { outcome: 'installed', packages };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { outcome } = provideTestTools({ dryRun: process.argv.includes('--dry-run') });
  if (outcome === 'failed') process.exitCode = 1;
}
