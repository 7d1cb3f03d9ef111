/**
 * `npm start` on a machine without Electron's runtime: one line says so, then the web mode starts
 * and prints its address, which answers. (Electron's runtime cannot be downloaded here.)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'cs-desktop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

const electronInstalled = (() => {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  return (
    existsSync(pathFile) &&
    existsSync(join(ROOT, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim()))
  );
})();

describe.skipIf(electronInstalled)(
  'npm start without Electron (skipped where Electron is installed)',
  () => {
    it('says so in one line and starts the web mode', async () => {
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'bin/catalog-studio.mjs'),
          '--root',
          join(dir, 'cat'),
          '--data',
          join(dir, 'data'),
        ],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        const lines: string[] = [];
        const opened = await new Promise<string>((resolve, reject) => {
          createInterface({ input: child.stdout! }).on('line', (line) => {
            lines.push(line);
            if (line.startsWith('open ')) resolve(line.slice(5));
          });
          child.once('exit', (code) =>
            reject(new Error(`exited with ${code}: ${lines.join('\n')}`)),
          );
        });
        const notices = lines.filter((l) => /Electron/.test(l));
        expect(notices).toEqual([
          "Electron's runtime is not installed on this machine (it cannot be downloaded here); starting the web mode instead.",
        ]);
        expect(lines.some((l) => /Downloading Electron/.test(l))).toBe(false);
        const page = await fetch(opened);
        expect(page.status).toBe(200);
      } finally {
        // Wait for it to be gone: on its way out it still writes into the folder removed below.
        const gone = new Promise((resolve) =>
          child.exitCode === null && child.signalCode === null
            ? child.once('exit', resolve)
            : resolve(undefined),
        );
        child.kill('SIGTERM');
        await gone;
      }
    }, 120_000);
  },
);
