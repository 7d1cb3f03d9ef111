import { describe, expect, it } from 'vitest';
import { planInsights, summarize } from '../../../../src-renderer/search/plan-insights';

// Plans as LanceDB 0.39 prints them for a 3,000-row table with IVF_PQ, FTS and BTREE indexes.
const ANN_WITH_INDEXED_FILTER = `ProjectionExec: expr=[id@2 as id, _distance@0 as _distance]
  LanceRead: uri=t.lance/data, projection=[id], source=stream(_rowid)
    SortExec: TopK(fetch=3), expr=[_distance@0 ASC NULLS LAST, _rowid@1 ASC NULLS LAST], preserve_partitioning=[false]
      ANNSubIndex: name=vector_idx, k=3, deltas=1, metric=L2
        ANNIvfPartition: uuid=ce70, minimum_nprobes=20, maximum_nprobes=Some(20), deltas=1
        ScalarIndexQuery: query=[id > 5]@id_idx(BTree)`;
const ANN_WITH_SCANNED_FILTER = `ProjectionExec: expr=[id@2 as id]
  LanceRead: uri=t.lance/data, projection=[id], source=stream(_rowid)
    SortExec: TopK(fetch=3), expr=[_distance@0 ASC NULLS LAST], preserve_partitioning=[false]
      ANNSubIndex: name=vector_idx, k=3, deltas=1, metric=L2
        ANNIvfPartition: uuid=ce70, minimum_nprobes=20, maximum_nprobes=Some(20), deltas=1
        LanceRead: uri=t.lance/data, projection=[], num_fragments=1, range_before=None, range_after=None, row_id=true, row_addr=false, full_filter=cat = Utf8("c1"), refine_filter=cat = Utf8("c1")`;
const FLAT = `ProjectionExec: expr=[id@3 as id]
  LanceRead: uri=t.lance/data, projection=[id], source=stream(_rowid)
    GlobalLimitExec: skip=0, fetch=3
      FilterExec: _distance@2 IS NOT NULL
        SortExec: TopK(fetch=3), expr=[_distance@2 ASC NULLS LAST], preserve_partitioning=[false]
          KNNVectorDistance: metric=l2
            LanceRead: uri=t.lance/data, projection=[vector], num_fragments=1, range_before=None, range_after=None, row_id=true, row_addr=false, full_filter=--, refine_filter=--`;
const FTS = `ProjectionExec: expr=[id@2 as id, _score@1 as _score]
  LanceRead: uri=t.lance/data, projection=[id], source=stream(_rowid)
    GlobalLimitExec: skip=0, fetch=3
      MatchQuery: column=text, query=[apple]`;
const ANALYZED = `AnalyzeExec verbose=true, elapsed=3.113944ms, metrics=[]
  TracedExec, elapsed=3.113944ms, metrics=[]
    LanceRead: elapsed=3.105311ms, uri=t.lance/data, projection=[id], source=stream(_rowid), metrics=[output_rows=3, fragments_scanned=1, ranges_scanned=3, rows_scanned=3, bytes_read=33.45 K]
      ANNSubIndex: elapsed=2.654042ms, name=vector_idx, k=3, deltas=1, metric=L2, metrics=[output_rows=3, partitions_searched=8]
        LanceRead: elapsed=1ms, uri=t.lance/data, projection=[cat], num_fragments=1, full_filter=cat = Utf8("c1"), refine_filter=cat = Utf8("c1"), metrics=[rows_scanned=3000]`;

describe('planInsights', () => {
  it('names the vector index and the scalar index that answered the filter', () => {
    const insights = planInsights(ANN_WITH_INDEXED_FILTER);
    expect(insights.vector).toEqual({ index: 'vector_idx' });
    expect(insights.scalarIndexes).toEqual([{ index: 'id_idx', query: 'id > 5' }]);
    expect(insights.filterScan).toBeUndefined();
    expect(insights.lines.filter((l) => l.kind === 'index')).toHaveLength(2);
  });

  it('says when the filter became a scan', () => {
    const insights = planInsights(ANN_WITH_SCANNED_FILTER);
    expect(insights.filterScan).toBe('cat = Utf8("c1")');
    expect(summarize(insights)).toContain(
      'Filter cat = Utf8("c1") became a scan: no index could answer it.',
    );
  });

  it('calls a search without an index flat, and does not count its null check as a filter', () => {
    const insights = planInsights(FLAT);
    expect(insights.vector).toBe('flat');
    expect(insights.filterScan).toBeUndefined();
    expect(summarize(insights)[0]).toMatch(/compared every row/);
  });

  it('finds the full-text index', () => {
    expect(planInsights(FTS).text).toEqual({ column: 'text' });
  });

  it('sums rows scanned and reads the elapsed time of an analyzed plan', () => {
    const insights = planInsights(ANALYZED);
    expect(insights.rowsScanned).toBe(3003);
    expect(insights.elapsed).toBe('3.113944ms');
    expect(insights.vector).toEqual({ index: 'vector_idx' });
    expect(insights.filterScan).toBe('cat = Utf8("c1")');
  });
});
