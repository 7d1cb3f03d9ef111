/**
 * `npm start`: the desktop app. Electron's runtime is downloaded by its npm package's install
 * step, which cannot run on machines without that download; there the app says so in one line
 * and starts the web mode instead, which serves the same renderer and host to a browser.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { RENDERER_DIR, web } from './web';

function electronBinary(): string | undefined {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function ensureRenderer(): void {
  if (existsSync(join(RENDERER_DIR, 'index.html'))) return;
  console.log('Building the renderer (first start)…');
  const built = spawnSync(
    process.execPath,
    [join(RENDERER_DIR, '../../node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: join(RENDERER_DIR, '../..'),
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('The renderer build failed');
}

export async function desktop(argv: string[]): Promise<number> {
  ensureRenderer();
  const electron = electronBinary();
  if (!electron) {
    console.log(
      "Electron's runtime is not installed on this machine (it cannot be downloaded here); starting the web mode instead.",
    );
    return web(argv);
  }
  const child = spawn(electron, [join(RENDERER_DIR, '../main/main.cjs'), ...argv], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}
