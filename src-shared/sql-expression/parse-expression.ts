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
import type { ColumnNode, ExpressionNode, LiteralNode, LogicalNode, Span } from './expression-ast';
import { LexError, tokenize, type Token } from './tokens';

export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly length: number,
    /** Set when a limit was passed: which one, for the caller's message. */
    readonly limit?: { name: string; value: number },
  ) {
    super(message);
  }
}

export interface ParseOptions {
  /** Deepest tree allowed (a chain of AND or OR is one level). */
  maxDepth: number;
}

export interface ParsedExpression {
  root: ExpressionNode;
  /** Nodes built, IN-list items included. */
  nodeCount: number;
}

/** A node before its depth is known; distributed over the union, so each kind keeps its fields. */
type WithoutDepth<T> = T extends unknown ? Omit<T, 'depth'> : never;

// Binding powers, as sqlparser's generic dialect ranks them.
const PREC = {
  or: 5,
  and: 10,
  not: 15,
  is: 17,
  compare: 20,
  pipe: 21,
  caret: 22,
  amp: 23,
  shift: 24,
  plus: 30,
  mul: 40,
  postfix: 50,
} as const;

const COMPARISONS = new Set(['=', '==', '<>', '!=', '<', '<=', '>', '>=', '~', '~*', '!~', '!~*']);
const BINARY_PREC: Record<string, number> = {
  '|': PREC.pipe,
  '^': PREC.caret,
  '&': PREC.amp,
  '<<': PREC.shift,
  '>>': PREC.shift,
  '+': PREC.plus,
  '-': PREC.plus,
  '||': PREC.plus,
  '*': PREC.mul,
  '/': PREC.mul,
  '%': PREC.mul,
};
/** Words that start or continue syntax; never read as a column name when written bare. */
const RESERVED = new Set(
  (
    'and or not is in between like ilike similar case when then else end cast try_cast null ' +
    'true false select from where exists escape as distinct order by limit group having union ' +
    'over filter within'
  ).split(' '),
);
/** Operators that NOT may precede: `a NOT IN (…)`, `a NOT LIKE …`. */
const NEGATABLE = new Set(['in', 'between', 'like', 'ilike', 'similar']);
const TYPED_LITERALS = new Set([
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'datetime',
  'interval',
]);
const INTERVAL_UNITS = new Set(
  (
    'year years month months week weeks day days hour hours minute minutes second seconds ' +
    'millisecond milliseconds microsecond microseconds nanosecond nanoseconds'
  ).split(' '),
);
const TYPE_MODIFIER_WORDS = new Set([
  'precision',
  'varying',
  'with',
  'without',
  'time',
  'zone',
  'unsigned',
]);

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

