/**
 * The tables of an engine query (FROM and its JOINs) and the columns its expressions name. A
 * column is `alias.column` (or `table.column`) when the query reads several tables, where the
 * alias is required to be written; with one table, a dotted name steps into a struct as
 * everywhere in the console, unless its first name is the table's alias. Each column named is
 * given its DuckDB column once, so a table's scan reads exactly the columns the query uses.
 */
import type { ExprRef } from 'pgsql-ast-parser';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import type { ConsoleSource } from './console-source';
import { duckColumn, duckTable, type EngineTable } from './engine-query';
import { identifierParts } from './identifier-parts';
import type { TableTarget } from './map-from';

export interface ScopeTable extends EngineTable {
  /** The name columns are prefixed with: the alias, or the table's own name. */
  alias: string;
  /** Whether the alias was written (AS x), which makes `x.col` a prefix with one table too. */
  aliased: boolean;
  /** The right side of a LEFT JOIN: its rows may be null-extended, so WHERE cannot go to its scan. */
  nullable: boolean;
}

export interface ResolvedColumn {
  table: number;
  path: string;
  /** Qualified DuckDB name: t0.c2. */
  sql: string;
}

export class EngineScope {
  readonly tables: ScopeTable[] = [];

  constructor(private readonly source: ConsoleSource) {}

  add(target: TableTarget, alias: string | undefined, nullable: boolean, at: TextSpanLike): void {
    const name = alias ?? target.table;
    if (this.tables.some((t) => t.alias === name)) {
      this.source.refuse(at, `${name} is read twice: give each table its own alias (AS name)`);
    }
    this.tables.push({ target, columns: [], alias: name, aliased: alias !== undefined, nullable });
  }

  get joined(): boolean {
    return this.tables.length > 1;
  }

  /** The table and column a reference names, without making it a column of the table's scan. */
  locate(ref: ExprRef): { table: number; path: string } {
    const parts = identifierParts(this.source.text, this.source.span(ref));
    if (parts.includes('*') || parts.some((part) => part === '')) {
      this.source.refuse(ref, `${this.source.slice(ref)} is not a column name`);
    }
    const prefixed = this.tables.findIndex((t) => t.alias === parts[0]);
    if (parts.length > 1 && prefixed >= 0 && (this.joined || this.tables[0]!.aliased)) {
      return { table: prefixed, path: formatFieldPath(parts.slice(1)) };
    }
    if (this.joined) {
      this.source.refuse(
        ref,
        `Write ${this.source.slice(ref)} with its table: ${this.tables.map((t) => `${t.alias}.…`).join(' or ')} (a join reads several tables)`,
      );
    }
    return { table: 0, path: formatFieldPath(parts) };
  }

  /** The table and column a reference names, its DuckDB column made on first use. */
  resolve(ref: ExprRef): ResolvedColumn {
    const { table, path } = this.locate(ref);
    const columns = this.tables[table]!.columns;
    let index = columns.indexOf(path);
    if (index < 0) index = columns.push(path) - 1;
    return { table, path, sql: `${duckTable(table)}.${duckColumn(index)}` };
  }
}

type TextSpanLike = Parameters<ConsoleSource['refuse']>[0];
