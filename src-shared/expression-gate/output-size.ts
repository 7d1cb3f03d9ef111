/**
 * How large a value an expression can make, and the refusal of functions that are not allowed.
 *
 * A node's size is `factor × (bytes of a column value) + constant`, per row. LanceDB evaluates an
 * expression a batch of rows at a time, so a node that makes 60 KB of literal text for each row
 * costs 60 KB times the batch (measured: +520 MB for `concat(s, '<60 KB>')` on 20,000 rows), and
 * one that repeats a column 1,000 times costs 1,000 times the column (+845 MB). A node that reads
 * a column is held to GATE_LIMITS.maxConstantBytes and maxColumnFactor; a node of literals only is
 * computed once, and is held to GATE_LIMITS.maxLength (`repeat('x', 150000000)` took 614 MB).
 */
import type { CallNode, ExpressionNode, LiteralNode } from '../sql-expression/expression-ast';
import { ALLOWED_FUNCTIONS, type SizeRule } from './allowed-functions';
import { GATE_LIMITS } from './gate-limits';
import { GateRefusal } from './gate-refusal';

interface Size {
  factor: number;
  constant: number;
  /** Reads a column, so it is made once per row. */
  perRow: boolean;
}

const FIXED: Size = { factor: 0, constant: 16, perRow: false };
/** Longest literal that levenshtein may compare each row against (its work is length × length). */
const MAX_LEVENSHTEIN_LITERAL = 256;

const fixed = (children: Size[]): Size => ({ ...FIXED, perRow: children.some((c) => c.perRow) });
const sum = (children: Size[]): Size => ({
  factor: children.reduce((total, c) => total + c.factor, 0),
  constant: children.reduce((total, c) => total + c.constant, 0),
  perRow: children.some((c) => c.perRow),
});
const scaled = (size: Size, by: number): Size => ({
  factor: size.factor * by,
  constant: size.constant * by,
  perRow: size.perRow,
});
const widest = (children: Size[]): Size => ({
  factor: Math.max(0, ...children.map((c) => c.factor)),
  constant: Math.max(0, ...children.map((c) => c.constant)),
  perRow: children.some((c) => c.perRow),
});

export function checkOutputSize(root: ExpressionNode): void {
  sizeOf(root);
}

function sizeOf(node: ExpressionNode): Size {
  switch (node.type) {
    case 'column':
      return { factor: 1, constant: 0, perRow: true };
    case 'literal':
      return { factor: 0, constant: Math.max(16, node.value.length), perRow: false };
    case 'call':
      return bounded(node, sizeOfCall(node));
    case 'binary': {
      const sides = [sizeOf(node.left), sizeOf(node.right)];
      return bounded(node, node.op === '||' ? sum(sides) : fixed(sides));
    }
    case 'array':
      return bounded(node, sum(node.items.map(sizeOf)));
    case 'case': {
      const conditions = [
        ...(node.operand ? [node.operand] : []),
        ...node.whens.map((w) => w.when),
      ].map(sizeOf);
      const results = [
        ...node.whens.map((w) => w.then),
        ...(node.otherwise ? [node.otherwise] : []),
      ];
      const result = widest(results.map(sizeOf));
      return bounded(node, {
        ...result,
        perRow: result.perRow || conditions.some((c) => c.perRow),
      });
    }
    case 'cast':
    case 'nested':
      return sizeOf(node.type === 'cast' ? node.operand : node.inner);
    case 'index':
      sizeOf(node.index);
      return sizeOf(node.operand);
    case 'in':
      // The items are literals or small expressions; their sizes matter one by one, not summed.
      return fixed([sizeOf(node.operand), ...node.items.map(sizeOf)]);
    default: {
      const children: Size[] = [];
      const visit = (child: ExpressionNode) => children.push(sizeOf(child));
      if (node.type === 'logical') node.operands.forEach(visit);
      else if (node.type === 'unary') visit(node.operand);
      else if (node.type === 'is')
        [node.operand, ...(node.other ? [node.other] : [])].forEach(visit);
      else if (node.type === 'between') [node.operand, node.low, node.high].forEach(visit);
      else [node.operand, node.pattern, ...(node.escape ? [node.escape] : [])].forEach(visit);
      return fixed(children);
    }
  }
}

function bounded(node: ExpressionNode, size: Size): Size {
  if (size.perRow) {
    if (size.constant > GATE_LIMITS.maxConstantBytes) {
      throw new GateRefusal(
        `this part would make about ${size.constant} bytes of text or list for every row, more than the ${GATE_LIMITS.maxConstantBytes} allowed`,
        node,
        'maxConstantBytes',
      );
    }
    if (size.factor > GATE_LIMITS.maxColumnFactor) {
      throw new GateRefusal(
        `this part would make a value ${size.factor} times the size of a column's value for every row, more than the ${GATE_LIMITS.maxColumnFactor} times allowed`,
        node,
        'maxColumnFactor',
      );
    }
  } else if (size.constant > GATE_LIMITS.maxLength) {
    throw new GateRefusal(
      `this part would make a value of about ${size.constant} bytes, more than the ${GATE_LIMITS.maxLength} allowed`,
      node,
      'maxLength',
    );
  }
  return size;
}