class Parser {
  private at = 0;
  private nesting = 0;
  private nodes = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly options: ParseOptions,
  ) {}

  parseWhole(): ParsedExpression {
    if (this.peek().kind === 'end') {
      throw new ExpressionSyntaxError('the expression is empty', 0, 0);
    }
    const root = this.parseExpr(0);
    const next = this.peek();
    if (next.kind !== 'end') this.unexpected(next);
    return { root, nodeCount: this.nodes };
  }

  // ---- tokens ---------------------------------------------------------------------------------

  private peek(ahead = 0): Token {
    return this.tokens[this.at + ahead] ?? this.tokens[this.tokens.length - 1]!;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.at += 1;
    return token;
  }
  private isWord(token: Token, word: string): boolean {
    return token.kind === 'word' && token.lower === word;
  }
  private isOp(token: Token, op: string): boolean {
    return token.kind === 'op' && token.value === op;
  }
  private acceptWord(word: string): Token | undefined {
    return this.isWord(this.peek(), word) ? this.next() : undefined;
  }
  private expectWord(word: string): Token {
    const token = this.peek();
    if (!this.isWord(token, word)) this.unexpected(token, `expected ${word.toUpperCase()}`);
    return this.next();
  }
  private expectOp(op: string): Token {
    const token = this.peek();
    if (!this.isOp(token, op)) this.unexpected(token, `expected ${JSON.stringify(op)}`);
    return this.next();
  }
  private unexpected(token: Token, expected?: string): never {
    const written =
      token.kind === 'end' ? 'the end of the text' : JSON.stringify(this.source(token));
    const hint = expected ? ` (${expected})` : '';
    throw new ExpressionSyntaxError(
      `syntax error: unexpected ${written}${hint}`,
      token.start,
      token.end - token.start,
    );
  }
  private refuse(span: Span, message: string): never {
    throw new ExpressionSyntaxError(message, span.start, span.end - span.start);
  }
  private source(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  // ---- nodes ----------------------------------------------------------------------------------

  /** Counts the node and refuses it when it makes the tree deeper than allowed. */
  private made<T extends ExpressionNode>(node: WithoutDepth<T>, children: ExpressionNode[]): T {
    let deepest = 0;
    for (const child of children) if (child.depth > deepest) deepest = child.depth;
    const depth = deepest + 1;
    if (depth > this.options.maxDepth) {
      throw new ExpressionSyntaxError(
        `the expression is nested too deeply: more than ${this.options.maxDepth} levels (each operator in a chain such as a + b + c is a level of its own; AND and OR chains are one)`,
        node.start,
        node.end - node.start,
        { name: 'depth', value: this.options.maxDepth },
      );
    }
    this.nodes += 1;
    // The literal the caller built is the node: no copy, as a long chain makes tens of thousands.
    const built = node as unknown as T;
    built.depth = depth;
    return built;
  }

  /** Enters a nested context (parentheses, a call, an operand of a unary operator). */
  private nested<T>(where: Token, read: () => T): T {
    this.nesting += 1;
    if (this.nesting > this.options.maxDepth) {
      throw new ExpressionSyntaxError(
        `the expression is nested too deeply: more than ${this.options.maxDepth} levels`,
        where.start,
        where.end - where.start,
        { name: 'depth', value: this.options.maxDepth },
      );
    }
    try {
      return read();
    } finally {
      this.nesting -= 1;
    }
  }

  // ---- expressions ----------------------------------------------------------------------------

  private parseExpr(minPrec: number): ExpressionNode {
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      const prec = this.infixPrecedence(token);
      if (prec <= minPrec) return left;
      left = this.parseInfix(left, prec);
    }
  }

  private infixPrecedence(token: Token): number {
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

  private parseInfix(left: ExpressionNode, prec: number): ExpressionNode {
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
  private logical(left: ExpressionNode, op: 'AND' | 'OR', prec: number): LogicalNode {
    const operands: ExpressionNode[] = [left];
    for (;;) {
      operands.push(this.parseExpr(prec));
      if (!this.isWord(this.peek(), op.toLowerCase())) break;
      this.next();
    }
    const last = operands[operands.length - 1]!;
    return this.made({ type: 'logical', op, operands, start: left.start, end: last.end }, operands);
  }

  private parseIs(left: ExpressionNode): ExpressionNode {
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

  private parseIn(left: ExpressionNode, negated: boolean): ExpressionNode {
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

  private parseLike(
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
  private fieldOf(left: ExpressionNode, dot: Token): ExpressionNode {
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

  private parseList(close: string): ExpressionNode[] {
    const items: ExpressionNode[] = [];
    if (this.isOp(this.peek(), close)) return items;
    for (;;) {
      items.push(this.parseExpr(0));
      if (!this.isOp(this.peek(), ',')) return items;
      this.next();
    }
  }

  private parsePrefix(): ExpressionNode {
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

  private parseOperatorPrefix(token: Token): ExpressionNode {
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

  private parseWord(token: Token): ExpressionNode {
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

  private parseCall(name: Token): ExpressionNode {
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
  private parseCallArguments(name: string): ExpressionNode[] {
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

  private parseCase(start: Token): ExpressionNode {
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

  private parseCast(start: Token, tryCast: boolean): ExpressionNode {
    this.expectOp('(');
    const operand = this.parseExpr(0);
    this.expectWord('as');
    const type = this.parseDataType(true);
    const close = this.expectOp(')');
    return this.castTo(operand, { ...type, end: close.end }, tryCast, start.start);
  }

  private castTo(
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
  private parseDataType(insideCast: boolean): { text: string; end: number } {
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

  private literal(kind: LiteralNode['kind'], value: string, span: Span): LiteralNode {
    return this.made<LiteralNode>(
      { type: 'literal', kind, value, start: span.start, end: span.end },
      [],
    );
  }
}
