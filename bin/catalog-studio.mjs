#!/usr/bin/env node
// Runs the compiled command line, dist/cli/cli.mjs, which `npm install` builds (the `prepare`
// script). It builds nothing itself: the build is a development step that needs esbuild, a
// devDependency, and an installed or packaged app has only dist/. In a checkout whose sources
// are newer than the build it says so and runs the build it has; `npm start`, `npm run serve`,
// `npm run web` and the tests rebuild first (`node scripts/build-cli.mjs --if-stale`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason } from './stale-build.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'dist/cli/cli.mjs');

// On stderr: a command's first line on stdout is its contract (`listening on …`, `open …`).
if (!existsSync(ENTRY)) {
  process.stderr.write(
    'dist/cli is not built: `npm install` builds it, or `npm run build:cli` after `npm install --ignore-scripts`\n',
  );
  process.exit(1);
}
const stale = staleReason(ROOT);
if (stale) {
  process.stderr.write(
    `dist/cli is older than its sources (${stale}); running it as built. \`npm run build:cli\` rebuilds it\n`,
  );
}
await import(pathToFileURL(ENTRY).href);
