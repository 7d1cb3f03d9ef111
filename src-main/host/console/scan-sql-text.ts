/**
 * A light pass over the console's text, before and beside pgsql-ast-parser, for two gaps in it:
 *
 * - Its lexer has no exponent literals (`1e-3` lexes as `1`, `e`, `-3`). Each such literal is
 *   masked with zeros of the same length, so the parser sees an integer at the same place and
 *   every `_location` still points into the original text; a number's value is then read from
 *   the original text (see console-literals.ts).
 * - Its locations stop short of parentheses (`(a OR b) AND c` gives the AND the range
 *   `a OR b) AND c`), and of brackets likewise. The partner of each parenthesis and bracket lets
 *   a slice be widened until it is balanced (see node-extent.ts).
 *
 * Strings, quoted identifiers, `$$` blocks and comments are skipped as the parser's lexer skips
 * them, so nothing inside them is masked or matched.
 */

export interface ScannedText {
  /** The text with exponent literals masked; same length as the original. */
  masked: string;
  /** Offset of each parenthesis or bracket → offset of its partner (both directions). */
  partners: ReadonlyMap<number, number>;
  /** Nothing but spaces and comments. */
  blank: boolean;
  /** Tokens in the text (words, numbers, strings, quoted names, punctuation). */
  tokens: number;
  /** Offset of the token after the first MAX_CONSOLE_TOKENS, when there are more. */
  overLimitAt: number | undefined;
}

/**
 * pgsql-ast-parser's time grows faster than its input (a 4,096-value vector, 8,200 tokens, takes
 * 0.7 s; a 1 MB text minutes), and it runs on the thread that owns the window: a console query
 * of more tokens than this is refused before it is parsed, at the first token over.
 */
export const MAX_CONSOLE_TOKENS = 10_000;

const CLOSING: Record<string, string> = { ')': '(', ']': '[' };

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?/y;
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

export function scanSqlText(text: string): ScannedText {
  const out = text.split('');
  const partners = new Map<number, number>();
  const open: Record<string, number[]> = { '(': [], '[': [] };
  let blank = true;
  let tokens = 0;
  let overLimitAt: number | undefined;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    const counted = !(/\s/.test(c) || (c === '-' && next === '-') || (c === '/' && next === '*'));
    if (counted && ++tokens > MAX_CONSOLE_TOKENS && overLimitAt === undefined) overLimitAt = i;
    if (c === "'" || ((c === 'e' || c === 'E') && next === "'" && !isWordChar(text[i - 1]))) {
      i = skipString(text, c === "'" ? i : i + 1, c !== "'");
    } else if (c === '"') {
      i = skipQuoted(text, i, '"');
    } else if (c === '$' && next === '$') {
      const end = text.indexOf('$$', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(text, i);
      continue;
    } else if (/\s/.test(c)) {
      i++;
      continue;
    } else if (/[A-Za-z_]/.test(c)) {
      while (isWordChar(text[i])) i++;
    } else if (isDigit(c) || (c === '.' && isDigit(next))) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text)!;
      const end = i + match[0].length;
      if (match[1] !== undefined && !isWordChar(text[end])) out.fill('0', i, end);
      i = end;
    } else {
      if (c === '(' || c === '[') open[c]!.push(i);
      else if (c === ')' || c === ']') {
        const partner = open[CLOSING[c]!]!.pop();
        if (partner !== undefined) {
          partners.set(partner, i);
          partners.set(i, partner);
        }
      }
      i++;
    }
    blank = false;
  }
  return { masked: out.join(''), partners, blank, tokens, overLimitAt };
}

/** Past a '…' string (quote at `start`); `escapes` for E'…', where a backslash escapes. */
function skipString(text: string, start: number, escapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    if (escapes && text[i] === '\\') i += 2;
    else if (text[i] === "'") {
      if (text[i + 1] !== "'") return i + 1;
      i += 2;
    } else i++;
  }
  return text.length;
}

function skipQuoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] !== quote) return i + 1;
      i += 2;
    } else i++;
  }
  return text.length;
}

/** Block comments nest in PostgreSQL, and in the parser's lexer. */
function skipBlockComment(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return text.length;
}
