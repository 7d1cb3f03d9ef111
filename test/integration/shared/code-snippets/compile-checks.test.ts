/**
 * Every action for every kind of connection: the TypeScript snippets type-check against the real
 * `@lancedb/lancedb` typings, the Python snippets parse (lancedb for Python is not installed here,
 * so they cannot run), and the shell snippets pass `bash -n`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFor, type CodeSnippets } from '../../../../src-shared/code-snippets/snippets';
import {
  SAMPLE_ACTIONS,
  SAMPLE_CONNECTIONS,
} from '../../../unit/shared/code-snippets/sample-actions';
import { scratchDir } from './run-snippet';

const run = promisify(execFile);
const TSC = resolve(import.meta.dirname, '../../../../node_modules/.bin/tsc');

const work = scratchDir();
afterAll(() => work.remove());

const all: Array<{ name: string; code: CodeSnippets }> = [];
for (const [action, a] of Object.entries(SAMPLE_ACTIONS)) {
  for (const [connection, c] of Object.entries(SAMPLE_CONNECTIONS)) {
    all.push({ name: `${action}-${connection}`, code: codeFor(a, c) });
  }
}

function write(extension: string, pick: (s: CodeSnippets) => string): string[] {
  return all.map(({ name, code }) => {
    const file = join(work.dir, `${name}.${extension}`);
    writeFileSync(file, pick(code));
    return file;
  });
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe('every snippet is well formed', () => {
  it('TypeScript type-checks against @lancedb/lancedb', async () => {
    const files = write('mts', (s) => s.typescript);
    const args = [
      '--ignoreConfig',
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--types',
      'node',
      ...files,
    ];
    const result = await run(TSC, args, { cwd: work.dir }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  });

  it.skipIf(!hasPython())('Python parses', async () => {
    const files = write('py', (s) => s.python);
    const check = 'import ast, sys\nfor p in sys.argv[1:]:\n    ast.parse(open(p).read(), p)';
    await expect(run('python3', ['-c', check, ...files])).resolves.toBeDefined();
  });

  it('the shell parses', async () => {
    for (const file of write('sh', (s) => s.curl)) {
      await expect(run('bash', ['-n', file])).resolves.toBeDefined();
    }
  });
});
