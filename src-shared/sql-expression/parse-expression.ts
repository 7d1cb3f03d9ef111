/**
 * A precedence-climbing parser for the SQL expressions LanceDB evaluates, following the grammar
 * and operator precedence of DataFusion's sqlparser (generic dialect). Time and memory are linear
 * in the text: operator chains are built in a loop, never by recursion, and nesting (parentheses,
 * calls, unary operators) is refused past `maxDepth` before it can deepen the parser's own stack.
 *
 * It reads expressions, not statements: a subquery, an aggregate's `DISTINCT` or `*`, a window
 * (`OVER`) or a placeholder is refused at its place, since none of them belongs in a filter or a
 * column expression, and a syntax it does not know is refused rather than passed on unread.
 */
import type { ExpressionNode, LiteralNode, LogicalNode } from './expression-ast';
import { PREC, COMPARISONS, BINARY_PREC, NEGATABLE } from './sql-grammar';
import { PrefixParser } from './parse-prefix';
import { ExpressionSyntaxError, type ParseOptions, type ParsedExpression } from './token-cursor';
import { LexError, tokenize, type Token } from './tokens';

export { ExpressionSyntaxError, type ParseOptions, type ParsedExpression } from './token-cursor';

export function parseExpression(text: string, options: ParseOptions): ParsedExpression {
  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch (error) {
    if (error instanceof LexError) {
      throw new ExpressionSyntaxError(`syntax error: ${error.message}`, error.offset, 1);
    }
    throw error;
  }
  return new Parser(text, tokens, options).parseWhole();
}

/** The infix half: operators, their precedence and chains, IS, IN, LIKE and field access. */
class Parser extends PrefixParser {
  parseWhole(): ParsedExpression {
    if (this.peek().kind === 'end') {
      throw new ExpressionSyntaxError('the expression is empty', 0, 0);
    }
    const root = this.parseExpr(0);
    const next = this.peek();
    if (next.kind !== 'end') this.unexpected(next);
    return { root, nodeCount: this.nodes };
  }

  // ---- expressions ----------------------------------------------------------------------------

