/**
 * The expression grammar's words and binding powers, as DataFusion's sqlparser (generic dialect)
 * ranks and reserves them; the parser's files read them from here.
 */
/** A node before its depth is known; distributed over the union, so each kind keeps its fields. */
export type WithoutDepth<T> = T extends unknown ? Omit<T, 'depth'> : never;

// Binding powers, as sqlparser's generic dialect ranks them.
export const PREC = {
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

export const COMPARISONS = new Set([
  '=',
  '==',
  '<>',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '~',
  '~*',
  '!~',
  '!~*',
]);
export const BINARY_PREC: Record<string, number> = {
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
export const RESERVED = new Set(
  (
    'and or not is in between like ilike similar case when then else end cast try_cast null ' +
    'true false select from where exists escape as distinct order by limit group having union ' +
    'over filter within'
  ).split(' '),
);
/** Operators that NOT may precede: `a NOT IN (…)`, `a NOT LIKE …`. */
export const NEGATABLE = new Set(['in', 'between', 'like', 'ilike', 'similar']);
export const TYPED_LITERALS = new Set([
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'datetime',
  'interval',
]);
export const INTERVAL_UNITS = new Set(
  (
    'year years month months week weeks day days hour hours minute minutes second seconds ' +
    'millisecond milliseconds microsecond microseconds nanosecond nanoseconds'
  ).split(' '),
);
export const TYPE_MODIFIER_WORDS = new Set([
  'precision',
  'varying',
  'with',
  'without',
  'time',
  'zone',
  'unsigned',
]);