function sizeOfCall(node: CallNode): Size {
  const rule = ALLOWED_FUNCTIONS.get(node.name);
  if (!rule) {
    throw new GateRefusal(
      `the function ${node.name} is not allowed here (only scalar functions are; aggregates, window and table functions are not)`,
      { start: node.start, end: node.nameEnd },
    );
  }
  const args = node.args.map(sizeOf);
  return RULES[rule](node, args);
}

const RULES: Record<SizeRule, (node: CallNode, args: Size[]) => Size> = {
  fixed: (_node, args) => fixed(args),
  preserving: (_node, args) => sum(args),
  summing: (_node, args) => sum(args),
  doubling: (_node, args) => scaled(sum(args), 2),
  repeat: (node, args) => {
    if (args.length < 2) return fixed(args);
    return scaled(args[0]!, Math.max(0, wholeNumber(node, 1, 'count')));
  },
  pad: (node, args) => {
    if (args.length < 2) return fixed(args);
    // The result is exactly `length` characters, of up to four bytes each.
    const length = Math.max(0, wholeNumber(node, 1, 'length'));
    return { factor: 0, constant: 4 * length, perRow: args.some((a) => a.perRow) };
  },
  replace: (node, args) => {
    if (args.length < 3) return sum(args);
    const to = literalText(node, 2, 'replacement');
    const from = node.args[1]!;
    // Each match of `from` grows by `to`; an empty `from` matches between every two characters.
    const fromLength = from.type === 'literal' && from.kind === 'string' ? from.value.length : 0;
    const ratio = fromLength > 0 ? Math.max(1, Math.ceil(to.length / fromLength)) : 1 + to.length;
    return { ...scaled(args[0]!, ratio), perRow: args.some((a) => a.perRow) };
  },
  regexp_replace: (node, args) => {
    if (args.length < 3) return sum(args);
    // A pattern may match the empty string at every character: each one then gains the text.
    const ratio = 1 + literalText(node, 2, 'replacement').length;
    return { ...scaled(args[0]!, ratio), perRow: args.some((a) => a.perRow) };
  },
  joined: (node, args) => {
    if (node.name === 'concat_ws') {
      const [separator, ...values] = args;
      if (!separator) return fixed(args);
      return sum([...values, scaled(separator, values.length)]);
    }
    if (args.length < 2) return sum(args);
    // Every element of the list gains a separator.
    const ratio = 1 + literalText(node, 1, 'separator').length;
    return { ...scaled(args[0]!, ratio), perRow: args.some((a) => a.perRow) };
  },
  series: (node, args) => {
    if (args.length === 0) return fixed(args);
    const [start, stop, step] =
      args.length === 1
        ? [0, wholeNumber(node, 0, 'end'), 1]
        : [
            wholeNumber(node, 0, 'start'),
            wholeNumber(node, 1, 'end'),
            args.length > 2 ? wholeNumber(node, 2, 'step') : 1,
          ];
    const count = step === 0 ? 0 : Math.max(0, Math.floor((stop - start) / step) + 1);
    return { factor: 0, constant: 8 * count, perRow: false };
  },
  resize: (node, args) => {
    if (args.length < 2) return fixed(args);
    const length = Math.max(0, wholeNumber(node, 1, 'length'));
    const fill = args[2] ?? { factor: 0, constant: 8, perRow: false };
    return sum([args[0]!, scaled({ ...fill, constant: Math.max(8, fill.constant) }, length)]);
  },
  levenshtein: (node, args) => {
    const short = node.args.some(
      (arg) => arg.type === 'literal' && arg.value.length <= MAX_LEVENSHTEIN_LITERAL,
    );
    if (!short) {
      throw new GateRefusal(
        `levenshtein compares against text written in the expression, of at most ${MAX_LEVENSHTEIN_LITERAL} characters (its work grows with the product of the two lengths)`,
        node,
      );
    }
    return fixed(args);
  },
};

/** A whole number written in the expression (possibly negative), at argument `index`. */
function wholeNumber(node: CallNode, index: number, what: string): number {
  let arg = node.args[index];
  let sign = 1;
  if (arg?.type === 'unary' && (arg.op === '-' || arg.op === '+')) {
    sign = arg.op === '-' ? -1 : 1;
    arg = arg.operand;
  }
  const value = arg?.type === 'literal' && arg.kind === 'number' ? Number(arg.value) : NaN;
  if (!Number.isFinite(value)) {
    throw new GateRefusal(
      `the ${what} of ${node.name} must be a number written in the expression, so that its result has a known size`,
      node.args[index] ?? node,
    );
  }
  return sign * value;
}

/** A string written in the expression, at argument `index`. */
function literalText(node: CallNode, index: number, what: string): string {
  const arg = node.args[index];
  if (arg?.type === 'literal' && (arg.kind === 'string' || arg.kind === 'null')) {
    return (arg as LiteralNode).kind === 'null' ? '' : arg.value;
  }
  throw new GateRefusal(
    `the ${what} of ${node.name} must be text written in the expression, so that its result has a known size`,
    arg ?? node,
  );
}
