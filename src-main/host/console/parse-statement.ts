/**
 * The parse itself: the console's text through pgsql-ast-parser (with locations), down to the
 * one SELECT it may hold. Syntax errors and the statement shapes a single-table read cannot be
 * (several statements, writes, UNION, WITH, DISTINCT, GROUP BY, HAVING, FOR UPDATE) are refused
 * here, each at the offending place.
 */
import { parse, type SelectFromStatement, type Statement } from 'pgsql-ast-parser';
import { ConsoleQueryError } from './console-query-error';
import type { ConsoleSource } from './console-source';
import { MAX_CONSOLE_TOKENS } from './scan-sql-text';

interface ParserFailure {
  message?: unknown;
  token?: { offset?: number; text?: string; type?: string };
}

/**
 * `groups`: GROUP BY and HAVING are let through, for the caller that routes them to DuckDB
 * (plan-console-query.ts); the LanceDB mapping alone refuses them here.
 */
export function parseSingleSelect(
  source: ConsoleSource,
  { groups = false }: { groups?: boolean } = {},
): SelectFromStatement {
  const { overLimitAt, tokens } = source.scanned;
  if (overLimitAt !== undefined) {
    throw new ConsoleQueryError(
      `The query is too long to parse: ${tokens} words, numbers and signs, more than the ${MAX_CONSOLE_TOKENS} allowed (a long list of keys is shorter as a filter in the Data tab)`,
      source.text,
      { offset: overLimitAt, length: 0 },
    );
  }
  const statements = source.scanned.blank ? [] : parseStatements(source);
  if (statements.length === 0) {
    throw new ConsoleQueryError('The query is empty: write SELECT … FROM <table>', source.text, {
      offset: 0,
      length: 0,
    });
  }
  if (statements.length > 1) {
    source.refuse(statements[1]!, 'Only one statement can run at a time');
  }
  const statement = statements[0]!;
  if (statement.type !== 'select') refuseStatement(source, statement);
  refuseClauses(source, statement, groups);
  return statement;
}

function parseStatements(source: ConsoleSource): Statement[] {
  try {
    // The masked text: exponents hidden from the lexer, offsets unchanged (scan-sql-text.ts).
    return parse(source.scanned.masked, { locationTracking: true });
  } catch (cause) {
    throw syntaxError(source, cause as ParserFailure);
  }
}

function syntaxError(source: ConsoleSource, failure: ParserFailure): ConsoleQueryError {
  const { text } = source;
  const message = typeof failure.message === 'string' ? failure.message : String(failure);
  const token = failure.token;
  if (token?.offset !== undefined) {
    const length = token.text?.length ?? 1;
    const written = text.slice(token.offset, token.offset + length);
    // The lexer reads `a-1` as `a` and the number `-1`: say how to write a subtraction.
    const minus = written.startsWith('-') && /[\w)\]"]/.test(text[token.offset - 1] ?? '');
    const hint = minus ? '; a minus between two values needs spaces around it (a - 1)' : '';
    return new ConsoleQueryError(
      `Syntax error: unexpected ${JSON.stringify(written)}${hint}`,
      text,
      {
        offset: token.offset,
        length,
      },
    );
  }
  // A lexer failure names only a line and a column: a character no token starts with, or a
  // string or quoted name that is never closed.
  const at = /at line (\d+) col (\d+)/.exec(message);
  if (at) {
    const lines = text.split('\n');
    const line = Number(at[1]);
    const offset =
      lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + Number(at[2]) - 1;
    return new ConsoleQueryError(
      `Syntax error: unexpected ${JSON.stringify(text.slice(offset, offset + 1))} (an unknown character, or a quote that is never closed)`,
      text,
      { offset, length: 1 },
    );
  }
  const end = text.trimEnd().length;
  if (/end of input/i.test(message)) {
    return new ConsoleQueryError('Syntax error: the query ends too soon', text, {
      offset: end,
      length: 0,
    });
  }
  return new ConsoleQueryError(`Syntax error: ${message.split('\n')[0]}`, text, {
    offset: 0,
    length: end,
  });
}

function refuseStatement(source: ConsoleSource, statement: Statement): never {
  switch (statement.type) {
    case 'union':
    case 'union all':
      return source.refuse(statement, 'UNION is not supported: a console query reads one table');
    case 'with':
    case 'with recursive':
      return source.refuse(statement, 'WITH is not supported: a console query reads one table');
    case 'values':
      return source.refuse(statement, 'VALUES is not supported: write SELECT … FROM <table>');
    default:
      return source.refuse(
        statement,
        `${statement.type.toUpperCase()} statements are not supported: the console only reads, with SELECT`,
      );
  }
}

function refuseClauses(
  source: ConsoleSource,
  statement: SelectFromStatement,
  groups: boolean,
): void {
  if (statement.distinct === 'distinct' || Array.isArray(statement.distinct)) {
    source.refuse(
      distinctSpan(source, statement),
      'DISTINCT is not supported: LanceDB returns rows as they are stored',
    );
  }
  if (statement.groupBy?.length && !groups) {
    source.refuse(
      statement.groupBy[0]!,
      'GROUP BY is not supported: a console query returns rows, not groups',
    );
  }
  if (statement.having && !groups) {
    source.refuse(
      statement.having,
      'HAVING is not supported: a console query returns rows, not groups',
    );
  }
  if (statement.for) source.refuse(statement.for, 'FOR … is not supported: the console only reads');
  if (statement.skip) source.refuse(statement.skip, 'SKIP is not supported');
}

/** The word DISTINCT (it has no location of its own): between SELECT and the first column. */
function distinctSpan(source: ConsoleSource, statement: SelectFromStatement) {
  const whole = source.span(statement);
  const firstColumn = statement.columns?.[0];
  const limit = firstColumn ? source.span(firstColumn).start : whole.end;
  const found = /\bdistinct\b/i.exec(source.scanned.masked.slice(whole.start, limit));
  if (!found) return whole;
  const start = whole.start + found.index;
  return { start, end: start + found[0].length };
}
