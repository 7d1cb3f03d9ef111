/**
 * Whether the compiled command line (dist/cli) is older than a source it was built from. Read by
 * bin/catalog-studio.mjs, which warns and runs the build it has, and by
 * `scripts/build-cli.mjs --if-stale`, which rebuilds (npm start, serve, web and the tests' global
 * setup run that first). It costs a stat per source, a few milliseconds.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Why dist/cli needs a build ('first run', or '<source> changed'), or undefined when it is
 * current, or when there are no sources to compare with (an installed or packaged app).
 */
export function staleReason(root) {
  if (!existsSync(join(root, 'src-main/cli.ts'))) return undefined;
  let info;
  try {
    info = JSON.parse(readFileSync(join(root, 'dist/cli/build-info.json'), 'utf8'));
  } catch {
    return 'first run';
  }
  if (!existsSync(join(root, 'dist/cli/cli.mjs'))) return 'first run';
  for (const input of info.inputs) {
    const stat = statSync(join(root, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > info.builtAt) return `${input} changed`;
  }
  return undefined;
}
