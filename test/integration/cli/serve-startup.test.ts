/**
 * The compiled command line: bin/catalog-studio.mjs runs dist/cli (which the run's global setup
 * brought up to date), no TypeScript is transpiled at run time, and `serve` on a local folder starts
 * without loading an object-store SDK. The startup time is printed, not asserted (a benchmark is
 * not a timed test: `npm run bench:cli` measures it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const BIN = join(ROOT, 'bin/catalog-studio.mjs');
const COMPILED = join(ROOT, 'dist/cli/cli.mjs');
const dir = mkdtempSync(join(tmpdir(), 'cs-cli-compiled-'));
const children: ChildProcess[] = [];

beforeAll(() => {
  // The launcher runs the build the global setup made (build-cli.global.ts).
  const help = spawnSync(process.execPath, [BIN, 'help'], { cwd: ROOT, encoding: 'utf8' });
  expect(help.status, help.stderr).toBe(0);
  expect(help.stdout).toMatch(/catalog-studio serve --root/);
}, 120_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

/**
 * Module resolution hooks that write down every module the process resolves through `import`:
 * the bundle loads each external package (LanceDB, the SDKs, tsx) that way.
 */
function resolveLog(): { args: string[]; resolved: () => string[] } {
  const log = join(dir, `resolved-${children.length}.txt`);
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return {
    args: ['--import', pathToFileURL(register).href],
    resolved: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

function startServe(nodeArgs: string[], entry: string, root: string) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, entry, 'serve', '--root', root, '--port', '0'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = new Promise<{ line: string; ms: number }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve({ line, ms: performance.now() - started }),
    );
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return { child, firstLine, exit };
}

describe('the compiled command line', () => {
  it('is built from the sources it lists, and is not older than any of them', () => {
    const info = JSON.parse(readFileSync(join(ROOT, 'dist/cli/build-info.json'), 'utf8')) as {
      builtAt: number;
      inputs: string[];
      outputs: string[];
    };
    expect(info.inputs).toContain('src-main/cli.ts');
    expect(info.inputs).toContain('src-main/cli/serve.ts');
    expect(info.outputs).toContain('cli.mjs');
    for (const output of info.outputs) statSync(join(ROOT, 'dist/cli', output));
  });

  it('serves a local folder without loading tsx, the builder or an object-store SDK', async () => {
    const log = resolveLog();
    const { child, firstLine, exit } = startServe(log.args, BIN, join(dir, 'catalog'));
    const { line } = await firstLine;
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('listening on '.length);
    const list = await fetch(`${url}/v1/namespace/$/list`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ namespaces: [] });

    const resolved = log.resolved();
    expect(resolved.some((u) => u.includes('/dist/cli/cli.mjs'))).toBe(true);
    expect(resolved.filter((u) => u.endsWith('.ts'))).toEqual([]);
    const loaded = resolved.filter((u) =>
      /node_modules\/(tsx|@aws-sdk|@azure|@google-cloud|google-auth-library)\//.test(u),
    );
    expect(loaded).toEqual([]);
    // The launcher runs dist/ only: nothing from scripts/ (the builder) nor esbuild is loaded.
    expect(resolved.filter((u) => /\/scripts\/|node_modules\/esbuild\//.test(u))).toEqual([]);

    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('starts `serve` from dist/cli directly; prints (does not assert) the time to listening', async () => {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const { child, firstLine, exit } = startServe([], COMPILED, join(dir, `direct-${run}`));
      const { line, ms } = await firstLine;
      const url = line.slice('listening on '.length);
      expect((await fetch(`${url}/v1/namespace/$/list`)).status).toBe(200);
      times.push(ms);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `compiled serve: listening ${times[1]!.toFixed(0)} ms after spawn (median of ${times.map((t) => t.toFixed(0)).join(', ')}; npm run bench:cli measures)\n`,
    );
  });

  it('prints a catalog with `tree`', () => {
    const root = join(dir, 'tree-catalog');
    const run = spawnSync(process.execPath, [BIN, 'tree', '--root', root], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(root);
  });
});
