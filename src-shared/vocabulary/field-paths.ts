/**
 * Column paths as the namespace contract writes them: dots separate nested fields, a
 * backtick-quoted segment may hold literal dots, and a doubled backtick inside quotes is one
 * backtick. A bare leaf name addresses only a top-level field.
 */
import { errors } from './errors';

export const MAX_FIELD_PATH_LENGTH = 4096;

/** Splits a path into its segments, or throws InvalidInput saying where it is malformed. */
export function parseFieldPath(path: string): string[] {
  if (typeof path !== 'string') throw errors.InvalidInput('A column path must be a string');
  if (path.length === 0) throw errors.InvalidInput('The column path is empty');
  if (path.length > MAX_FIELD_PATH_LENGTH) {
    throw errors.InvalidInput(`The column path is longer than ${MAX_FIELD_PATH_LENGTH} characters`);
  }
  const segments: string[] = [];
  let i = 0;
  for (;;) {
    let segment = '';
    if (path[i] === '`') {
      const open = i;
      i += 1;
      for (;;) {
        if (i >= path.length) {
          throw errors.InvalidInput(
            `Invalid column path ${JSON.stringify(path)}: the backtick at position ${open + 1} is never closed`,
          );
        }
        if (path[i] === '`') {
          if (path[i + 1] === '`') {
            segment += '`';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        segment += path[i];
        i += 1;
      }
      if (segment.length === 0) {
        throw errors.InvalidInput(
          `Invalid column path ${JSON.stringify(path)}: empty quoted segment at position ${open + 1}`,
        );
      }
      if (i < path.length && path[i] !== '.') {
        throw errors.InvalidInput(
          `Invalid column path ${JSON.stringify(path)}: expected "." after the quoted segment at position ${i + 1}`,
        );
      }
    } else {
      const start = i;
      while (i < path.length && path[i] !== '.') {
        if (path[i] === '`') {
          throw errors.InvalidInput(
            `Invalid column path ${JSON.stringify(path)}: a backtick at position ${i + 1} must start a quoted segment`,
          );
        }
        i += 1;
      }
      segment = path.slice(start, i);
      if (segment.length === 0) {
        throw errors.InvalidInput(
          `Invalid column path ${JSON.stringify(path)}: empty segment at position ${start + 1}`,
        );
      }
    }
    segments.push(segment);
    if (i >= path.length) return segments;
    i += 1; // the dot
    if (i >= path.length) {
      throw errors.InvalidInput(`Invalid column path ${JSON.stringify(path)}: it ends with "."`);
    }
  }
}

const BARE_SEGMENT = /^[A-Za-z0-9_]+$/;

/** The canonical text of a path: bare where that is unambiguous, quoted otherwise. */
export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((segment) =>
      BARE_SEGMENT.test(segment) ? segment : `\`${segment.replaceAll('`', '``')}\``,
    )
    .join('.');
}
