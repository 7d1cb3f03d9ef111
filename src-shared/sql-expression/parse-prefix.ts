/** The prefix half of the expression parser: what an expression can start with. */
import type { ColumnNode, ExpressionNode } from './expression-ast';
import { PREC, RESERVED, TYPED_LITERALS, INTERVAL_UNITS, TYPE_MODIFIER_WORDS } from './sql-grammar';
import { TokenCursor } from './token-cursor';
import type { Token } from './tokens';

/**
 * What starts an expression: literals, columns, calls (with the keyword forms of EXTRACT,
 * POSITION, SUBSTRING and TRIM), CASE, CAST and the prefix operators.
 */
export abstract class PrefixParser extends TokenCursor {
  protected parsePrefix(): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return this.literal('number', token.value, token);
      case 'string':
        return this.literal(token.prefix ? 'typed' : 'string', token.value, token);
      case 'quoted':
        return this.made<ColumnNode>(
          { type: 'column', path: [token.value], start: token.start, end: token.end },
          [],
        );
      case 'word':
        return this.parseWord(token);
      case 'op':
        return this.parseOperatorPrefix(token);
      case 'end':
        return this.unexpected(token, 'the expression ends too soon');
    }
  }

  protected parseOperatorPrefix(token: Token): ExpressionNode {
    switch (token.value) {
      case '(': {
        if (this.isWord(this.peek(), 'select'))
          this.refuse(this.peek(), 'a subquery cannot be used here');
        const inner = this.nested(token, () => this.parseExpr(0));
        if (this.isOp(this.peek(), ',')) {
          this.refuse(this.peek(), 'a row of values (a, b) cannot be used here');
        }
        const close = this.expectOp(')');
        return this.made({ type: 'nested', inner, start: token.start, end: close.end }, [inner]);
      }
      case '[': {
        const items = this.nested(token, () => this.parseList(']'));
        const close = this.expectOp(']');
        return this.made({ type: 'array', items, start: token.start, end: close.end }, items);
      }
      case '-':
      case '+': {
        const operand = this.nested(token, () => this.parseExpr(PREC.mul));
        return this.made(
          { type: 'unary', op: token.value, operand, start: token.start, end: operand.end },
          [operand],
        );
      }
      case '*':
        return this.refuse(token, '* (every column) cannot be used in an expression');
      default:
        return this.unexpected(token);
    }
  }

  protected parseWord(token: Token): ExpressionNode {
    const word = token.lower!;
    const after = this.peek();
    switch (word) {
      case 'null':
        return this.literal('null', 'NULL', token);
      case 'true':
      case 'false':
        return this.literal('boolean', word, token);
      case 'not': {
        const operand = this.nested(token, () => this.parseExpr(PREC.not));
        return this.made(
          { type: 'unary', op: 'NOT', operand, start: token.start, end: operand.end },
          [operand],
        );
      }
      case 'case':
        return this.nested(token, () => this.parseCase(token));
      case 'cast':
      case 'try_cast':
        return this.nested(token, () => this.parseCast(token, word === 'try_cast'));
      case 'exists':
      case 'select':
        return this.refuse(token, 'a subquery cannot be used here');
    }
    if (TYPED_LITERALS.has(word) && after.kind === 'string') {
      this.next();
      let end = after.end;
      if (
        word === 'interval' &&
        this.peek().kind === 'word' &&
        INTERVAL_UNITS.has(this.peek().lower!)
      ) {
        end = this.next().end;
      }
      return this.literal('typed', after.value, { start: token.start, end });
    }
    if (this.isOp(after, '(')) return this.nested(token, () => this.parseCall(token));
    if (RESERVED.has(word)) return this.unexpected(token);
    return this.made<ColumnNode>(
      { type: 'column', path: [token.value], start: token.start, end: token.end },
      [],
    );
  }

  protected parseCall(name: Token): ExpressionNode {
    const open = this.next();
    const lower = name.lower!;
    if (this.isOp(this.peek(), '*'))
      this.refuse(this.peek(), `${name.value}(*) is an aggregate: aggregates cannot be used here`);
    if (this.isWord(this.peek(), 'distinct') || this.isWord(this.peek(), 'all')) {
      this.refuse(
        this.peek(),
        `${name.value}(${this.peek().value.toUpperCase()} …) is an aggregate: aggregates cannot be used here`,
      );
    }
    const args = this.isOp(this.peek(), ')') ? [] : this.parseCallArguments(lower);
    const close = this.expectOp(')');
    for (const word of ['over', 'filter', 'within']) {
      if (this.isWord(this.peek(), word)) {
        this.refuse(
          this.peek(),
          `${word.toUpperCase()} (a window or an aggregate clause) cannot be used here`,
        );
      }
    }
    void open;
    return this.made(
      { type: 'call', name: lower, args, nameEnd: name.end, start: name.start, end: close.end },
      args,
    );
  }

  /** Arguments, with the keyword forms of EXTRACT, POSITION, SUBSTRING and TRIM. */
  protected parseCallArguments(name: string): ExpressionNode[] {
    if (name === 'extract') {
      const field = this.next();
      if (field.kind !== 'word' && field.kind !== 'string')
        this.unexpected(field, 'expected a date part');
      this.expectWord('from');
      const part = this.literal('string', field.value, field);
      return [part, this.parseExpr(0)];
    }
    if (name === 'trim') {
      const args: ExpressionNode[] = [];
      const side = ['both', 'leading', 'trailing'].find((w) => this.isWord(this.peek(), w));
      if (side) this.next();
      if (this.acceptWord('from')) return [this.parseExpr(0)];
      const first = this.parseExpr(0);
      if (this.acceptWord('from')) return [this.parseExpr(0), first];
      args.push(first);
      while (this.isOp(this.peek(), ',')) {
        this.next();
        args.push(this.parseExpr(0));
      }
      return args;
    }
    const first = this.parseExpr(name === 'position' ? PREC.compare : 0);
    if (name === 'position' && this.acceptWord('in')) return [first, this.parseExpr(0)];
    if (name === 'substring' || name === 'substr') {
      if (this.acceptWord('from')) {
        const from = this.parseExpr(0);
        return this.acceptWord('for') ? [first, from, this.parseExpr(0)] : [first, from];
      }
      if (this.acceptWord('for'))
        return [first, this.literal('number', '1', first), this.parseExpr(0)];
    }
    const args = [first];
    while (this.isOp(this.peek(), ',')) {
      this.next();
      args.push(this.parseExpr(0));
    }
    return args;
  }

  protected parseCase(start: Token): ExpressionNode {
    const operand = this.isWord(this.peek(), 'when') ? undefined : this.parseExpr(0);
    const whens: { when: ExpressionNode; then: ExpressionNode }[] = [];
    while (this.acceptWord('when')) {
      const when = this.parseExpr(0);
      this.expectWord('then');
      whens.push({ when, then: this.parseExpr(0) });
    }
    if (whens.length === 0) this.unexpected(this.peek(), 'expected WHEN');
    const otherwise = this.acceptWord('else') ? this.parseExpr(0) : undefined;
    const end = this.expectWord('end');
    const children = [
      ...(operand ? [operand] : []),
      ...whens.flatMap(({ when, then }) => [when, then]),
      ...(otherwise ? [otherwise] : []),
    ];
    return this.made(
      {
        type: 'case',
        ...(operand ? { operand } : {}),
        whens,
        ...(otherwise ? { otherwise } : {}),
        start: start.start,
        end: end.end,
      },
      children,
    );
  }

  protected parseCast(start: Token, tryCast: boolean): ExpressionNode {
    this.expectOp('(');
    const operand = this.parseExpr(0);
    this.expectWord('as');
    const type = this.parseDataType(true);
    const close = this.expectOp(')');
    return this.castTo(operand, { ...type, end: close.end }, tryCast, start.start);
  }

  protected castTo(
    operand: ExpressionNode,
    type: { text: string; end: number },
    tryCast: boolean,
    start = operand.start,
  ): ExpressionNode {
    return this.made(
      { type: 'cast', operand, dataType: type.text, tryCast, start, end: type.end },
      [operand],
    );
  }

  /**
   * A type name: words (`DOUBLE PRECISION`, `TIMESTAMP WITH TIME ZONE`), an optional `(p, s)`
   * and `[]` for a list. Inside CAST it may be nested (`STRUCT<…>`-style types are refused).
   */
  protected parseDataType(insideCast: boolean): { text: string; end: number } {
    const first = this.next();
    if (first.kind !== 'word') this.unexpected(first, 'expected a type name');
    let end = first.end;
    while (this.peek().kind === 'word' && TYPE_MODIFIER_WORDS.has(this.peek().lower!)) {
      end = this.next().end;
    }
    if (this.isOp(this.peek(), '(')) {
      this.next();
      for (;;) {
        const size = this.next();
        if (size.kind !== 'number') this.unexpected(size, 'expected a number');
        if (!this.isOp(this.peek(), ',')) break;
        this.next();
      }
      end = this.expectOp(')').end;
    }
    while (this.isOp(this.peek(), '[') && this.isOp(this.peek(1), ']')) {
      this.next();
      end = this.next().end;
    }
    if (insideCast && !this.isOp(this.peek(), ')'))
      this.unexpected(this.peek(), 'expected ")" after the type');
    return { text: this.text.slice(first.start, end), end };
  }
}
