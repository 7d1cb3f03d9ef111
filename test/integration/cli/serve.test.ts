/**
 * `catalog-studio serve` as a person runs it: a real process, its first stdout line, requests
 * against several databases, refusal of a public host without auth, and a clean stop on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = join(__dirname, '../../../bin/catalog-studio.mjs');
const children: ChildProcess[] = [];
const dirs: string[] = [];

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-cli-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(args: string[]): {
  child: ChildProcess;
  firstLine: Promise<string>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const firstLine = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
  });
  // Tests that expect an early exit never read the first line; mark its rejection as handled.
  firstLine.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit };
}

describe('catalog-studio serve', () => {
  it('prints exactly "listening on http://HOST:PORT", serves, and stops cleanly on SIGTERM', async () => {
    const { child, firstLine, exit } = start([
      '--root',
      temp(),
      '--database',
      `second=${temp()}`,
      '--port',
      '0',
    ]);
    const line = await firstLine;
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('listening on '.length);

    const created = await fetch(`${url}/v1/namespace/main_ns/create`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(200);
    const inSecond = await fetch(`${url}/v1/namespace/other_ns/create`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'x-lancedb-database': 'second' },
    });
    expect(inSecond.status).toBe(200);
    const listDefault = (await (await fetch(`${url}/v1/namespace/$/list`)).json()) as {
      namespaces: string[];
    };
    const listSecond = (await (
      await fetch(`${url}/v1/namespace/$/list`, { headers: { 'x-svc-database': 'second' } })
    ).json()) as { namespaces: string[] };
    expect(listDefault.namespaces).toEqual(['main_ns']);
    expect(listSecond.namespaces).toEqual(['other_ns']);
    const unknown = await fetch(`${url}/v1/namespace/$/list`, {
      headers: { 'x-lancedb-database': 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(1);

    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses a non-loopback host without --auth', async () => {
    const { exit, child } = start(['--root', temp(), '--host', '0.0.0.0', '--port', '0']);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    expect(await exit).toBe(2);
    expect(stderr).toMatch(/Refusing to listen on 0\.0\.0\.0 without --auth/);
  });

  it('refuses a malformed auth file with a clear message', async () => {
    const dir = temp();
    const authFile = join(dir, 'auth.json');
    writeFileSync(authFile, '{"principals":[{"name":"x","role":"owner"}]}');
    const { exit, child } = start(['--root', dir, '--auth', authFile, '--port', '0']);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    expect(await exit).toBe(1);
    expect(stderr).toMatch(/auth.json is invalid: principals\.0\.role/);
  });
});
