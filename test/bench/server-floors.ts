/**
 * What no server can beat on this machine, measured beside `serve` in `bench:server`: the floor
 * (bare-server.ts: Node's HTTP server and LanceDB, nothing else) for the searches, fresh and in
 * service; and for bulk reads, the floor twice (reading through LanceDB as any server must, and
 * replaying an answer from memory, which leaves only the wire and LanceDB's remote client), and
 * LanceDB's scan alone, in-process, the least time any server's answer takes to make.
 */
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { streamQuery } from '../../src-main/catalog/dir/query/query-stream';
import { startListeningProcess, type ServerProcess } from '../support/server-process';
import { bulkReads, type BulkFigures } from './server-bulk';
import { pairedCalls, type CallFigures, type CallWorkload } from './server-calls';
import { median, timeOnce } from './timing';

export interface FloorCalls {
  fresh: CallFigures[];
  /** The same after `inService` (the caller's) has served its warm-up calls. */
  settled: CallFigures[];
}

function startFloor(root: string, replay: boolean): Promise<ServerProcess> {
  return startListeningProcess('bare-server.ts', [
    '--import',
    'tsx',
    join(import.meta.dirname, 'bare-server.ts'),
    root,
    ...(replay ? ['--replay'] : []),
  ]);
}

/** LanceDB's own remote client, connected to `server`. */
export const connectRemote = (server: ServerProcess) =>
  lancedb.connect('db://bench', { apiKey: 'unused', hostOverride: server.url });

/** The searches through the floor, fresh and in service (`inService` warms and measures). */
export async function floorCalls(
  root: string,
  searches: CallWorkload[],
  reps: number,
  local: lancedb.Table,
  inService: (server: { process: ServerProcess; table: lancedb.Table }) => Promise<CallFigures[]>,
): Promise<FloorCalls> {
  const bare = await startFloor(root, false);
  const remote = await connectRemote(bare);
  const table = await remote.openTable('searched');
  const fresh: CallFigures[] = [];
  for (const workload of searches) {
    fresh.push(await pairedCalls(workload, reps, { process: bare, table }, local));
  }
  const settled = await inService({ process: bare, table });
  remote.close();
  await bare.kill('SIGTERM');
  return { fresh, settled };
}

export interface BulkFloor {
  /** Through the floor, reading through LanceDB for every read. */
  scanned: BulkFigures;
  /** Through the floor replaying its first answer from memory: the wire and the client alone. */
  replayed: BulkFigures;
  /** LanceDB's own scan of the same columns in-process, to its IPC bytes and no further (median). */
  scanAloneMs: number;
  /** The bytes that scan made: the answer's size. */
  scanBytes: number;
}

/** One bulk read (`label`) of table `name` through both floors, and LanceDB's scan alone. */
export async function bulkFloor(
  root: string,
  name: string,
  label: string,
  reps: number,
  columns: string[],
  local: lancedb.Table,
): Promise<BulkFloor> {
  const through = async (replay: boolean) => {
    const bare = await startFloor(root, replay);
    const remote = await connectRemote(bare);
    const figures = await bulkReads(
      label,
      reps,
      columns,
      { process: bare, table: await remote.openTable(name) },
      local,
    );
    remote.close();
    await bare.kill('SIGTERM');
    // A replay is found by the query's body: had LanceDB's client sent a different one each time,
    // every read would have gone to LanceDB and the figure would say nothing of the client alone.
    const replays = bare
      .output()
      .split('\n')
      .filter((line) => line.includes('"replayed":true')).length;
    if (replay && replays < reps) {
      throw new Error(`the floor replayed ${replays} of ${reps} reads of ${name}`);
    }
    return figures;
  };
  const scanned = await through(false);
  const replayed = await through(true);
  const schema = await local.schema();
  const scans: number[] = [];
  let scanBytes = 0;
  for (let round = 0; round < reps; round++) {
    scanBytes = 0;
    scans.push(
      await timeOnce(async () => {
        for await (const chunk of await streamQuery(local, schema, { columns })) {
          scanBytes += chunk.byteLength;
        }
      }),
    );
  }
  return { scanned, replayed, scanAloneMs: median(scans), scanBytes };
}
