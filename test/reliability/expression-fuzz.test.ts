/**
 * The expression gate fuzzed against the real engine: random expressions, deep and wide (sums
 * past the depth limit, AND/OR chains past the chain limit, IN lists, CASE, casts, every function
 * of the allow-list with random arguments, literals up to 20 KB), each sent as a count_rows
 * predicate and as an update value to a real `serve` process. Whatever the gate lets through,
 * LanceDB must answer without ending the process, without a 5xx, and without swelling it; what it
 * refuses is a 400 with code 13. Seeded, so a failure repeats; the seed is in the failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { ALLOWED_FUNCTIONS } from '../../src-shared/expression-gate/allowed-functions';
import { MB, mb, peakRssBytes, resetPeak } from '../support/process-memory';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const SEED = Number(process.env.EXPRESSION_FUZZ_SEED ?? 30_2026);
const RUNS = Number(process.env.EXPRESSION_FUZZ_RUNS ?? 300);
const COLUMNS = ['id', 'f', 's', 'flag', 'tags'];
const FUNCTIONS = [...ALLOWED_FUNCTIONS.keys()];

let root: string;
let server: ServerProcess;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-expr-fuzz-'));
  const catalog = await connect(root);
  const ids = Array.from({ length: 500 }, (_, i) => i);
  const tags = arrow.vectorFromArray(
    ids.map((i) => [i, i + 1]),
    new arrow.List(new arrow.Field('item', new arrow.Int32(), true)),
  );
  await catalog.createTable(
    't',
    new arrow.Table({
      id: arrow.vectorFromArray(Int32Array.from(ids)),
      f: arrow.vectorFromArray(Float64Array.from(ids, (i) => i / 7)),
      s: arrow.vectorFromArray(ids.map((i) => `text ${i} ${'x'.repeat(i % 50)}`)),
      flag: arrow.vectorFromArray(ids.map((i) => i % 2 === 0)),
      tags,
    }),
  );
  await catalog.close();
  server = await startServerProcess(['--root', root, '--workers', '1']);
});

afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

// ---- expressions ------------------------------------------------------------------------------

const literal = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((d) => d.toString()),
  fc.constantFrom('NULL', 'true', 'false', "''", "'a'", "date '2024-01-01'"),
  fc.string({ maxLength: 12 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `'${'y'.repeat(n)}'`),
);
const column = fc.constantFrom(...COLUMNS);
const binary = fc.constantFrom('+', '-', '*', '/', '%', '||', '=', '<>', '<', '>=', 'AND', 'OR');

const { expr } = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    column,
    fc.tuple(tie('expr'), binary, tie('expr')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc
      .tuple(fc.constantFrom(...FUNCTIONS), fc.array(tie('expr'), { maxLength: 4 }))
      .map(([name, args]) => `${name}(${args.join(', ')})`),
    tie('expr').map((e) => `NOT (${e})`),
    tie('expr').map(
      (e) => `CAST(${e} AS ${['INT', 'BIGINT', 'DOUBLE', 'VARCHAR', 'BOOLEAN'][e.length % 5]})`,
    ),
    fc
      .tuple(tie('expr'), tie('expr'), tie('expr'))
      .map(([a, b, c]) => `CASE WHEN ${a} THEN ${b} ELSE ${c} END`),
    fc
      .tuple(column, fc.array(literal, { maxLength: 50 }))
      .map(([c, items]) => `${c} IN (${items.length ? items.join(', ') : '0'})`),
    // Wide and deep: chains and nests from small to far past the gate's limits.
    fc
      .tuple(column, fc.integer({ min: 2, max: 2_000 }), fc.constantFrom(' + ', ' || ', ' * '))
      .map(([c, n, op]) => Array.from({ length: n }, () => c).join(op)),
    fc
      .tuple(fc.integer({ min: 2, max: 3_000 }), fc.constantFrom(' AND ', ' OR '))
      .map(([n, op]) => Array.from({ length: n }, (_, i) => `id = ${i}`).join(op)),
    fc
      .tuple(fc.integer({ min: 1, max: 80 }), fc.constantFrom('abs(', '(', 'NOT ', '- '))
      .map(([n, open]) => `${open.repeat(n)}id${open.endsWith('(') ? ')'.repeat(n) : ''}`),
    fc
      .tuple(
        fc.constantFrom('repeat', 'lpad', 'rpad', 'array_repeat', 'range'),
        column,
        fc.integer({ min: 0, max: 200_000_000 }),
      )
      .map(([name, c, n]) => (name === 'range' ? `range(0, ${n})` : `${name}(${c}, ${n})`)),
  ),
}));

// ---- the run ----------------------------------------------------------------------------------

async function post(path: string, body: unknown): Promise<{ status: number; code?: number }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let code: number | undefined;
  try {
    code = (JSON.parse(text) as { code?: number }).code;
  } catch {
    // A count is a bare number.
  }
  return { status: response.status, ...(code === undefined ? {} : { code }) };
}

describe('the expression gate, fuzzed against serve', () => {
  it('lets nothing through that ends, fails or swells the server', async () => {
    const pid = server.child.pid!;
    const before = resetPeak(pid);
    const tally = { answered: 0, refused: 0, failedOnRows: 0 };
    await fc.assert(
      fc.asyncProperty(expr, fc.boolean(), async (expression, asUpdate) => {
        const reply = asUpdate
          ? await post('/v1/table/t/update', {
              updates: [['s', expression]],
              predicate: 'id < 0',
            })
          : await post('/v1/table/t/count_rows', { predicate: expression });
        expect(server.child.exitCode, expression.slice(0, 200)).toBeNull();
        expect(server.child.signalCode, expression.slice(0, 200)).toBeNull();
        expect(reply.status, `${reply.status} for ${expression.slice(0, 300)}`).toBeLessThan(500);
        if (reply.status === 200) tally.answered += 1;
        else if (reply.code === 13) tally.refused += 1;
        else tally.failedOnRows += 1;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const growth = peakRssBytes(pid) - before;
    reportFigures('expression-fuzz', { runs: RUNS, ...tally, peakRssGrowthMB: mb(growth) });
    // Some of each: the fuzz reached both sides of the gate.
    expect(tally.answered).toBeGreaterThan(RUNS / 20);
    expect(tally.refused).toBeGreaterThan(RUNS / 20);
    expect(growth).toBeLessThan(400 * MB);
  });
});
