/**
 * A console query that LanceDB's query API cannot answer — aggregates, GROUP BY, HAVING, joins —
 * as DuckDB runs it: each table read by one LanceDB scan of only the columns the query names,
 * with the part of WHERE that touches that table alone as the scan's filter, loaded batch by
 * batch into a DuckDB table `t<i>` whose columns are `c<j>`; then one SELECT over those tables,
 * generated from the parsed query (never the user's text).
 */
import type { TableTarget } from './map-from';

export interface EngineTable {
  target: TableTarget;
  /** Column paths in the contract's syntax, in the order of the DuckDB columns c0, c1, …. */
  columns: string[];
  /** The scan's filter: this table's WHERE conditions, for LanceDB (through the gate). */
  filter?: string;
}

export interface EngineQuery {
  tables: EngineTable[];
  /** The SELECT DuckDB runs over t0, t1, …; LIMIT included (the cap when none was written). */
  sql: string;
  /** Set when no LIMIT was written and the answer is cut at this many rows. */
  cappedAt?: number;
}

/** DuckDB's name of a loaded table and of its columns. */
export const duckTable = (index: number) => `t${index}`;
export const duckColumn = (index: number) => `c${index}`;
