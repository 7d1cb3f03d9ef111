/**
 * Bulk reads through LanceDB's own remote client (`query().select(columns).toArrow()`), against
 * the same call in-process at LanceDB's defaults, interleaved; and what one read costs the
 * server in memory: the peak growth of its processes (primary and workers) during a read, against
 * the answer's Arrow size, and whether its resident size settles after many reads.
 */
import type { Table } from '@lancedb/lancedb';
import type { ServerProcess } from '../support/server-process';
import { handlerMs, markLog } from './server-log';
import { arrowBytes } from './server-tables';
import { processTree, treeRss, watchPeaks } from './serve-memory';
import { median } from './timing';

export interface BulkFigures {
  name: string;
  inProcessMs: number;
  serverMs: number;
  /** The server's own time (its access log): from the request to the answer's last byte sent. */
  handlerMs: number;
  /** In-process time over the server's: the server's throughput as a share of in-process. */
  share: number;
}

export async function bulkReads(
  name: string,
  reps: number,
  columns: string[],
  server: { process: ServerProcess; table: Table },
  local: Table,
): Promise<BulkFigures> {
  const remote = server.table;
  const read = (table: Table) => async () => {
    const started = performance.now();
    await table.query().select(columns).toArrow();
    return performance.now() - started;
  };
  await read(remote)();
  await read(local)();
  const mark = markLog(server.process);
  const viaServer: number[] = [];
  const inProcess: number[] = [];
  for (let round = 0; round < reps; round++) {
    if (round % 2 === 0) {
      viaServer.push(await read(remote)());
      inProcess.push(await read(local)());
    } else {
      inProcess.push(await read(local)());
      viaServer.push(await read(remote)());
    }
  }
  const serverMs = median(viaServer);
  const inProcessMs = median(inProcess);
  return {
    name,
    inProcessMs,
    serverMs,
    handlerMs: median(await handlerMs(mark, 'query')),
    share: inProcessMs / serverMs,
  };
}

export interface MemoryFigures {
  name: string;
  replyBytes: number;
  /** Peak growth over the first read of a fresh server (its one-time costs included). */
  firstGrowth: number;
  /** The largest peak growth over the reads after the first. */
  laterGrowth: number;
  rssAfterFirst: number;
  rssAfterLast: number;
}

/** `reads` reads of `columns` on a server just started, its memory watched around each. */
export async function bulkMemory(
  name: string,
  reads: number,
  columns: string[],
  server: ServerProcess,
  remote: Table,
): Promise<MemoryFigures> {
  const pids = processTree(server.child.pid!);
  let replyBytes = 0;
  let firstGrowth = 0;
  let laterGrowth = 0;
  let rssAfterFirst = 0;
  for (let read = 0; read < reads; read++) {
    const grown = watchPeaks(pids);
    const answer = await remote.query().select(columns).toArrow();
    const growth = grown();
    if (read === 0) {
      replyBytes = arrowBytes(answer);
      firstGrowth = growth;
      rssAfterFirst = treeRss(pids);
    } else {
      laterGrowth = Math.max(laterGrowth, growth);
    }
  }
  return { name, replyBytes, firstGrowth, laterGrowth, rssAfterFirst, rssAfterLast: treeRss(pids) };
}
