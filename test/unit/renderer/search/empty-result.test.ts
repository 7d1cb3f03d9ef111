/** The hint under a filtered vector search that found nothing. */
import { describe, expect, it } from 'vitest';
import type { IndexInfo } from '../../../../src-shared/catalog-api';
import { emptyResultAdvice } from '../../../../src-renderer/search/empty-result';

const ivf = {
  name: 'vector_idx',
  indexType: 'IVF_HNSW_SQ',
  columns: ['vector'],
  status: 'ready',
  numIndexedRows: 10,
  numUnindexedRows: 0,
} as IndexInfo;
const request = { vector: [1, 2], vectorColumn: 'vector', filter: "category = 'c9'", limit: 10 };

describe('empty result advice', () => {
  it('offers more partitions, an exact search and a postfilter for a prefiltered indexed search', () => {
    const advice = emptyResultAdvice(request, [ivf], 256)!;
    expect(advice.why).toMatch(/only the 20 partitions/);
    expect(advice.tries.map((t) => t.label)).toEqual([
      'Probe 80 partitions',
      'Search exactly (no index)',
      'Filter after the search',
    ]);
    expect(advice.tries[0]!.patch).toEqual({ nprobes: '80' });
  });

  it('probes no more partitions than the index has', () => {
    const advice = emptyResultAdvice({ ...request, nprobes: 16 }, [ivf], 40)!;
    expect(advice.tries.map((t) => t.label)).toContain('Probe 40 partitions');
  });

  it('says the filter matches nothing when every partition was probed', () => {
    expect(emptyResultAdvice(request, [ivf], 4)).toEqual({
      why: "No row matches the filter category = 'c9'.",
      tries: [],
    });
    expect(emptyResultAdvice({ ...request, nprobes: 16 }, [ivf], 16)!.tries).toEqual([]);
  });

  it('says the filter matches nothing when the search was exact', () => {
    expect(emptyResultAdvice(request, [], undefined)).toEqual({
      why: "No row matches the filter category = 'c9'.",
      tries: [],
    });
  });

  it('gives nothing for a postfiltered, unfiltered or text search', () => {
    expect(emptyResultAdvice({ ...request, prefilter: false }, [ivf], 256)).toBeUndefined();
    expect(emptyResultAdvice({ vector: [1], vectorColumn: 'vector' }, [ivf], 256)).toBeUndefined();
  });
});
