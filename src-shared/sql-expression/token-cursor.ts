/** The parser's cursor over the tokens: reading, node counting, nesting limits and errors. */
import type { ExpressionNode, LiteralNode, Span } from './expression-ast';
import type { WithoutDepth } from './sql-grammar';
import type { Token } from './tokens';

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

/**
 * The parser's reading of its tokens and making of its nodes: where it is, what comes next, the
 * nesting and node counts its limits are checked against, and its errors at their place. The
 * grammar is in the classes above it (parse-prefix.ts, parse-expression.ts).
 */
export abstract class TokenCursor {
  protected at = 0;
  protected nesting = 0;
  protected nodes = 0;

  constructor(
    protected readonly text: string,
    protected readonly tokens: Token[],
    protected readonly options: ParseOptions,
  ) {}

  /** An expression whose operators bind tighter than `minPrec`. */
  protected abstract parseExpr(minPrec: number): ExpressionNode;

  // ---- tokens ---------------------------------------------------------------------------------

  protected peek(ahead = 0): Token {
    return this.tokens[this.at + ahead] ?? this.tokens[this.tokens.length - 1]!;
  }
  protected next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.at += 1;
    return token;
  }
  protected isWord(token: Token, word: string): boolean {
    return token.kind === 'word' && token.lower === word;
  }
  protected isOp(token: Token, op: string): boolean {
    return token.kind === 'op' && token.value === op;
  }
  protected acceptWord(word: string): Token | undefined {
    return this.isWord(this.peek(), word) ? this.next() : undefined;
  }
  protected expectWord(word: string): Token {
    const token = this.peek();
    if (!this.isWord(token, word)) this.unexpected(token, `expected ${word.toUpperCase()}`);
    return this.next();
  }
  protected expectOp(op: string): Token {
    const token = this.peek();
    if (!this.isOp(token, op)) this.unexpected(token, `expected ${JSON.stringify(op)}`);
    return this.next();
  }
  protected unexpected(token: Token, expected?: string): never {
    const written =
      token.kind === 'end' ? 'the end of the text' : JSON.stringify(this.source(token));
    const hint = expected ? ` (${expected})` : '';
    throw new ExpressionSyntaxError(
      `syntax error: unexpected ${written}${hint}`,
      token.start,
      token.end - token.start,
    );
  }
  protected refuse(span: Span, message: string): never {
    throw new ExpressionSyntaxError(message, span.start, span.end - span.start);
  }
  protected source(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  // ---- nodes ----------------------------------------------------------------------------------

  /** Counts the node and refuses it when it makes the tree deeper than allowed. */
  protected made<T extends ExpressionNode>(node: WithoutDepth<T>, children: ExpressionNode[]): T {
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
  protected nested<T>(where: Token, read: () => T): T {
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

  protected parseList(close: string): ExpressionNode[] {
    const items: ExpressionNode[] = [];
    if (this.isOp(this.peek(), close)) return items;
    for (;;) {
      items.push(this.parseExpr(0));
      if (!this.isOp(this.peek(), ',')) return items;
      this.next();
    }
  }

  protected literal(kind: LiteralNode['kind'], value: string, span: Span): LiteralNode {
    return this.made<LiteralNode>(
      { type: 'literal', kind, value, start: span.start, end: span.end },
      [],
    );
  }
}
