/**
 * Row-by-row readers of text files, used for what must see rows before the file is read in
 * columns: the header and the sample the schema is inferred from. JSON is parsed losslessly: an
 * integer literal beyond 2^53 becomes a bigint with every digit.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import { errors } from '../../../src-shared/vocabulary/errors';

/** CSV records as arrays of cells, the header first. */
export async function* csvRecords(path: string, delimiter: string): AsyncGenerator<string[]> {
  const input = createReadStream(path);
  const parser = input.pipe(
    parseCsv({
      columns: false,
      delimiter,
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
    }),
  );
  try {
    for await (const record of parser) yield record as string[];
  } catch (cause) {
    throw errors.InvalidInput(`The CSV file is malformed: ${(cause as Error).message}`, { cause });
  } finally {
    // Reading stops after the sample; the file must not stay open.
    input.destroy();
  }
}

// Only a literal of 16 digits or more can be beyond 2^53; most files have none and parse natively.
const LONG_DIGITS = /\d{16}/;
// Strings first, so that digits inside them are skipped; numbers are JSON's number grammar.
const JSON_TOKENS = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

/**
 * JSON.parse, except that an integer literal beyond 2^53 becomes a bigint with every digit.
 * Node 20 has no access to a number's source text, so such literals are first rewritten as
 * strings carrying a random tag that no string in the file can carry, and turned back by a reviver.
 */
export function parseJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  const nonce = randomUUID();
  let rewritten = false;
  const marked = text.replace(JSON_TOKENS, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token) || Number.isSafeInteger(Number(token)))
      return token;
    rewritten = true;
    return `"\\u0000${nonce}:${token}"`;
  });
  if (!rewritten) return JSON.parse(text);
  const tag = `\u0000${nonce}:`;
  try {
    return JSON.parse(marked, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(tag) ? BigInt(value.slice(tag.length)) : value,
    );
  } catch (error) {
    // The file's own error, at the file's own positions.
    JSON.parse(text);
    throw error;
  }
}

export async function* ndjsonRows(path: string): AsyncGenerator<Record<string, unknown>> {
  const input = createReadStream(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      n += 1;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = parseJson(line);
      } catch {
        throw errors.InvalidInput(`Line ${n} is not valid JSON`);
      }
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw errors.InvalidInput(`Line ${n} is not a JSON object`);
      yield value as Record<string, unknown>;
    }
  } finally {
    input.destroy();
  }
}
