/**
 * `npm start`: the desktop app. Electron's runtime is downloaded by its npm package's install
 * step, which cannot run on machines without that download; there the app says so in one line
 * and starts the web mode instead, which serves the same renderer and host to a browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { RENDERER_DIR, ROOT } from './paths';

/**
 * The installed Electron executable, found the way Electron's own package finds it, but without
 * requiring that package: on a miss, its index.js starts a download, which cannot work here.
 */
function electronBinary(): string | undefined {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const executable = readFileSync(pathFile, 'utf8').trim();
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
  const full = join(distDir, executable);
  return existsSync(full) ? full : undefined;
}

/** Builds what a start needs and is missing: the renderer, and for Electron its main and preload. */
function ensureBuilt(forElectron: boolean): void {
  const builds: Array<[string, string[]]> = [[join(RENDERER_DIR, 'index.html'), []]];
  if (forElectron) {
    builds.push([join(ROOT, 'dist/main/main.cjs'), ['--mode', 'main']]);
    builds.push([join(ROOT, 'dist/main/preload.cjs'), ['--mode', 'preload']]);
  }
  for (const [output, args] of builds) {
    if (existsSync(output)) continue;
    console.log(`Building ${output.slice(ROOT.length + 1)} (first start)…`);
    const built = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...args],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) throw new Error(`The build of ${output} failed`);
  }
}

export async function desktop(argv: string[]): Promise<number> {
  const electron = electronBinary();
  ensureBuilt(electron !== undefined);
  if (!electron) {
    console.log(
      "Electron's runtime is not installed on this machine (it cannot be downloaded here); starting the web mode instead.",
    );
    // Loaded only here: Electron's start needs none of the host and web server it brings.
    const { web } = await import('./web');
    return web(argv);
  }
  const child = spawn(electron, [join(RENDERER_DIR, '../main/main.cjs'), ...argv], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}
