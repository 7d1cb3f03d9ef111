/**
 * The upstream Lance Namespace conformance cases, run against this project's REST server. Each
 * applicable case gets a fresh, empty catalog behind a real server on 127.0.0.1; cases for
 * capabilities we do not claim are skipped with the reason, and known gaps run as `it.fails`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startCatalogServer } from '../../support/catalog-server';
import { notApplicableReason } from './applicability';
import { FAMILIES } from './families';
import { KNOWN_GAPS } from './known-gaps';
import { runCase, type CaseOutcome } from './run-case';
import { Tally, type Result } from './summary';
import type { CtsCase, Family } from './types';

const tally = new Tally(Object.keys(FAMILIES) as Family[]);

async function againstFreshServer(c: CtsCase): Promise<CaseOutcome> {
  const server = await startCatalogServer();
  try {
    return await runCase(server.url, c);
  } finally {
    await server.close();
  }
}

describe('case tables', () => {
  const all = Object.values(FAMILIES).flat();

  it('name every case once', () => {
    const seen = new Set<string>();
    const repeated = all.filter((c) => seen.size === seen.add(c.id).size).map((c) => c.id);
    expect(repeated).toEqual([]);
  });

  // A gap listed for a skipped or misspelt case would never be re-checked.
  it('list known gaps only for cases that run', () => {
    const runnable = new Set(all.filter((c) => !notApplicableReason(c)).map((c) => c.id));
    expect(Object.keys(KNOWN_GAPS).filter((id) => !runnable.has(id))).toEqual([]);
  });
});

for (const [family, cases] of Object.entries(FAMILIES) as [Family, CtsCase[]][]) {
  describe(family, () => {
    for (const c of cases) {
      const skipReason = notApplicableReason(c);
      const gap = KNOWN_GAPS[c.id];
      if (skipReason) {
        tally.add(family, 'not applicable');
        it.skip(`${c.id} (not applicable: ${skipReason})`, () => {});
      } else if (gap) {
        it.fails(`${c.id} (known gap: ${gap})`, async () => {
          let outcome: CaseOutcome;
          try {
            outcome = await againstFreshServer(c);
          } catch (error) {
            // A gap must fail on the server's answer, not on its set-up: returning normally
            // turns this `it.fails` red.
            tally.add(family, 'failed');
            console.error(`${c.id} could not run: ${String(error)}`);
            return;
          }
          tally.add(family, outcome.problem ? 'known gap' : 'failed');
          expect(outcome.problem, outcome.transcript.join('\n')).toBeUndefined();
        });
      } else {
        it(c.id, async () => {
          let result: Result = 'failed';
          try {
            const outcome = await againstFreshServer(c);
            if (!outcome.problem) result = 'passed';
            expect(outcome.problem, outcome.transcript.join('\n')).toBeUndefined();
          } finally {
            tally.add(family, result);
          }
        });
      }
    }
  });
}

afterAll(() => {
  // The per-family summary is this suite's report; it belongs on stdout with the results.
  // eslint-disable-next-line no-console
  console.log(tally.render());
});
