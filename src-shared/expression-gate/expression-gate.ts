/**
 * The one gate every SQL expression passes before it reaches LanceDB (filters, update values,
 * column expressions, the console's and the grid's conditions): LanceDB's native planner can
 * overflow its stack on a deep expression and allocate without limit on some functions, so what a
 * caller sends is parsed here first (parse-expression.ts, never a regular expression), held to the
 * limits of gate-limits.ts, to the functions of allowed-functions.ts and their result sizes
 * (output-size.ts). Long OR chains of equalities become IN lists (or-chains-to-in.ts).
 *
 * A refusal is InvalidInput (code 13, HTTP 400) naming what was passed and where: the character
 * it starts at and an excerpt of the text there. The text returned is what LanceDB receives.
 */
import { errors, type CatalogError } from '../vocabulary/errors';
import { ExpressionSyntaxError, parseExpression } from '../sql-expression/parse-expression';
import type { ExpressionNode } from '../sql-expression/expression-ast';
import { GATE_LIMITS } from './gate-limits';
import { GateRefusal } from './gate-refusal';
import { checkOutputSize } from './output-size';
import { checkShape } from './shape-limits';
import { orChainsToIn } from './or-chains-to-in';

export interface GatedExpression {
  /** What the expression is, for the message: "filter", "update value of price", … */
  what: string;
}

/** A rewritten chain can hold another long chain in a kept operand: a few passes reach them all. */
const MAX_REWRITE_PASSES = 4;

/** The expression as LanceDB should receive it, or InvalidInput saying why it cannot. */
export function gateExpression(text: unknown, { what }: GatedExpression): string {
  if (typeof text !== 'string') throw errors.InvalidInput(`The ${what} must be text`);
  if (text.length > GATE_LIMITS.maxLength) {
    throw refusal(
      what,
      text,
      new GateRefusal(
        `it is ${text.length} characters long, more than the ${GATE_LIMITS.maxLength} allowed`,
        { start: GATE_LIMITS.maxLength, end: text.length },
        'maxLength',
      ),
    );
  }
  let current = text;
  try {
    let root = parse(current);
    for (let pass = 0; pass < MAX_REWRITE_PASSES; pass++) {
      const rewritten = orChainsToIn(current, root);
      if (rewritten === current) break;
      current = rewritten;
      root = parse(current);
    }
    checkShape(root);
    checkOutputSize(root);
    return current;
  } catch (error) {
    if (error instanceof GateRefusal || error instanceof ExpressionSyntaxError) {
      // Places are in the text as checked: the caller's own unless a chain was rewritten.
      throw refusal(what, current, error);
    }
    throw error;
  }
}

/** An optional expression: absent or blank stays so (a count or a scan of every row). */
export function gateOptionalExpression(
  text: string | undefined,
  gated: GatedExpression,
): string | undefined {
  if (text === undefined || text.trim() === '') return text;
  return gateExpression(text, gated);
}

function parse(text: string): ExpressionNode {
  return parseExpression(text, { maxDepth: GATE_LIMITS.maxDepth }).root;
}

function refusal(
  what: string,
  text: string,
  error: GateRefusal | ExpressionSyntaxError,
): CatalogError {
  const start = error instanceof GateRefusal ? error.span.start : error.offset;
  const limit =
    error instanceof GateRefusal
      ? error.limit
      : error.limit && `max${error.limit.name[0]!.toUpperCase()}${error.limit.name.slice(1)}`;
  const message = `The ${what} was refused: ${error.message}, at character ${start + 1}: ${excerpt(text, start)}`;
  return errors.InvalidInput(message, {
    detail: JSON.stringify({ offset: start, ...(limit ? { limit } : {}) }),
  });
}

/** Up to 40 characters from the place, so a person sees where without the whole text. */
function excerpt(text: string, start: number): string {
  if (start >= text.length) return '(the end of the text)';
  const piece = text.slice(start, start + 40);
  return JSON.stringify(start + 40 < text.length ? `${piece}…` : piece);
}
