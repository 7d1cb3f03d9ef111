/**
 * The console's text, routed: a query LanceDB's query API can answer (a scan, a vector, full-text
 * or hybrid search) keeps its mapping (parse-console-query.ts) and its refusals; one with an
 * aggregate, GROUP BY, HAVING or a JOIN is planned for DuckDB over LanceDB scans
 * (plan-engine-query.ts). Both refuse what they cannot run at its place.
 */
import type { SelectFromStatement } from 'pgsql-ast-parser';
import { hasAggregate } from './aggregate-calls';
import { ConsoleSource } from './console-source';
import type { EngineQuery } from './engine-query';
import { mapLanceQuery, type ConsoleQuery } from './parse-console-query';
import { parseSingleSelect } from './parse-statement';
import { planEngineQuery } from './plan-engine-query';
import { scanSqlText } from './scan-sql-text';

export type ConsolePlan =
  { kind: 'lance'; query: ConsoleQuery } | { kind: 'engine'; query: EngineQuery };

export function planConsoleQuery(text: string, rowCap: number): ConsolePlan {
  const source = new ConsoleSource(text, scanSqlText(text));
  const statement = parseSingleSelect(source, { groups: true });
  return needsEngine(statement)
    ? { kind: 'engine', query: planEngineQuery(source, statement, rowCap) }
    : { kind: 'lance', query: mapLanceQuery(source, statement) };
}

function needsEngine(statement: SelectFromStatement): boolean {
  const from = statement.from ?? [];
  return (
    Boolean(statement.groupBy?.length) ||
    Boolean(statement.having) ||
    from.length > 1 ||
    from.some((item) => item.type === 'table' && item.join) ||
    (statement.columns ?? []).some((column) => hasAggregate(column.expr)) ||
    (statement.orderBy ?? []).some((item) => hasAggregate(item.by))
  );
}
