/**
 * The server's own time per request, read from its access log (`serve` writes one JSON line per
 * request on stderr, `ms` from the request's arrival to the last byte of its answer): what the
 * handler costs, apart from the wire and the client.
 */
import type { ServerProcess } from '../support/server-process';

/** The log writes lines in batches at most this long after them (cli/access-log.ts). */
const FLUSH_WAIT_MS = 700;

export interface LogMark {
  server: ServerProcess;
  offset: number;
}

/** Where the log stands now; `handlerMs` reads what comes after it. */
export function markLog(server: ServerProcess): LogMark {
  return { server, offset: server.output().length };
}

/** The `ms` of every request since `mark` whose path ends with `pathEnd`, once flushed. */
export async function handlerMs(mark: LogMark, pathEnd: string): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS));
  const times: number[] = [];
  for (const line of mark.server.output().slice(mark.offset).split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { path?: string; ms?: number; status?: number };
    const path = entry.path?.replace(/\/$/, '');
    if (entry.status === 200 && path?.endsWith(pathEnd) && typeof entry.ms === 'number') {
      times.push(entry.ms);
    }
  }
  return times;
}
