#!/usr/bin/env node
// Runs the compiled command line, dist/cli/cli.mjs, which `npm install` builds (the `prepare`
// script, scripts/build-cli.mjs). In a checkout it is built first where it is missing (a first
// run after `npm install --ignore-scripts`) or older than a source it was built from, so that an
// edit is never run stale; that costs a stat per source (a few milliseconds), and a build (about
// a second) only after an edit. Where there are no sources (a packaged app), dist/cli runs as is.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'dist/cli/cli.mjs');

function buildNeeded() {
  if (!existsSync(join(ROOT, 'src-main/cli.ts'))) return undefined;
  let info;
  try {
    info = JSON.parse(readFileSync(join(ROOT, 'dist/cli/build-info.json'), 'utf8'));
  } catch {
    return 'first run';
  }
  if (!existsSync(ENTRY)) return 'first run';
  for (const input of info.inputs) {
    const stat = statSync(join(ROOT, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > info.builtAt) return `${input} changed`;
  }
  return undefined;
}

const reason = buildNeeded();
if (reason) {
  // On stderr: a command's first line on stdout is its contract (`listening on …`, `open …`).
  process.stderr.write(`Building dist/cli (${reason})…\n`);
  try {
    const { buildCli } = await import('../scripts/build-cli.mjs');
    await buildCli({ logLevel: 'error' });
  } catch (error) {
    const missing =
      error?.code === 'ERR_MODULE_NOT_FOUND' ? ' (`npm install` installs esbuild)' : '';
    process.stderr.write(`The build of dist/cli failed${missing}: ${error?.message ?? error}\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(ENTRY).href);
