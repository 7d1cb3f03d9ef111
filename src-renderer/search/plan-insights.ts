import { formatNumber } from '../../src-shared/format';
/**
 * What a user wants to know from a LanceDB plan without reading DataFusion: was an index used,
 * which one, and did the filter become a scan. Read from the plan's text (the only form LanceDB
 * gives it in), one line per operator; each line is also marked for highlighting.
 */

export type LineKind = 'index' | 'scan' | 'plain';

export interface PlanInsights {
  /** The vector index searched, or 'flat' when every vector was compared (no index). */
  vector?: { index: string } | 'flat';
  /** The full-text index's column, when a text search ran. */
  text?: { column: string };
  /** Scalar indexes that answered the filter, with what they answered. */
  scalarIndexes: Array<{ index: string; query: string }>;
  /** The filter was evaluated by reading rows (no index could answer it). */
  filterScan?: string;
  /** From an analyzed plan: rows read from the table, and the whole query's time. */
  rowsScanned?: number;
  elapsed?: string;
  lines: Array<{ text: string; kind: LineKind }>;
}

const ANN = /ANNSubIndex: (?:elapsed=[^,]+, )?name=([^,]+)/;
const KNN = /KNNVectorDistance/;
const TEXT =
  /(?:MatchQuery|PhraseQuery|MultiMatchQuery|BooleanQuery|FlatMatchQuery): (?:elapsed=[^,]+, )?column=([^,]+)/;
const SCALAR = /ScalarIndexQuery: (?:elapsed=[^,]+, )?query=\[(.*)\]@([^(,\s]+)/;
const FULL_FILTER = /full_filter=(.*?), refine_filter=/;
const FILTER_EXEC = /FilterExec: (.*?)(?:, metrics=|$)/;
const ROWS_SCANNED = /rows_scanned=(\d+)/;
const ROOT_ELAPSED = /^AnalyzeExec[^\n]*elapsed=([^,]+)/;

export function planInsights(plan: string): PlanInsights {
  const insights: PlanInsights = { scalarIndexes: [], lines: [] };
  let rowsScanned: number | undefined;
  for (const text of plan.split('\n')) {
    let kind: LineKind = 'plain';
    const ann = ANN.exec(text);
    const textSearch = TEXT.exec(text);
    const scalar = SCALAR.exec(text);
    const fullFilter = FULL_FILTER.exec(text)?.[1];
    const filterExec = FILTER_EXEC.exec(text)?.[1];
    if (ann) {
      kind = 'index';
      insights.vector = { index: ann[1]! };
    } else if (KNN.test(text)) {
      kind = 'scan';
      insights.vector ??= 'flat';
    } else if (textSearch) {
      kind = 'index';
      insights.text = { column: textSearch[1]! };
    } else if (scalar) {
      kind = 'index';
      insights.scalarIndexes.push({ index: scalar[2]!, query: scalar[1]! });
    } else if (fullFilter && fullFilter !== '--') {
      kind = 'scan';
      insights.filterScan ??= fullFilter;
    } else if (filterExec && !/_distance@\d+ IS NOT NULL/.test(filterExec)) {
      kind = 'scan';
      insights.filterScan ??= filterExec;
    }
    const scanned = ROWS_SCANNED.exec(text);
    if (scanned) rowsScanned = (rowsScanned ?? 0) + Number(scanned[1]);
    insights.lines.push({ text, kind });
  }
  const elapsed = ROOT_ELAPSED.exec(plan)?.[1];
  if (elapsed) insights.elapsed = elapsed;
  if (rowsScanned !== undefined) insights.rowsScanned = rowsScanned;
  return insights;
}

/** The insights in a sentence or three, for the top of the plan panel. */
export function summarize(insights: PlanInsights): string[] {
  const out: string[] = [];
  if (insights.vector === 'flat')
    out.push('Vector search compared every row (no vector index used).');
  else if (insights.vector) out.push(`Vector index ${insights.vector.index} was used.`);
  if (insights.text) out.push(`Full-text index on ${insights.text.column} was used.`);
  for (const s of insights.scalarIndexes)
    out.push(`Filter ${s.query} answered by index ${s.index}.`);
  if (insights.filterScan)
    out.push(`Filter ${insights.filterScan} became a scan: no index could answer it.`);
  if (insights.rowsScanned !== undefined)
    out.push(`${formatNumber(insights.rowsScanned)} rows scanned.`);
  return out;
}
