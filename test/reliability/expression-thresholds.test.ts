/**
 * The margin under the expression gate's limits (src-shared/expression-gate/gate-limits.ts),
 * measured again on the pinned LanceDB: expressions at four times each chain limit, and at the
 * depth, IN-list and node limits, are answered by plain LanceDB in a process of its own, where
 * the shapes the gate refuses crashed it (a sum of ~700 terms, chains of ~32,000). Should an
 * upgrade of LanceDB lower a threshold under a limit, this fails before a user finds it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { gateExpression } from '../../src-shared/expression-gate/expression-gate';
import { GATE_LIMITS } from '../../src-shared/expression-gate/gate-limits';

const CHILD = join(__dirname, 'fixtures/lancedb-count.mjs');
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-thresholds-'));
  const catalog = await connect(root);
  await catalog.createTable(
    't',
    arrow.tableFromArrays({ id: Int32Array.from([1, 2, 3]), s: ['a', 'b', 'c'] }),
  );
  await catalog.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Plain LanceDB's count for the predicate, in a child process; throws with how it ended. */
function lancedbCount(predicate: string): number {
  const child = spawnSync(process.execPath, [CHILD, root], {
    input: predicate,
    encoding: 'utf8',
    timeout: 120_000,
    cwd: join(__dirname, '../..'),
  });
  if (child.status !== 0) {
    throw new Error(
      `LanceDB ended with ${child.signal ?? child.status}: ${child.stderr.slice(-300)}`,
    );
  }
  return Number(child.stdout);
}

const terms = (n: number, term: (i: number) => string, op: string) =>
  Array.from({ length: n }, (_, i) => term(i)).join(op);

describe('the margin under the gate limits, on plain LanceDB', () => {
  it.each([
    [
      'a sum as deep as the depth limit allows, four times over',
      `${terms(4 * GATE_LIMITS.maxDepth, () => 'id', ' + ')} > 0`,
      3,
    ],
    [
      'a concatenation four times the depth limit',
      `${terms(4 * GATE_LIMITS.maxDepth, () => 's', ' || ')} <> ''`,
      3,
    ],
    [
      'an AND chain four times the chain limit',
      terms(4 * GATE_LIMITS.maxChain, (i) => `id <> ${i + 10}`, ' AND '),
      3,
    ],
    [
      'an OR chain four times the chain limit',
      terms(4 * GATE_LIMITS.maxChain, (i) => `id = ${i}`, ' OR '),
      3,
    ],
    [
      'an IN list at its limit',
      `id IN (${terms(GATE_LIMITS.maxInItems, (i) => String(i), ', ')})`,
      3,
    ],
    [
      'a tree of as many nodes as allowed (1,024 ORs of 10 equalities)',
      terms(
        1024,
        (r) => `(${terms(10, (c) => (c === 0 ? `id = ${r}` : `s <> 'v${r}-${c}'`), ' AND ')})`,
        ' OR ',
      ),
      3,
    ],
  ])('answers %s', (_what, predicate, expected) => {
    expect(lancedbCount(predicate)).toBe(expected);
  });

  it('and the gate refuses each shape past its limit', () => {
    const refused = (text: string) => () => gateExpression(text, { what: 'filter' });
    expect(refused(`${terms(GATE_LIMITS.maxDepth + 1, () => 'id', ' + ')} > 0`)).toThrow(/levels/);
    expect(refused(terms(GATE_LIMITS.maxChain + 1, (i) => `id <> ${i}`, ' AND '))).toThrow(/chain/);
    expect(refused(`id IN (${terms(GATE_LIMITS.maxInItems + 1, String, ', ')})`)).toThrow(
      /IN list/,
    );
  });
});
