import { describe, expect, it } from 'vitest';
import type { ExpressionNode } from '../../../../src-shared/sql-expression/expression-ast';
import {
  ExpressionSyntaxError,
  parseExpression,
} from '../../../../src-shared/sql-expression/parse-expression';

const parse = (text: string, maxDepth = 32) => parseExpression(text, { maxDepth }).root;

/** The tree in a compact notation, to compare shapes and precedence. */
function show(node: ExpressionNode): string {
  switch (node.type) {
    case 'column':
      return node.path.join('.');
    case 'literal':
      return node.kind === 'string' ? `'${node.value}'` : node.value;
    case 'unary':
      return `(${node.op} ${show(node.operand)})`;
    case 'binary':
      return `(${show(node.left)} ${node.op} ${show(node.right)})`;
    case 'logical':
      return `${node.op}[${node.operands.map(show).join(', ')}]`;
    case 'is':
      return `(${show(node.operand)} IS${node.negated ? ' NOT' : ''} ${node.test}${node.other ? ` ${show(node.other)}` : ''})`;
    case 'in':
      return `(${show(node.operand)}${node.negated ? ' NOT' : ''} IN ${node.items.map(show).join(',')})`;
    case 'between':
      return `(${show(node.operand)} BETWEEN ${show(node.low)} AND ${show(node.high)})`;
    case 'like':
      return `(${show(node.operand)} ${node.op} ${show(node.pattern)})`;
    case 'call':
      return `${node.name}(${node.args.map(show).join(', ')})`;
    case 'cast':
      return `CAST(${show(node.operand)} AS ${node.dataType})`;
    case 'case':
      return `CASE[${node.whens.map((w) => `${show(w.when)}->${show(w.then)}`).join(', ')}]`;
    case 'index':
      return `${show(node.operand)}[${show(node.index)}]`;
    case 'array':
      return `[${node.items.map(show).join(', ')}]`;
    case 'nested':
      return show(node.inner);
  }
}

function refusal(text: string, maxDepth = 32): ExpressionSyntaxError {
  try {
    parse(text, maxDepth);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error;
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseExpression', () => {
  it('ranks operators as DataFusion does: OR < AND < NOT < comparison < + < * < ::', () => {
    expect(show(parse('a = 1 OR b = 2 AND NOT c > 3'))).toBe(
      'OR[(a = 1), AND[(b = 2), (NOT (c > 3))]]',
    );
    expect(show(parse('a + b * c - d'))).toBe('((a + (b * c)) - d)');
    expect(show(parse('-a * b'))).toBe('((- a) * b)');
    expect(show(parse('x::int + 1'))).toBe('(CAST(x AS int) + 1)');
  });

  it('reads BETWEEN … AND … without taking its AND for a conjunction', () => {
    expect(show(parse('a BETWEEN 1 AND 5 AND b NOT BETWEEN 2 AND 3'))).toBe(
      'AND[(a BETWEEN 1 AND 5), (b BETWEEN 2 AND 3)]',
    );
  });

  it('reads quoted and nested names, indexes, typed literals, casts and keyword forms', () => {
    expect(show(parse('`a.b`.c > 1'))).toBe('(a.b.c > 1)');
    expect(show(parse("\"My Col\" = 'x''y'"))).toBe("(My Col = 'x'y')");
    expect(show(parse('arr[1] = 2'))).toBe('(arr[1] = 2)');
    expect(show(parse("ts > timestamp '2024-01-01'"))).toBe('(ts > 2024-01-01)');
    expect(show(parse('CAST(x AS DECIMAL(10, 2)) > 1e-3'))).toBe(
      '(CAST(x AS DECIMAL(10, 2)) > 1e-3)',
    );
    expect(show(parse('extract(year FROM ts) = 2024'))).toBe("(extract('year', ts) = 2024)");
    expect(show(parse('x IS NOT NULL AND y IS DISTINCT FROM z'))).toBe(
      'AND[(x IS NOT NULL), (y IS DISTINCT FROM z)]',
    );
    expect(show(parse("CASE WHEN a > 1 THEN 'x' END = 'x'"))).toBe("(CASE[(a > 1)->'x'] = 'x')");
    expect(show(parse("s NOT ILIKE '%a%' ESCAPE '!'"))).toBe("(s ILIKE '%a%')");
    expect(show(parse('[1, 2] = arr'))).toBe('([1, 2] = arr)');
  });

  it('makes one node of an AND or OR chain, in time linear in its length', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) => `id = ${i}`).join(' OR ');
    const started = performance.now();
    const root = parse(chain);
    expect(root.type === 'logical' && root.operands.length).toBe(50_000);
    expect(root.depth).toBe(3);
    // Generous: linear parsing of 700 KB takes well under a second even on a busy machine.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a tree deeper than allowed, at the operator that makes it so', () => {
    const sum = Array.from({ length: 40 }, () => 'id').join(' + ');
    const error = refusal(sum);
    expect(error.limit).toEqual({ name: 'depth', value: 32 });
    expect(error.message).toMatch(/more than 32 levels/);
  });

  it('refuses deep nesting before it recurses: 100,000 parentheses or NOTs', () => {
    expect(refusal(`${'('.repeat(100_000)}a${')'.repeat(100_000)}`).limit?.name).toBe('depth');
    expect(refusal(`${'NOT '.repeat(100_000)}a`).limit?.name).toBe('depth');
    expect(refusal(`${'abs('.repeat(100_000)}a${')'.repeat(100_000)}`).limit?.name).toBe('depth');
    expect(refusal(`${'- '.repeat(100_000)}a`).limit?.name).toBe('depth');
  });

  it('refuses what does not belong in an expression, at its place', () => {
    expect(refusal('id IN (SELECT 1)').offset).toBe(7);
    expect(refusal('count(*) > 1').message).toMatch(/aggregate/);
    expect(refusal('sum(DISTINCT x) > 1').message).toMatch(/aggregate/);
    expect(refusal('row_number() OVER (ORDER BY x) = 1').message).toMatch(/window/);
    expect(refusal('id = 1; DROP TABLE t').offset).toBe(6);
    expect(refusal('id = $1').offset).toBe(5);
    expect(refusal("s = 'never closed").offset).toBe(4);
    expect(refusal('a = ').message).toMatch(/end of the text/);
    expect(refusal('a b').offset).toBe(2);
    expect(refusal('').message).toMatch(/empty/);
  });

  it('keeps every node within the text it came from', () => {
    const text = "a = 1 AND lower(s) LIKE 'x%'";
    const visit = (node: ExpressionNode): void => {
      expect(node.start).toBeGreaterThanOrEqual(0);
      expect(node.end).toBeLessThanOrEqual(text.length);
      expect(node.start).toBeLessThan(node.end);
    };
    const root = parse(text);
    visit(root);
    expect(text.slice(root.start, root.end)).toBe(text);
  });
});
