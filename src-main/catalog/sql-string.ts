/** A string as a SQL literal for LanceDB filters: quoted, with quotes inside doubled. */
export { sqlString } from '../../src-shared/sql-expression/sql-names';
