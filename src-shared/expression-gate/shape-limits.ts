/**
 * The limits on the tree's shape that the parser does not hold itself: the length of AND and OR
 * chains, the items of an IN list, the branches of a CASE, and the number of nodes. The parser
 * already refused a tree deeper than GATE_LIMITS.maxDepth, so this walk's recursion is bounded.
 */
import { childrenOf, type ExpressionNode } from '../sql-expression/expression-ast';
import { GATE_LIMITS } from './gate-limits';
import { GateRefusal } from './gate-refusal';

export function checkShape(root: ExpressionNode): void {
  let nodes = 0;
  const visit = (node: ExpressionNode): void => {
    nodes += 1;
    if (node.type === 'logical' && node.operands.length > GATE_LIMITS.maxChain) {
      const first = node.operands[GATE_LIMITS.maxChain]!;
      throw new GateRefusal(
        `${node.operands.length} conditions joined by ${node.op} are more than the ${GATE_LIMITS.maxChain} allowed in one chain` +
          (node.op === 'OR' ? ' (a list of values to match is better written column IN (…))' : ''),
        { start: first.start, end: node.end },
        'maxChain',
      );
    }
    if (node.type === 'in') {
      if (node.items.length > GATE_LIMITS.maxInItems) {
        throw new GateRefusal(
          `an IN list of ${node.items.length} values is longer than the ${GATE_LIMITS.maxInItems} allowed`,
          node,
          'maxInItems',
        );
      }
      // The items are counted by their own limit, not as nodes.
      visit(node.operand);
      for (const item of node.items) if (item.type !== 'literal') visit(item);
      return;
    }
    if (node.type === 'case' && node.whens.length > GATE_LIMITS.maxCaseBranches) {
      throw new GateRefusal(
        `a CASE of ${node.whens.length} WHEN branches has more than the ${GATE_LIMITS.maxCaseBranches} allowed`,
        node,
        'maxCaseBranches',
      );
    }
    if (nodes > GATE_LIMITS.maxNodes) {
      throw new GateRefusal(
        `the expression has more than ${GATE_LIMITS.maxNodes} parts (values, names, operators and calls)`,
        node,
        'maxNodes',
      );
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(root);
}
