/**
 * Starts test/support/server-child.ts: the catalog server in a child process of its own, so that
 * the test's client runs on another thread than the server it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StartOptions } from './catalog-server';

const ENTRY = fileURLToPath(new URL('./server-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerChild {
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `nodeArgs` go to node itself: `['--cpu-prof', '--cpu-prof-dir=DIR']` profiles the server. */
export async function startServerChild(
  options: StartOptions = {},
  { nodeArgs = [] as string[] } = {},
): Promise<ServerChild> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', ENTRY, JSON.stringify(options)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (first) => {
      lines.close();
      child.stdout!.resume();
      resolve(first);
    });
    void exited.then(() =>
      reject(new Error(`the server child exited before listening:\n${output}`)),
    );
  });
  const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
  if (!match) {
    child.kill('SIGKILL');
    throw new Error(`unexpected first line from the server child: ${line}`);
  }
  return {
    url: match[1]!,
    pid: child.pid!,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
