/**
 * `serve`'s access log: one JSON line per request on stderr. Written through SonicBoom, pino's
 * writer, asynchronously: a write to a pipe is synchronous in Node on Linux, and cost every
 * request about a millisecond before. Lines are gathered up to 4 KiB per write (a write per line
 * still cost 0.1 ms of each small request) and never held longer than FLUSH_MS. `flush` writes
 * what is left, before the process exits.
 */
import SonicBoom from 'sonic-boom';
import type { AccessLogEntry } from '../server/server-options';

export interface AccessLog {
  write: (entry: AccessLogEntry) => void;
  flush: () => void;
}

const GATHER_BYTES = 4096;
const FLUSH_MS = 500;

export function stderrAccessLog(): AccessLog {
  const out = new SonicBoom({ fd: 2, sync: false, minLength: GATHER_BYTES });
  setInterval(() => {
    try {
      out.flush();
    } catch {
      // A flush while one is under way or after stderr closed: the next one writes it.
    }
  }, FLUSH_MS).unref();
  return {
    write: (entry) => void out.write(`${JSON.stringify(entry)}\n`),
    flush: () => {
      try {
        out.flushSync();
      } catch {
        // Nothing was waiting, or stderr is gone: there is nowhere left to write.
      }
    },
  };
}
