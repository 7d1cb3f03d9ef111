import { describe, expect, it } from 'vitest';
import { toQueryRequest } from '../../../../src-main/server/http/query-request';
import { ERROR_CODES as E } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';

describe('toQueryRequest', () => {
  it('reads a distance range from lower_bound and upper_bound', () => {
    expect(toQueryRequest({ vector: [1, 2], lower_bound: 0.1, upper_bound: 0.5 })).toMatchObject({
      vector: [1, 2],
      distanceRange: { lower: 0.1, upper: 0.5 },
    });
    expect(toQueryRequest({ vector: [1], upper_bound: 2 }).distanceRange).toEqual({ upper: 2 });
    expect(toQueryRequest({ vector: [1] }).distanceRange).toBeUndefined();
  });

  it('reads the three shapes of a full-text query', () => {
    expect(
      toQueryRequest({ full_text_query: { string_query: { query: 'a b', columns: ['t'] } } })
        .fullTextQuery,
    ).toEqual({ query: 'a b', columns: ['t'] });
    expect(toQueryRequest({ full_text_query: { query: 'a', columns: [] } }).fullTextQuery).toEqual({
      query: 'a',
    });
    expect(
      toQueryRequest({
        full_text_query: {
          structured_query: {
            query: { match: { terms: 'a b', column: 't', operator: 'And', fuzziness: 1 } },
          },
        },
      }).fullTextQuery,
    ).toEqual({ query: 'a b', columns: ['t'], operator: 'and', fuzziness: 1 });
    // LanceDB's remote client: the structured query under `query`.
    expect(
      toQueryRequest({
        full_text_query: { query: { phrase: { terms: 'a b', column: 't', slop: 2 } } },
      }).fullTextQuery,
    ).toEqual({ query: 'a b', kind: 'phrase', columns: ['t'], slop: 2 });
    expect(
      toQueryRequest({
        full_text_query: {
          structured_query: {
            query: {
              multi_match: {
                match_queries: [
                  { terms: 'q', column: 'title' },
                  { terms: 'q', column: 'body' },
                ],
              },
            },
          },
        },
      }).fullTextQuery,
    ).toEqual({ query: 'q', columns: ['title', 'body'] });
  });

  it('refuses full-text queries it cannot map, naming why', async () => {
    await expectCode(
      () =>
        toQueryRequest({
          full_text_query: { structured_query: { query: { boolean: { must: [] } } } },
        }),
      E.Unsupported,
    );
    await expectCode(
      () =>
        toQueryRequest({
          full_text_query: {
            structured_query: { query: { match: { terms: 'a', operator: 'xor' } } },
          },
        }),
      E.InvalidInput,
    );
    await expectCode(
      () => toQueryRequest({ full_text_query: { structured_query: { query: { match: {} } } } }),
      E.InvalidInput,
    );
  });
});
