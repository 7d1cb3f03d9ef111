/**
 * `serve`'s access log: one JSON line per request on stderr. Written through SonicBoom, pino's
 * writer, asynchronously: a write to a pipe is synchronous in Node on Linux, and cost every
 * request about a millisecond before. Lines that arrive while a write is under way go out
 * together in the next one. `flush` writes what is left, before the process exits.
 */
import SonicBoom from 'sonic-boom';
import type { AccessLogEntry } from '../server/server-options';

export interface AccessLog {
  write: (entry: AccessLogEntry) => void;
  flush: () => void;
}

export function stderrAccessLog(): AccessLog {
  const out = new SonicBoom({ fd: 2, sync: false });
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
