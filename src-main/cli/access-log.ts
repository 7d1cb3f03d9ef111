/**
 * `serve`'s access log: one line per request on stderr, JSON by default (`--log-format`). Written through SonicBoom, pino's
 * writer, asynchronously: a write to a pipe is synchronous in Node on Linux, and cost every
 * request about a millisecond before. Lines are gathered up to 2 KiB per write (a write per line
 * still cost 0.1 ms of each small request) and never held longer than FLUSH_MS. `flush` writes
 * what is left, before the process exits.
 *
 * With `--workers N` every worker writes its own lines to the one stderr they share, each line
 * with `w`, the worker that answered (the primary's own 503s name the worker that died). A write
 * of at most PIPE_BUF bytes to a pipe is never interleaved with another process's, so each write
 * holds whole lines and at most 4 KiB (SonicBoom's maxWrite): no line is ever cut by another's.
 */
import SonicBoom from 'sonic-boom';
import type { AccessLogEntry } from '../server/server-options';

/** A line of the access log: the server's entry, and the worker that answered it. */
export type AccessLine = AccessLogEntry & { w?: number };

export interface AccessLog {
  write: (entry: AccessLine) => void;
  flush: () => void;
}

const GATHER_BYTES = 2048;
/** PIPE_BUF on Linux (POSIX guarantees 512; macOS has 512 too, where lines may then interleave). */
const MAX_WRITE_BYTES = 4096;
const FLUSH_MS = 500;

/**
 * `json` (the default): one object per line, `{time, id, method, path, route, status, ms, bytes,
 * principal, database, code, w}`, for log shippers. `text`: the same facts in one line a person
 * reads, `time status method route path ms bytes`, then the rest as `key=value`.
 */
export type AccessLogFormat = 'json' | 'text';

export function textLine(entry: AccessLine): string {
  const { time, status, method, route, path, ms, bytes, ...rest } = entry;
  const extra = Object.entries(rest)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(' ');
  const head = `${time} ${status} ${method} ${route ?? '-'} ${JSON.stringify(path)} ${ms}ms ${bytes ?? '-'}B`;
  return extra ? `${head} ${extra}` : head;
}

/** `fields` go on every line this log writes (a worker's `w`). */
export function stderrAccessLog(
  fields: { w?: number } = {},
  format: AccessLogFormat = 'json',
): AccessLog {
  const out = new SonicBoom({
    fd: 2,
    sync: false,
    minLength: GATHER_BYTES,
    maxWrite: MAX_WRITE_BYTES,
  });
  setInterval(() => {
    try {
      out.flush();
    } catch {
      // A flush while one is under way or after stderr closed: the next one writes it.
    }
  }, FLUSH_MS).unref();
  return {
    write: (entry) => {
      const line = fields.w === undefined ? entry : { ...entry, w: fields.w };
      void out.write(`${format === 'text' ? textLine(line) : JSON.stringify(line)}\n`);
    },
    flush: () => {
      try {
        out.flushSync();
      } catch {
        // Nothing was waiting, or stderr is gone: there is nowhere left to write.
      }
    },
  };
}
