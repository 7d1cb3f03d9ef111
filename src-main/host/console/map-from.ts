/**
 * FROM: exactly one table, named `table`, `namespace.table` or, below the first level, with the
 * namespace path joined by `$` (the contract's delimiter, which no name may contain):
 * `"ns$sub".table` or `"ns$sub$table"`. The parser reads at most two dotted names here, so `$`
 * is how a deeper path is written. Names keep their case.
 */
import type { From, SelectFromStatement } from 'pgsql-ast-parser';
import { componentProblem, DEFAULT_DELIMITER } from '../../../src-shared/vocabulary/ids';
import type { ConsoleSource } from './console-source';
import { identifierParts } from './identifier-parts';

export interface TableTarget {
  namespacePath: string[];
  table: string;
}

export function mapFrom(source: ConsoleSource, statement: SelectFromStatement): TableTarget {
  const from = statement.from ?? [];
  const first = from[0];
  if (!first) source.refuse(statement, 'A query reads a table: write SELECT … FROM <table>');
  const joined = from[1] ?? (first.type === 'table' && first.join ? first : undefined);
  if (joined) source.refuse(joined, 'Joins are not supported: a console query reads one table');
  if (first.type === 'statement') {
    source.refuse(first, 'Subqueries are not supported: a console query reads one table');
  }
  if (first.type !== 'table') {
    source.refuse(first, 'Table functions are not supported: FROM names a table');
  }
  return tableTarget(source, first);
}

function tableTarget(source: ConsoleSource, item: From & { type: 'table' }): TableTarget {
  const name = item.name;
  const span = source.span(name);
  if (name.alias !== undefined) {
    source.refuse(
      aliasSpan(source, span, name.alias),
      'Table aliases are not supported: a console query reads one table, so columns need no prefix',
    );
  }
  return tableName(source, item);
}

/** The namespace path and table a FROM item names, its alias aside. */
export function tableName(source: ConsoleSource, item: From & { type: 'table' }): TableTarget {
  const span = source.span(item.name);
  if (item.name.columnNames?.length) source.refuse(item, 'Column aliases are not supported');
  const components = identifierParts(source.text, span).flatMap((part) =>
    part.split(DEFAULT_DELIMITER),
  );
  for (const component of components) {
    const problem = componentProblem(component);
    if (problem !== undefined) {
      source.refuse(span, `Invalid name ${JSON.stringify(component)} in FROM: it ${problem}`);
    }
  }
  return { namespacePath: components.slice(0, -1), table: components[components.length - 1]! };
}

/** The alias has no location of its own; it is the next occurrence of its word after the name. */
function aliasSpan(source: ConsoleSource, name: { start: number; end: number }, alias: string) {
  const at = source.text.toLowerCase().indexOf(alias.toLowerCase(), name.end);
  return at < 0 ? name : { start: name.start, end: at + alias.length };
}
