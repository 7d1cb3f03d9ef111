/**
 * A long OR chain of equalities on one column, as a script writes it from a list of keys
 * (`id = 1 OR id = 2 OR …`), becomes one IN list: LanceDB nests an OR chain one level per term
 * and its planner's stack overflows at about 32,000 of them, while an IN list of the same values
 * is one node. `a = 1 OR a = 2` and `a IN (1, 2)` are the same condition in SQL, NULLs included.
 *
 * Only chains longer than GATE_LIMITS.rewriteOrChainsOver are rewritten, so what a person writes
 * reaches LanceDB as written. The rewrite works on the text: the column and the values keep their
 * original spelling, and every other operand of the chain is kept as it was, after the IN lists.
 */
import type { ExpressionNode, LogicalNode } from '../sql-expression/expression-ast';
import { childrenOf } from '../sql-expression/expression-ast';
import { GATE_LIMITS } from './gate-limits';

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The text with its long OR chains rewritten, or the same text when there were none. */
export function orChainsToIn(text: string, root: ExpressionNode): string {
  const edits: Edit[] = [];
  const visit = (node: ExpressionNode): void => {
    if (
      node.type === 'logical' &&
      node.op === 'OR' &&
      node.operands.length > GATE_LIMITS.rewriteOrChainsOver
    ) {
      const edit = rewriteChain(text, node);
      if (edit) {
        edits.push(edit);
        return;
      }
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(root);
  if (edits.length === 0) return text;
  let result = '';
  let at = 0;
  for (const edit of edits) {
    result += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return result + text.slice(at);
}

interface Match {
  column: string;
  values: string[];
}

function rewriteChain(text: string, chain: LogicalNode): Edit | undefined {
  const groups = new Map<string, { column: string; values: string[]; operands: number }>();
  const matches = chain.operands.map((operand) => matchOf(text, operand));
  for (const match of matches) {
    if (!match) continue;
    const group = groups.get(match.key) ?? { column: match.column, values: [], operands: 0 };
    group.values.push(...match.values);
    group.operands += 1;
    groups.set(match.key, group);
  }
  const gathered = [...groups.entries()].filter(([, group]) => group.operands > 1);
  if (gathered.length === 0) return undefined;
  const gatheredKeys = new Set(gathered.map(([key]) => key));
  const kept = chain.operands
    .filter((_, i) => !(matches[i] && gatheredKeys.has(matches[i].key)))
    .map((operand) => text.slice(operand.start, operand.end));
  const lists = gathered.map(([, group]) => `${group.column} IN (${group.values.join(', ')})`);
  return { start: chain.start, end: chain.end, text: `(${[...lists, ...kept].join(' OR ')})` };
}

/** `column = literal`, `literal = column` or `column IN (literals)`, with its group's key. */
function matchOf(text: string, node: ExpressionNode): (Match & { key: string }) | undefined {
  while (node.type === 'nested') node = node.inner;
  const source = (n: ExpressionNode) => text.slice(n.start, n.end);
  if (node.type === 'binary' && (node.op === '=' || node.op === '==')) {
    const [column, value] =
      node.left.type === 'column' ? [node.left, node.right] : [node.right, node.left];
    const kind = literalKind(value);
    if (column.type !== 'column' || !kind) return undefined;
    return { key: keyOf(column.path, kind), column: source(column), values: [source(value)] };
  }
  if (node.type === 'in' && !node.negated && node.operand.type === 'column') {
    const kinds = new Set(node.items.map(literalKind));
    const [kind] = kinds;
    if (kinds.size !== 1 || !kind) return undefined;
    return {
      key: keyOf(node.operand.path, kind),
      column: source(node.operand),
      values: node.items.map(source),
    };
  }
  return undefined;
}

/** Values of one kind only go in one list, so that LanceDB coerces them as it did one by one. */
function literalKind(node: ExpressionNode): string | undefined {
  if (node.type === 'literal' && node.kind !== 'null') return node.kind;
  if (node.type === 'unary' && node.op === '-' && node.operand.type === 'literal') {
    return node.operand.kind === 'number' ? 'number' : undefined;
  }
  return undefined;
}

function keyOf(path: string[], kind: string): string {
  return `${kind}\u0000${path.join('\u0000')}`;
}
