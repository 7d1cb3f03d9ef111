/**
 * The entry of a child process that runs the catalog server alone, one process and one thread
 * (startCatalogServer, the real buildServer over a real folder), for tests that measure what that
 * thread does: another client's latency while a body is decoded, the process's peak RSS under an
 * attack. `catalog-studio serve` may put a proxy and several workers in front of it.
 *
 *   node --import tsx test/support/server-child.ts '<StartOptions as JSON>'
 *
 * Prints `listening on URL` first, like `serve`; stops on SIGTERM.
 */
import { startCatalogServer, type StartOptions } from './catalog-server';

const options = JSON.parse(process.argv[2] ?? '{}') as StartOptions;
const server = await startCatalogServer(options);
process.stdout.write(`listening on ${server.url}\n`);
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
