/**
 * The app's own Vite builds (the renderer; for Electron also its main and preload bundles), made
 * before a start when missing or older than a source they are built from, so that `npm start`
 * and `catalog-studio web` never serve a stale or absent renderer. Only in a checkout: a packaged
 * app has no sources and runs what it shipped.
 *
 * Vite's output goes to stderr: a command's first line on stdout is its contract (`open …`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { RENDERER_DIR, ROOT } from './paths';

export interface ViteBuild {
  /** The file whose age stands for the build's. */
  output: string;
  /** Arguments after `vite build`. */
  args: string[];
  /** Files and folders (searched whole) the build is made from. */
  inputs: string[];
}

const SHARED_INPUTS = ['src-shared', 'vite.config.ts', 'package.json'];

export function appBuilds(forElectron: boolean): ViteBuild[] {
  const builds: ViteBuild[] = [
    {
      output: join(RENDERER_DIR, 'index.html'),
      args: [],
      inputs: ['src-renderer', ...SHARED_INPUTS],
    },
  ];
  if (forElectron) {
    for (const [file, mode] of [
      ['main.cjs', 'main'],
      ['preload.cjs', 'preload'],
    ] as const) {
      builds.push({
        output: join(ROOT, 'dist/main', file),
        args: ['--mode', mode],
        inputs: ['src-main', ...SHARED_INPUTS],
      });
    }
  }
  return builds.map((b) => ({ ...b, inputs: b.inputs.map((input) => join(ROOT, input)) }));
}

/** Why a build must be made again ("first start", "src-renderer/App.tsx changed"), or undefined. */
export function staleReason(build: ViteBuild): string | undefined {
  const present = build.inputs.filter((input) => existsSync(input));
  // No sources (a packaged app): what shipped is what runs.
  if (present.length === 0) return existsSync(build.output) ? undefined : 'first start';
  if (!existsSync(build.output)) return 'first start';
  const builtAt = statSync(build.output).mtimeMs;
  for (const input of present) {
    const newer = newerFile(input, builtAt);
    if (newer) return `${relative(ROOT, newer)} changed`;
  }
  return undefined;
}

/** The first file under `path` changed after `since`, skipping dependencies and outputs. */
function newerFile(path: string, since: number): string | undefined {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > since ? path : undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.name === 'test-results') continue;
    const found = newerFile(join(path, entry.name), since);
    if (found) return found;
  }
  return undefined;
}

export function ensureBuilt(builds: ViteBuild[]): void {
  for (const build of builds) {
    const reason = staleReason(build);
    if (!reason) continue;
    process.stderr.write(`Building ${relative(ROOT, build.output)} (${reason})…\n`);
    const built = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...build.args],
      { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] },
    );
    if (built.status !== 0) throw new Error(`The build of ${relative(ROOT, build.output)} failed`);
  }
}
