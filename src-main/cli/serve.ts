/**
 * `catalog-studio serve`: serves catalog folders over the namespace REST contract.
 * The first line on stdout is exactly `listening on http://HOST:PORT`.
 *
 * With `--workers 1` this process is the whole service (serve-engine.ts). Otherwise it is the
 * primary (serve-workers/primary.ts): it listens, starts the workers and hands each client
 * connection to one of them, so that a worker that crashes (LanceDB's native code can) costs only
 * its own requests. A worker is this same command started by the primary, which names its role in the
 * environment (serve-workers/worker-link.ts). Each role loads only its own modules: the primary
 * never loads LanceDB.
 */
import { parseServeArgs } from './serve-args';
import { workerRole } from './serve-workers/worker-link';
import { SERVE_USAGE } from './usage';

export { SERVE_USAGE };

export async function serve(argv: string[]): Promise<number> {
  const config = parseServeArgs(argv);
  if (typeof config === 'number') return config;
  const worker = workerRole();
  if (worker || config.workers === 1) {
    const { runEngine } = await import('./serve-engine');
    return runEngine(config, worker);
  }
  const { runPrimary } = await import('./serve-workers/primary');
  return runPrimary(config, argv);
}
