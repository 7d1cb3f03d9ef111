/**
 * The lexer of the SQL expressions LanceDB reads (filters, update values, column expressions), in
 * the dialect its parser speaks: DataFusion's sqlparser with the generic dialect, where `"…"` and
 * `` `…` `` quote names and `'…'` quotes strings. One pass over the text, linear in its length; a
 * character no token starts with is refused here, with its offset.
 */

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'op' | 'end';

export interface Token {
  kind: TokenKind;
  /** A word as written; a quoted name or a string without its quotes and escapes; an operator. */
  value: string;
  /** For a word: the word in lower case, as keywords and functions are matched. */
  lower?: string;
  /** For a string: its prefix letter (E, X, N, B) when it has one. */
  prefix?: string;
  start: number;
  end: number;
}

export class LexError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Longest first, so `<=` is read before `<`. */
const OPERATORS = [
  '!~*',
  '::',
  '<=',
  '>=',
  '<>',
  '!=',
  '==',
  '||',
  '<<',
  '>>',
  '~*',
  '!~',
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '<',
  '>',
  '(',
  ')',
  ',',
  '.',
  '[',
  ']',
  '~',
  '&',
  '|',
  '^',
];

const OPERATORS_BY_FIRST = new Map<string, string[]>();
for (const op of OPERATORS) {
  OPERATORS_BY_FIRST.set(op[0]!, [...(OPERATORS_BY_FIRST.get(op[0]!) ?? []), op]);
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const LETTER = /\p{L}/u;
const isWordStart = (c: string | undefined) =>
  c !== undefined &&
  ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || (c > '\x7f' && LETTER.test(c)));
const isWordPart = (c: string | undefined) =>
  c !== undefined && (isWordStart(c) || isDigit(c) || c === '$');
const STRING_PREFIXES = new Set(['e', 'x', 'n', 'b']);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i += 1;
      continue;
    }
    if (c === '-' && text[i + 1] === '-') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) throw new LexError('a comment that is never closed', i);
      i = close + 2;
      continue;
    }
    const start = i;
    if (c === "'") {
      const { value, end } = readQuoted(text, i, "'", false);
      tokens.push({ kind: 'string', value, start, end });
      i = end;
      continue;
    }
    if (c === '"' || c === '`') {
      const { value, end } = readQuoted(text, i, c, false);
      tokens.push({ kind: 'quoted', value, start, end });
      i = end;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1]))) {
      i = readNumber(text, i);
      if (isWordStart(text[i])) throw new LexError('a number runs into a name', i);
      tokens.push({ kind: 'number', value: text.slice(start, i), start, end: i });
      continue;
    }
    if (isWordStart(c)) {
      // E'…', X'…', N'…' and B'…' are strings with a prefix, not a name followed by a string.
      if (STRING_PREFIXES.has(c.toLowerCase()) && text[i + 1] === "'") {
        const { value, end } = readQuoted(text, i + 1, "'", c.toLowerCase() === 'e');
        tokens.push({ kind: 'string', value, prefix: c.toUpperCase(), start, end });
        i = end;
        continue;
      }
      while (isWordPart(text[i])) i += 1;
      const value = text.slice(start, i);
      tokens.push({ kind: 'word', value, lower: value.toLowerCase(), start, end: i });
      continue;
    }
    const op = (OPERATORS_BY_FIRST.get(c) ?? []).find((candidate) => text.startsWith(candidate, i));
    if (!op) throw new LexError(`the character ${JSON.stringify(c)} cannot start a token`, i);
    tokens.push({ kind: 'op', value: op, start, end: i + op.length });
    i += op.length;
  }
  tokens.push({ kind: 'end', value: '', start: n, end: n });
  return tokens;
}

/** A quoted run from its opening quote; a doubled quote is one quote (and `\x` with escapes). */
function readQuoted(
  text: string,
  open: number,
  quote: string,
  backslashEscapes: boolean,
): { value: string; end: number } {
  let value = '';
  let i = open + 1;
  let runStart = i;
  for (;;) {
    if (i >= text.length) {
      const what = quote === "'" ? 'a string' : 'a quoted name';
      throw new LexError(`${what} that is never closed`, open);
    }
    const c = text[i]!;
    if (backslashEscapes && c === '\\') {
      value += text.slice(runStart, i) + (text[i + 1] ?? '');
      i += 2;
      runStart = i;
      continue;
    }
    if (c === quote) {
      value += text.slice(runStart, i);
      if (text[i + 1] === quote) {
        value += quote;
        i += 2;
        runStart = i;
        continue;
      }
      return { value, end: i + 1 };
    }
    i += 1;
  }
}

/** Digits, a fraction, an exponent: `1`, `1.5`, `.5`, `1e-3`, `2.5E+10`. */
function readNumber(text: string, i: number): number {
  while (isDigit(text[i])) i += 1;
  if (text[i] === '.' && isDigit(text[i + 1])) {
    i += 1;
    while (isDigit(text[i])) i += 1;
  } else if (text[i] === '.' && !isWordStart(text[i + 1]) && text[i + 1] !== '.') {
    i += 1;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    const sign = text[i + 1] === '+' || text[i + 1] === '-' ? 1 : 0;
    if (isDigit(text[i + 1 + sign])) {
      i += 1 + sign;
      while (isDigit(text[i])) i += 1;
    }
  }
  return i;
}
