/**
 * The tree of an SQL expression as parse-expression.ts builds it. Every node has its place in the
 * text (`start`, `end`, offsets into the original string) and its `depth`: the levels below and
 * including it, as LanceDB's planner will recurse through them. A chain of AND or OR is one node
 * with many operands (LanceDB nests it, but its frames are small; its length has its own limit).
 */

export interface Span {
  start: number;
  end: number;
}

interface Base extends Span {
  depth: number;
}

export type LiteralKind = 'number' | 'string' | 'boolean' | 'null' | 'typed';

export interface ColumnNode extends Base {
  type: 'column';
  /** Path segments, without quotes: `a.b` and `` `a`.`b` `` are both ['a', 'b']. */
  path: string[];
}
export interface LiteralNode extends Base {
  type: 'literal';
  kind: LiteralKind;
  /** A string's or a number's value as written (without quotes); a typed literal's string. */
  value: string;
}
export interface UnaryNode extends Base {
  type: 'unary';
  op: 'NOT' | '-' | '+';
  operand: ExpressionNode;
}
export interface BinaryNode extends Base {
  type: 'binary';
  /** Arithmetic, comparison, `||`, bitwise and regular-expression match operators. */
  op: string;
  left: ExpressionNode;
  right: ExpressionNode;
  /** Where the operator itself is written. */
  opStart: number;
}
export interface LogicalNode extends Base {
  type: 'logical';
  op: 'AND' | 'OR';
  operands: ExpressionNode[];
}
export interface IsNode extends Base {
  type: 'is';
  operand: ExpressionNode;
  /** NULL, TRUE, FALSE, UNKNOWN, or DISTINCT FROM (with `other`). */
  test: 'NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN' | 'DISTINCT FROM';
  other?: ExpressionNode;
  negated: boolean;
}
export interface InListNode extends Base {
  type: 'in';
  operand: ExpressionNode;
  items: ExpressionNode[];
  negated: boolean;
}
export interface BetweenNode extends Base {
  type: 'between';
  operand: ExpressionNode;
  low: ExpressionNode;
  high: ExpressionNode;
  negated: boolean;
}
export interface LikeNode extends Base {
  type: 'like';
  op: 'LIKE' | 'ILIKE' | 'SIMILAR TO';
  operand: ExpressionNode;
  pattern: ExpressionNode;
  escape?: ExpressionNode;
  negated: boolean;
}
export interface CallNode extends Base {
  type: 'call';
  /** Lower case, as LanceDB looks functions up. */
  name: string;
  args: ExpressionNode[];
  nameEnd: number;
}
export interface CastNode extends Base {
  type: 'cast';
  operand: ExpressionNode;
  /** The target type as written, e.g. `DECIMAL(10, 2)`. */
  dataType: string;
  tryCast: boolean;
}
export interface CaseNode extends Base {
  type: 'case';
  operand?: ExpressionNode;
  whens: { when: ExpressionNode; then: ExpressionNode }[];
  otherwise?: ExpressionNode;
}
export interface IndexNode extends Base {
  type: 'index';
  operand: ExpressionNode;
  index: ExpressionNode;
}
export interface ArrayNode extends Base {
  type: 'array';
  items: ExpressionNode[];
}
export interface NestedNode extends Base {
  type: 'nested';
  inner: ExpressionNode;
}

export type ExpressionNode =
  | ColumnNode
  | LiteralNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | IsNode
  | InListNode
  | BetweenNode
  | LikeNode
  | CallNode
  | CastNode
  | CaseNode
  | IndexNode
  | ArrayNode
  | NestedNode;

/** The direct children of a node, in text order. */
export function childrenOf(node: ExpressionNode): ExpressionNode[] {
  switch (node.type) {
    case 'column':
    case 'literal':
      return [];
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'logical':
      return node.operands;
    case 'is':
      return node.other ? [node.operand, node.other] : [node.operand];
    case 'in':
      return [node.operand, ...node.items];
    case 'between':
      return [node.operand, node.low, node.high];
    case 'like':
      return node.escape ? [node.operand, node.pattern, node.escape] : [node.operand, node.pattern];
    case 'call':
      return node.args;
    case 'cast':
      return [node.operand];
    case 'case':
      return [
        ...(node.operand ? [node.operand] : []),
        ...node.whens.flatMap(({ when, then }) => [when, then]),
        ...(node.otherwise ? [node.otherwise] : []),
      ];
    case 'index':
      return [node.operand, node.index];
    case 'array':
      return node.items;
    case 'nested':
      return [node.inner];
  }
}
