/**
 * Per-call workloads through LanceDB's own remote client against the same call in-process, as
 * shared/reference/perf-workloads.md asks: each call made on both sides in pairs (which side goes
 * first alternates), the figure being the median of the pairs' differences. Beside it, from the
 * server's access log, the handler's own time, so that the added time splits into what the
 * handler adds over LanceDB's call and what the wire and the client add.
 */
import type { Table } from '@lancedb/lancedb';
import type { ServerProcess } from '../support/server-process';
import { handlerMs, markLog } from './server-log';
import { median } from './timing';

export interface CallWorkload {
  name: string;
  /** The route's path ends so (`query`, `count_rows`): its lines in the access log. */
  route: string;
  call: (table: Table, round: number) => Promise<unknown>;
}

export interface CallFigures {
  name: string;
  inProcessMs: number;
  serverMs: number;
  /** Median of the paired differences, server minus in-process. */
  addedMs: number;
  /**
   * Median of the server's own time (its access log), arrival to the answer's last byte;
   * undefined for a server that writes no log (the floor, bare-server.ts).
   */
  handlerMs: number | undefined;
}

/** Calls made on both sides before a workload's pairs: handles opened, first plans made. */
export const WARM_UP_CALLS = 10;

/**
 * Calls a workload `calls` times through the server without timing them, so that the pairs that
 * follow measure a server in service: its code compiled by V8's optimising tiers, its caches at
 * their working size. A server that has answered only a handful of calls is measured too (the
 * pairs right after WARM_UP_CALLS); both are what a client meets, one after a start, one ever after.
 */
export async function serveCalls(workload: CallWorkload, calls: number, table: Table) {
  for (let round = 0; round < calls; round++) await workload.call(table, round);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function pairedCalls(
  workload: CallWorkload,
  reps: number,
  server: { process: ServerProcess; table: Table },
  local: Table,
): Promise<CallFigures> {
  for (let round = 0; round < WARM_UP_CALLS; round++) {
    await workload.call(server.table, round);
    await workload.call(local, round);
  }
  const mark = markLog(server.process);
  const remote: number[] = [];
  const inProcess: number[] = [];
  for (let round = 0; round < reps; round++) {
    const viaServer = () => timed(() => workload.call(server.table, round));
    const viaLocal = () => timed(() => workload.call(local, round));
    if (round % 2 === 0) {
      remote.push(await viaServer());
      inProcess.push(await viaLocal());
    } else {
      inProcess.push(await viaLocal());
      remote.push(await viaServer());
    }
  }
  const logged = await handlerMs(mark, workload.route);
  return {
    name: workload.name,
    inProcessMs: median(inProcess),
    serverMs: median(remote),
    addedMs: median(remote.map((ms, i) => ms - inProcess[i]!)),
    handlerMs: logged.length > 0 ? median(logged) : undefined,
  };
}
