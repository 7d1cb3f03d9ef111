/**
 * The text a console query was parsed from, and the two things every mapping step needs from it:
 * where a node really is (its extent, see node-extent.ts) and how to refuse it at that place.
 */
import type { PGNode } from 'pgsql-ast-parser';
import { ConsoleQueryError } from './console-query-error';
import { nodeExtent, type TextSpan } from './node-extent';
import type { ScannedText } from './scan-sql-text';

export class ConsoleSource {
  constructor(
    readonly text: string,
    readonly scanned: ScannedText,
  ) {}

  span(node: PGNode): TextSpan {
    return nodeExtent(node, this.scanned.partners);
  }

  /** The original characters of a node, parentheses balanced. */
  slice(node: PGNode): string {
    const { start, end } = this.span(node);
    return this.text.slice(start, end);
  }

  /** Throws a ConsoleQueryError that points at the node (or span). */
  refuse(at: PGNode | TextSpan, message: string): never {
    const { start, end } = 'start' in at ? at : this.span(at);
    throw new ConsoleQueryError(message, this.text, { offset: start, length: end - start });
  }
}
