/**
 * `POST /v1/__test/crash`, for tests only: the process that answers it dies of SIGSEGV, as it
 * would if LanceDB's native code crashed on a request. It is how the tests prove that a crash
 * costs only the crashing worker's requests (test/reliability/worker-crash.test.ts).
 *
 * `serve` registers it only when CATALOG_STUDIO_TEST_CRASH=1 is in its environment; otherwise
 * the URL is unknown like any other (406). With --auth it takes an admin, as anything that stops
 * the service would.
 */
import type { FastifyInstance } from 'fastify';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

export function registerTestCrashRoute(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.testCrash, () => {
    // A signal, not an exception: nothing in this process gets to answer or clean up.
    process.kill(process.pid, 'SIGSEGV');
    return new Promise<never>(() => undefined);
  });
}
