/**
 * The shape of a search as another tab of the same table receives it (table-handoffs.ts keeps
 * them). Its own React-free file so pure modules (the map's search marks) and their unit tests can
 * name it without loading React's types into the main program's typecheck.
 */
/** A search as another tab needs it: plain values, no grid cells. */
export interface LastSearch {
  vectorColumn?: string;
  query?: readonly number[];
  /** Each result row's single values by column name, as text (numbers in full); null for none. */
  results: ReadonlyArray<Readonly<Record<string, string | null>>>;
}
