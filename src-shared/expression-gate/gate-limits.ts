/**
 * The expression gate's limits, each set well below what crashes or starves LanceDB 0.39 here.
 * Measured on this project's machines (2-core EPYC, Node 20, LanceDB in-process, `countRows` of a
 * one-row table; test/reliability/expression-thresholds.test.ts checks that plain LanceDB still
 * answers at four times each chain limit and at the others):
 *
 * | shape                              | LanceDB                                   | limit here |
 * | ---------------------------------- | ----------------------------------------- | ---------- |
 * | `id + id + … > 0`                  | SIGSEGV at ~700 terms; 512 terms 0.8 s    | depth 32   |
 * | `s \|\| s \|\| …`                  | SIGSEGV at ~700 terms                     | depth 32   |
 * | `id <> 0 AND id <> 1 AND …`        | SIGSEGV at ~32,000 terms                  | 1,024      |
 * | `id = 0 OR id = 1 OR …`            | SIGSEGV at ~32,000 terms                  | 1,024 (long runs of equalities become IN) |
 * | `((((…))))`, `abs(abs(…))`, NOT …  | refused by its parser at 50 levels        | depth 32   |
 * | `id IN (0, 1, …)`                  | 20,000 items in 81 ms, +50 MB             | 20,000     |
 * | 1,024 ORs of 20 equalities (61k nodes) | 1.4 s to plan, no crash              | 32,768 nodes |
 * | `CASE WHEN … ` × n                 | refused by LanceDB, 1 s at 131,072        | 256 WHENs  |
 * | `length(repeat('x', 150000000))`   | +614 MB in 0.4 s                          | 8 KiB out  |
 * | `length(repeat(s, 1000))`, 20k rows| +845 MB                                   | 16× a column |
 * | `concat(s, '<60 KB>')`, 20k rows   | +520 MB                                   | 8 KiB out  |
 */

export const GATE_LIMITS = {
  /** Characters in one expression: long enough for an IN list of 20,000 keys. */
  maxLength: 1024 * 1024,
  /** Levels of the tree; every operator of an arithmetic or `||` chain is one. */
  maxDepth: 32,
  /** Operands of one AND or OR chain. */
  maxChain: 1024,
  /**
   * Nodes in the whole tree, IN-list items not counted (they have their own limit): enough for
   * a selection of 1,024 rows named by 10 columns each, half of what LanceDB planned in 1.4 s.
   */
  maxNodes: 32_768,
  /** Items of one IN list. */
  maxInItems: 20_000,
  /** WHEN branches of one CASE. */
  maxCaseBranches: 256,
  /** Bytes a string- or list-building function may make from literals, per row. */
  maxConstantBytes: 8 * 1024,
  /** How many times a column's bytes a string- or list-building function may make, per row. */
  maxColumnFactor: 16,
  /** An OR chain longer than this has its equalities on one column gathered into IN lists. */
  rewriteOrChainsOver: 64,
} as const;

export type GateLimitName = keyof typeof GATE_LIMITS;
