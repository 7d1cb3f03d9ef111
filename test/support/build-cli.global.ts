/**
 * Vitest global setup: brings the compiled command line (dist/cli) up to date once, before any
 * test starts `bin/catalog-studio.mjs` as a process, which runs dist/cli as built and never
 * builds itself. A build costs a few seconds, and only after a source changed.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup() {
  const root = join(__dirname, '../..');
  execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs'), '--if-stale'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