  protected parseExpr(minPrec: number): ExpressionNode {
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      const prec = this.infixPrecedence(token);
      if (prec <= minPrec) return left;
      left = this.parseInfix(left, prec);
    }
  }

  protected infixPrecedence(token: Token): number {
    if (token.kind === 'op') {
      if (COMPARISONS.has(token.value)) return PREC.compare;
      if (token.value === '::' || token.value === '[' || token.value === '.') return PREC.postfix;
      return BINARY_PREC[token.value] ?? 0;
    }
    if (token.kind !== 'word') return 0;
    switch (token.lower) {
      case 'or':
        return PREC.or;
      case 'and':
        return PREC.and;
      case 'is':
        return PREC.is;
      case 'in':
      case 'between':
      case 'like':
      case 'ilike':
      case 'similar':
        return PREC.compare;
      case 'not': {
        const after = this.peek(1);
        return after.kind === 'word' && NEGATABLE.has(after.lower!) ? PREC.compare : 0;
      }
      default:
        return 0;
    }
  }

  protected parseInfix(left: ExpressionNode, prec: number): ExpressionNode {
    const token = this.next();
    if (token.kind === 'op') {
      if (token.value === '::') return this.castTo(left, this.parseDataType(false), false);
      if (token.value === '[') {
        const index = this.nested(token, () => this.parseExpr(0));
        const close = this.expectOp(']');
        return this.made(
          { type: 'index', operand: left, index, start: left.start, end: close.end },
          [left, index],
        );
      }
      if (token.value === '.') return this.fieldOf(left, token);
      const right = this.parseExpr(prec);
      return this.made(
        {
          type: 'binary',
          op: token.value,
          left,
          right,
          opStart: token.start,
          start: left.start,
          end: right.end,
        },
        [left, right],
      );
    }
    const word = token.lower!;
    if (word === 'and' || word === 'or')
      return this.logical(left, word === 'and' ? 'AND' : 'OR', prec);
    if (word === 'is') return this.parseIs(left);
    const negated = word === 'not';
    const operator = negated ? this.next() : token;
    switch (operator.lower) {
      case 'in':
        return this.parseIn(left, negated);
      case 'between': {
        const low = this.parseExpr(PREC.compare);
        this.expectWord('and');
        const high = this.parseExpr(PREC.compare);
        return this.made(
          { type: 'between', operand: left, low, high, negated, start: left.start, end: high.end },
          [left, low, high],
        );
      }
      case 'similar':
        this.expectWord('to');
        return this.parseLike(left, 'SIMILAR TO', negated);
      case 'like':
        return this.parseLike(left, 'LIKE', negated);
      case 'ilike':
        return this.parseLike(left, 'ILIKE', negated);
      default:
        return this.unexpected(operator);
    }
  }

  /** `a AND b AND c` as one node: the loop adds operands, so a long chain costs no recursion. */
  protected logical(left: ExpressionNode, op: 'AND' | 'OR', prec: number): LogicalNode {
    const operands: ExpressionNode[] = [left];
    for (;;) {
      operands.push(this.parseExpr(prec));
      if (!this.isWord(this.peek(), op.toLowerCase())) break;
      this.next();
    }
    const last = operands[operands.length - 1]!;
    return this.made({ type: 'logical', op, operands, start: left.start, end: last.end }, operands);
  }

  protected parseIs(left: ExpressionNode): ExpressionNode {
    const negated = this.acceptWord('not') !== undefined;
    const token = this.next();
    const word = token.kind === 'word' ? token.lower! : '';
    if (word === 'distinct') {
      this.expectWord('from');
      const other = this.parseExpr(PREC.is);
      return this.made(
        {
          type: 'is',
          operand: left,
          test: 'DISTINCT FROM',
          other,
          negated,
          start: left.start,
          end: other.end,
        },
        [left, other],
      );
    }
    const tests = { null: 'NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;
    const test = tests[word as keyof typeof tests];
    if (!test)
      return this.unexpected(token, 'expected NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM');
    return this.made(
      { type: 'is', operand: left, test, negated, start: left.start, end: token.end },
      [left],
    );
  }

  protected parseIn(left: ExpressionNode, negated: boolean): ExpressionNode {
    const open = this.expectOp('(');
    if (this.isWord(this.peek(), 'select'))
      this.refuse(this.peek(), 'a subquery cannot be used here');
    const items = this.nested(open, () => this.parseList(')'));
    const close = this.expectOp(')');
    return this.made(
      { type: 'in', operand: left, items, negated, start: left.start, end: close.end },
      [left, ...items],
    );
  }

  protected parseLike(
    left: ExpressionNode,
    op: 'LIKE' | 'ILIKE' | 'SIMILAR TO',
    negated: boolean,
  ): ExpressionNode {
    const pattern = this.parseExpr(PREC.compare);
    const escape = this.acceptWord('escape') ? this.parseExpr(PREC.compare) : undefined;
    const end = (escape ?? pattern).end;
    return this.made(
      {
        type: 'like',
        op,
        operand: left,
        pattern,
        ...(escape ? { escape } : {}),
        negated,
        start: left.start,
        end,
      },
      escape ? [left, pattern, escape] : [left, pattern],
    );
  }

  /** `a.b` after a column extends its path; after anything else it reads a struct's field. */
  protected fieldOf(left: ExpressionNode, dot: Token): ExpressionNode {
    const name = this.next();
    if (name.kind !== 'word' && name.kind !== 'quoted')
      this.unexpected(name, 'expected a field name');
    if (left.type === 'column') {
      return { ...left, path: [...left.path, name.value], end: name.end };
    }
    const field = this.made<LiteralNode>(
      { type: 'literal', kind: 'string', value: name.value, start: dot.start, end: name.end },
      [],
    );
    return this.made(
      { type: 'index', operand: left, index: field, start: left.start, end: name.end },
      [left, field],
    );
  }
}
