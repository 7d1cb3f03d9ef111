/**
 * `npm start`: the desktop app. Electron's runtime is downloaded by its npm package's install
 * step, which cannot run on machines without that download; there the app says so in one line
 * and starts the web mode instead, which serves the same renderer and host to a browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { RENDERER_DIR } from './paths';
import { appBuilds, ensureBuilt } from './vite-builds';

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

export async function desktop(argv: string[]): Promise<number> {
  const electron = electronBinary();
  ensureBuilt(appBuilds(electron !== undefined));
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
