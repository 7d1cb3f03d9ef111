/**
 * `catalog-studio serve` as a real child process on loopback, for tests that need what only a
 * process gives: being killed with SIGKILL mid-work, or its complete log output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

// Resolved from this file's URL: benchmarks load it as an ES module, where there is no __dirname.
const BIN = fileURLToPath(new URL('../../bin/catalog-studio.mjs', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals>;
  /** Kills the process and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
}

export function startServerProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startListeningProcess(
    'serve',
    [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', ...args],
    env,
  );
}

/**
 * Node running `nodeArgs`, a process whose first line on stdout is `listening on
 * http://127.0.0.1:PORT` (`serve`, or a benchmark's reference server); `label` names it in errors.
 */
export async function startListeningProcess(
  label: string,
  nodeArgs: string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then((how) =>
      reject(new Error(`${label} exited (${how}) before listening:\n${output}`)),
    );
  });
  const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(firstLine);
  if (!match) {
    child.kill('SIGKILL');
    throw new Error(`unexpected first line from ${label}: ${firstLine}`);
  }
  return {
    url: match[1]!,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
