/**
 * The one error of the query console's SQL mapping: what the text says that the contract's
 * QueryRequest cannot express (or what does not parse), with where it is, so that the editor can
 * underline it. Offsets count UTF-16 code units, as JavaScript strings and CodeMirror do.
 */

export interface ConsoleTextRange {
  /** First character, 0-based. */
  offset: number;
  /** How many characters the problem covers; 0 at the end of the text. */
  length: number;
}

export class ConsoleQueryError extends Error {
  override readonly name = 'ConsoleQueryError';
  readonly offset: number;
  readonly length: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in characters from the start of the line. */
  readonly column: number;

  constructor(message: string, text: string, range: ConsoleTextRange) {
    super(message);
    const offset = Math.max(0, Math.min(range.offset, text.length));
    this.offset = offset;
    this.length = Math.max(0, Math.min(range.length, text.length - offset));
    const before = text.slice(0, offset);
    const lineStart = before.lastIndexOf('\n') + 1;
    this.line = before.split('\n').length;
    this.column = offset - lineStart + 1;
  }
}
