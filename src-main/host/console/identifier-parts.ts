/**
 * The names in a dotted identifier as the user wrote them. pgsql-ast-parser folds unquoted names
 * to lower case, as PostgreSQL does; Lance names are case-sensitive and LanceDB does not fold, so
 * `SELECT Title FROM Books` must mean the column `Title` of the table `Books`. The parts are read
 * again from the original text: bare ones as written, "quoted" ones with `""` as one quote.
 */
import type { TextSpan } from './node-extent';

export function identifierParts(text: string, span: TextSpan): string[] {
  const parts: string[] = [];
  let i = span.start;
  const skipSpace = () => {
    while (i < span.end && /\s/.test(text[i]!)) i++;
  };
  skipSpace();
  while (i < span.end) {
    if (text[i] === '"') {
      let part = '';
      i++;
      while (i < span.end) {
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          i++;
        }
        part += text[i];
        i++;
      }
      i++; // the closing quote
      parts.push(part);
    } else {
      const start = i;
      while (i < span.end && /[A-Za-z0-9_$*]/.test(text[i]!)) i++;
      parts.push(text.slice(start, i));
      if (i === start) break; // not an identifier character: stop rather than loop
    }
    skipSpace();
    if (text[i] !== '.') break;
    i++;
    skipSpace();
  }
  return parts;
}
