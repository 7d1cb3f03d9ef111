/**
 * The upstream Lance Namespace conformance cases, run against this project's REST server over
 * HTTP, and through the same tables against the engine's back ends (`dir` on a folder, and
 * `rest` against the server) where a case's requests have CatalogClient calls. Each applicable
 * case gets a fresh, empty catalog; cases for capabilities we do not claim are skipped with the
 * reason, and known gaps run as `it.fails`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, connectNamespace } from '../../../src-main/catalog';
import { startCatalogServer } from '../../support/catalog-server';
import { notApplicableReason } from './applicability';
import { engineNotApplicable, engineTransport } from './engine-transport';
import { FAMILIES } from './families';
import { KNOWN_GAPS } from './known-gaps';
import { runCase, type CaseOutcome } from './run-case';
import { Tally, type Result } from './summary';
import { httpTransport, type Transport } from './transport';
import type { CtsCase, Family } from './types';

interface BackEnd {
  /** A fresh, empty catalog and the transport to it. */
  fresh(): Promise<{ send: Transport; close(): Promise<void> }>;
  /** Beyond the capabilities: why a case cannot be put to this back end at all. */
  notApplicable?(c: CtsCase): string | undefined;
}

const BACK_ENDS: Record<string, BackEnd> = {
  server: {
    async fresh() {
      const server = await startCatalogServer();
      return { send: httpTransport(server.url), close: () => server.close() };
    },
  },
  'engine dir': {
    async fresh() {
      const root = mkdtempSync(join(tmpdir(), 'cs-cts-'));
      const client = await connect(root);
      return {
        send: engineTransport(client),
        close: async () => {
          await client.close();
          rmSync(root, { recursive: true, force: true });
        },
      };
    },
    notApplicable: engineNotApplicable,
  },
  'engine rest': {
    async fresh() {
      const server = await startCatalogServer();
      const client = await connectNamespace('rest', { uri: server.url });
      return {
        send: engineTransport(client),
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
    notApplicable: engineNotApplicable,
  },
};

const tallies = new Map<string, Tally>();

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

for (const [label, backEnd] of Object.entries(BACK_ENDS)) {
  const tally = new Tally(Object.keys(FAMILIES) as Family[]);
  tallies.set(label, tally);
  const againstFresh = async (c: CtsCase): Promise<CaseOutcome> => {
    const catalog = await backEnd.fresh();
    try {
      return await runCase(catalog.send, c);
    } finally {
      await catalog.close();
    }
  };
  describe(label, () => {
    for (const [family, cases] of Object.entries(FAMILIES) as [Family, CtsCase[]][]) {
      describe(family, () => casesOf(family, cases, tally, againstFresh, backEnd));
    }
  });
}

function casesOf(
  family: Family,
  cases: CtsCase[],
  tally: Tally,
  againstFresh: (c: CtsCase) => Promise<CaseOutcome>,
  backEnd: BackEnd,
): void {
  for (const c of cases) {
    const skipReason = notApplicableReason(c) ?? backEnd.notApplicable?.(c);
    const gap = KNOWN_GAPS[c.id];
    if (skipReason) {
      tally.add(family, 'not applicable');
      it.skip(`${c.id} (not applicable: ${skipReason})`, () => {});
    } else if (gap) {
      it.fails(`${c.id} (known gap: ${gap})`, async () => {
        let outcome: CaseOutcome;
        try {
          outcome = await againstFresh(c);
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
          const outcome = await againstFresh(c);
          if (!outcome.problem) result = 'passed';
          expect(outcome.problem, outcome.transcript.join('\n')).toBeUndefined();
        } finally {
          tally.add(family, result);
        }
      });
    }
  }
}

afterAll(() => {
  // The per-family summaries are this suite's report; they belong on stdout with the results.
  for (const [label, tally] of tallies) {
    // eslint-disable-next-line no-console
    console.log(`${label}\n${tally.render()}`);
  }
});
