/**
 * Why the gate refused an expression, and where: the span in the text the caller sent, and the
 * limit that was passed, if one was. expression-gate.ts turns it into the catalog's InvalidInput.
 */
import type { Span } from '../sql-expression/expression-ast';
import type { GateLimitName } from './gate-limits';

export class GateRefusal extends Error {
  constructor(
    message: string,
    readonly span: Span,
    readonly limit?: GateLimitName,
  ) {
    super(message);
  }
}
