/**
 * The searches of shared/reference/perf-workloads.md on the `searched` table (IVF_PQ k=10, a BTREE
 * point lookup, FTS k=10), their inputs taken from the data: a row's vector, two words of a row's
 * text, an id spread over the table. `bench:server` and `bench:server-ab` call the same ones.
 */
import type { Table } from '@lancedb/lancedb';
import type { CallWorkload } from './server-calls';

export interface SearchWorkloads {
  searches: CallWorkload[];
  /** A row's vector, by round: the query of the vector searches. */
  vector: (round: number) => number[];
}

export async function searchWorkloads(searched: Table, rows: number): Promise<SearchWorkloads> {
  const sample = (await searched.query().select(['vector', 'text']).limit(100).toArray()) as Array<{
    vector: Float32Array;
    text: string;
  }>;
  const vector = (round: number) => Array.from(sample[round % sample.length]!.vector);
  const words = (round: number) =>
    sample[round % sample.length]!.text.split(' ').slice(0, 2).join(' ');
  const pick = (round: number) => (round * 7919) % rows;
  return {
    vector,
    searches: [
      {
        name: 'IVF_PQ: nearestTo(v).limit(10)',
        route: 'query',
        call: (t, round) => t.query().nearestTo(vector(round)).limit(10).toArray(),
      },
      {
        name: 'BTREE: where("id = N")',
        route: 'query',
        call: (t, round) =>
          t
            .query()
            .where(`id = ${pick(round)}`)
            .toArray(),
      },
      {
        name: 'FTS: fullTextSearch("two words").limit(10)',
        route: 'query',
        call: (t, round) => t.query().fullTextSearch(words(round)).limit(10).toArray(),
      },
    ],
  };
}
