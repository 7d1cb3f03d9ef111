/**
 * Runs generated snippets for real: TypeScript with the repo's tsx from a temp folder inside the
 * repository (so `@lancedb/lancedb` and `apache-arrow` resolve), curl through `bash -c`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../../../..');
const TSX = join(REPO, 'node_modules/.bin/tsx');

/**
 * A temp folder inside the repository, where `@lancedb/lancedb` resolves, removed by the returned
 * function. Under node_modules/.cache: present on every install, and outside what lint and
 * prettier read (a clean clone has no `.scratch/`).
 */
export function scratchDir(): { dir: string; remove: () => void } {
  const parent = join(REPO, 'node_modules', '.cache', 'snippets');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'snippet-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const MARK = '@@result ';

/**
 * Runs a TypeScript snippet with `printed` (an expression over its variables) appended as a
 * marked JSON line, and returns that value.
 */
export async function runTypescript(
  code: string,
  printed = 'null',
  env: Record<string, string> = {},
): Promise<unknown> {
  const { dir, remove } = scratchDir();
  try {
    const file = join(dir, 'snippet.mts');
    writeFileSync(
      file,
      `${code}\nconsole.log(${JSON.stringify(MARK)} + JSON.stringify(${printed}));\n`,
    );
    const { stdout } = await run(TSX, [file], {
      cwd: dir,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = stdout.split('\n').find((l) => l.startsWith(MARK));
    if (line === undefined) throw new Error(`The snippet printed no result:\n${stdout}`);
    return JSON.parse(line.slice(MARK.length)) as unknown;
  } finally {
    remove();
  }
}

/** Runs a shell snippet in `cwd` and returns its stdout; a failing command rejects with its output. */
export async function runBash(
  code: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', code], {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    // curl --fail-with-body writes the error body to stdout: put it in the failure.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The snippet failed:\n${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`, {
      cause: error,
    });
  }
}
