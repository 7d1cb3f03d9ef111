/**
 * The object store's bad days, as three `serve` replicas over one `s3://` root see them: the
 * seeded fault proxy (test/support/s3-fault-proxy.ts) sits between the replicas and the real
 * store (Ceph's gateway) and, phase by phase, answers 503 SlowDown with S3's XML body, answers
 * 500 InternalError and cuts GET replies mid-body, holds requests for latency spikes, blackholes
 * every request, and loses the replies to PUTs the store applied. Clients append rows to tables
 * of their own and create, rename and drop tables throughout.
 *
 * Under every fault: each answer is 2xx or 503 with Retry-After (never 500, never a 4xx); none
 * comes later than the bounds (the store's 10 s, plus the lock's 20 s wait for a change); nothing
 * acknowledged is lost and no row appears twice (plain LanceDB counts every listed table after
 * the store heals); the replicas agree, and each serves a change again soon after the outage.
 * Figures: `[reliability:store-faults]` and a table of answers per fault.
 */
import { randomBytes } from 'node:crypto';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { startS3FaultProxy, type S3FaultProxy, type S3Faults } from '../support/s3-fault-proxy';
import { reportFigures, reportTable, scaled } from '../support/reliability-scale';
import { describeWithS3, s3Env, s3Info, s3Root, s3StorageOptions } from '../support/s3-store';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const PHASE_MS = scaled(5_000, 20_000);
const OUTAGE_MS = scaled(12_000, 15_000);
const CLIENTS = scaled(4, 6);
/** The store's bound (serve's default) and the lock's wait, both from a request's arrival. */
const STORE_BOUND_MS = 10_000;
const LOCK_WAIT_MS = 20_000;
const SLACK_MS = 4_000;
/** No answer may come later than this: a change waits for the lock, then meets the store. */
const HARD_BOUND_MS = LOCK_WAIT_MS + STORE_BOUND_MS + SLACK_MS;

interface Phase {
  name: string;
  faults: S3Faults;
  ms: number;
}

const PHASES: Phase[] = [
  { name: '503 SlowDown on 30% of requests', faults: { slowDown: 0.3 }, ms: PHASE_MS },
  {
    name: '500 InternalError on 15% of requests, resets mid-body on 15% of reads',
    faults: { internalError: 0.15, resetRead: 0.15 },
    ms: PHASE_MS,
  },
  {
    name: 'latency spikes of 1.5 s on 15% of requests',
    faults: { spike: 0.15, spikeMs: 1_500 },
    ms: PHASE_MS,
  },
  { name: 'blackhole (accepts, never answers)', faults: { blackhole: true }, ms: OUTAGE_MS },
  {
    name: 'the reply to 30% of PUTs lost after the store applied them',
    faults: { lostPutReply: 0.3 },
    ms: PHASE_MS,
  },
];

interface Answer {
  phase: string;
  op: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  message: string;
}

describeWithS3('three serve replicas over one s3:// root on the store’s bad days', () => {
  let proxy: S3FaultProxy;
  let root: string;
  let replicas: ServerProcess[] = [];
  const answers: Answer[] = [];
  let phase = 'healthy';

  beforeAll(async () => {
    proxy = await startS3FaultProxy(s3Info().endpoint!, { seed: 31 });
    root = s3Root(`store-faults-${randomBytes(3).toString('hex')}`);
    const env = { ...s3Env(), AWS_ENDPOINT: proxy.endpoint };
    replicas = await Promise.all(
      [0, 1, 2].map(() => startServerProcess(['--root', root, '--workers', '1'], env)),
    );
    const created = await request(replicas[0]!, 'POST', '/v1/namespace/ns/create', {});
    expect(created.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    proxy?.heal();
    await Promise.all(replicas.map((r) => r.kill('SIGKILL')));
    await proxy?.close();
  });

  /** One request, timed, with a client-side limit well past the bounds (a hang shows as 0). */
  async function request(
    server: ServerProcess,
    method: string,
    path: string,
    body: unknown,
    op = path.split('/').pop()!,
  ): Promise<{ status: number; body: unknown }> {
    const started = performance.now();
    // Counted under the fault in force when it was sent.
    const sentIn = phase;
    let status = 0;
    let retryAfter: string | null = null;
    let parsed: unknown;
    let message: string;
    try {
      const binary = body instanceof Uint8Array;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          'content-type': binary ? 'application/vnd.apache.arrow.stream' : 'application/json',
        },
        body: binary ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(HARD_BOUND_MS + 20_000),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      const text = await response.text();
      parsed =
        text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      message = (parsed as { detail?: string })?.detail ?? '';
    } catch (error) {
      message = `no answer: ${String(error)}`;
    }
    answers.push({
      phase: sentIn,
      op,
      status,
      retryAfter,
      ms: performance.now() - started,
      message,
    });
    return { status, body: parsed };
  }

  const rows = (client: number, from: number, count: number) =>
    arrow.tableToIPC(
      arrow.tableFromArrays({
        id: Int32Array.from({ length: count }, (_, i) => client * 1_000_000 + from + i),
      }),
      'stream',
    );

  it(
    'answers only 2xx or 503 with Retry-After under each fault, loses nothing acknowledged, and agrees after healing',
    async () => {
      // Each client appends to a table of its own and walks fresh names through create → rename → drop.
      const acked = new Map<number, Set<number>>();
      const tried = new Map<number, Set<number>>();
      /** Tables whose last acknowledged change says they exist (true) or are gone (false). */
      const expected = new Map<string, boolean>();
      const uncertain = new Set<string>();
      for (let c = 0; c < CLIENTS; c++) {
        acked.set(c, new Set());
        tried.set(c, new Set());
        const made = await request(
          replicas[c % 3]!,
          'POST',
          `/v1/table/ns$a${c}/create`,
          rows(c, 0, 1),
        );
        expect(made.status).toBe(200);
        acked.get(c)!.add(c * 1_000_000);
        tried.get(c)!.add(c * 1_000_000);
      }

      let running = true;
      const client = async (c: number) => {
        let next = 1;
        let names = 0;
        while (running) {
          const replica = replicas[(c + next) % 3]!;
          // Half the clients only append (no lock: they run on through every fault); the others
          // walk fresh names through create, rename and drop, which queue for the catalog lock.
          if (c % 2 === 0) {
            const ids = [next * 10, next * 10 + 1, next * 10 + 2].map((i) => c * 1_000_000 + i);
            for (const id of ids) tried.get(c)!.add(id);
            const appended = await request(
              replica,
              'POST',
              `/v1/table/ns$a${c}/insert`,
              rows(c, next * 10, 3),
              'insert',
            );
            if (appended.status === 200) for (const id of ids) acked.get(c)!.add(id);
          } else {
            const name = `s${c}_${names}`;
            const renamed = `r${c}_${names}`;
            names += 1;
            const made = await request(
              replica,
              'POST',
              `/v1/table/ns$${name}/create`,
              rows(c, 0, 1),
              'create',
            );
            if (made.status !== 200) {
              uncertain.add(name);
            } else {
              expected.set(name, true);
              const moved = await request(
                replica,
                'POST',
                `/v1/table/ns$${name}/rename`,
                { new_table_name: renamed },
                'rename',
              );
              if (moved.status !== 200) {
                uncertain.add(name).add(renamed);
              } else {
                expected.set(name, false);
                expected.set(renamed, true);
                if (names % 2 === 0) {
                  const dropped = await request(
                    replica,
                    'POST',
                    `/v1/table/ns$${renamed}/drop`,
                    {},
                    'drop',
                  );
                  if (dropped.status === 200) expected.set(renamed, false);
                  else uncertain.add(renamed);
                }
              }
            }
          }
          next += 1;
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
      const startedAt = Date.now();
      for (const step of PHASES) {
        phase = step.name;
        proxy.resetCounts();
        proxy.faults = { ...step.faults };
        await new Promise((resolve) => setTimeout(resolve, step.ms));
        proxy.heal();
        phase = `after: ${step.name}`;
        // A moment of health between faults, so that each fault's answers are its own.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      phase = 'healed';
      running = false;
      await Promise.all(clients);

      // All three serve a change again soon after the last outage, without a restart.
      const healedAt = performance.now();
      for (const [i, replica] of replicas.entries()) {
        for (;;) {
          const made = await request(
            replica,
            'POST',
            `/v1/table/ns$healed${i}/create`,
            rows(99, i, 1),
            'create',
          );
          if (made.status === 200) break;
          expect(performance.now() - healedAt).toBeLessThan(30_000);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expected.set(`healed${i}`, true);
      }
      const serveAgainMs = Math.round(performance.now() - healedAt);

      // 1. Only 2xx, or 503 with Retry-After; nothing past the bounds; the 503s name the store.
      const wrong = answers.filter(
        (a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.retryAfter),
      );
      expect(wrong.map((a) => `${a.phase} ${a.op}: ${a.status} ${a.message}`)).toEqual([]);
      for (const step of PHASES)
        expect(
          answers.filter((a) => a.phase === step.name).length,
          `no request was sent during "${step.name}"`,
        ).toBeGreaterThan(0);
      const slowest = Math.max(...answers.map((a) => a.ms));
      expect(slowest).toBeLessThan(HARD_BOUND_MS);
      // An append takes no lock: during the outage it is answered within the store's bound.
      const outageAppends = answers.filter(
        (a) => a.phase.startsWith('blackhole') && a.op === 'insert',
      );
      expect(outageAppends.length).toBeGreaterThan(0);
      for (const a of outageAppends) expect(a.ms).toBeLessThan(STORE_BOUND_MS + SLACK_MS);
      const storeRefusals = answers.filter(
        (a) => a.status === 503 && /object store/i.test(a.message),
      );
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      expect(storeRefusals.length).toBeGreaterThan(0);

      // 2. Nothing acknowledged lost, nothing twice, nothing that was never sent: plain LanceDB.
      const options = s3StorageOptions();
      const properties: Record<string, string> = { root };
      for (const [key, value] of Object.entries(options)) properties[`storage.${key}`] = value;
      const db = await lancedb.connectNamespace('dir', properties, {
        readConsistencyInterval: 0,
        storageOptions: options,
      });
      let rowsCounted = 0;
      try {
        for (let c = 0; c < CLIENTS; c++) {
          const table = await db.openTable(`a${c}`, ['ns'], { storageOptions: options });
          const ids = ((await table.query().select(['id']).toArray()) as Array<{ id: number }>).map(
            (r) => r.id,
          );
          rowsCounted += ids.length;
          expect(new Set(ids).size, `client ${c}: a row appears twice`).toBe(ids.length);
          for (const id of acked.get(c)!)
            expect(ids, `client ${c}: acknowledged row ${id} lost`).toContain(id);
          for (const id of ids)
            expect(tried.get(c)!.has(id), `client ${c}: row ${id} never sent`).toBe(true);
        }
        // Every listed table opens and counts; every acknowledged change holds.
        const listed = new Set(await db.tableNames(['ns']));
        for (const name of listed) {
          const table = await db.openTable(name, ['ns'], { storageOptions: options });
          expect(await table.countRows(), `${name} does not count`).toBeGreaterThanOrEqual(0);
        }
        for (const [name, exists] of expected) {
          if (uncertain.has(name)) continue;
          expect(listed.has(name), `${name} should ${exists ? '' : 'not '}be listed`).toBe(exists);
        }
      } finally {
        db.close();
      }

      // 3. The replicas agree.
      const listings = await Promise.all(
        replicas.map(async (replica) => {
          const listedBy = await request(
            replica,
            'GET',
            '/v1/namespace/ns/table/list?limit=10000',
            undefined,
            'list',
          );
          return ((listedBy.body as { tables: string[] }).tables ?? []).sort();
        }),
      );
      expect(listings[1]).toEqual(listings[0]);
      expect(listings[2]).toEqual(listings[0]);

      const table = [
        '| Fault | Answers | 2xx | 503 + Retry-After | other | slowest (ms) | slowest call |',
        '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
        ...[...new Set(answers.map((a) => a.phase))].map((name) => {
          const of = answers.filter((a) => a.phase === name);
          const ok = of.filter((a) => a.status >= 200 && a.status < 300).length;
          const busy = of.filter((a) => a.status === 503 && a.retryAfter).length;
          const worst = of.reduce((a, b) => (b.ms > a.ms ? b : a));
          return `| ${name} | ${of.length} | ${ok} | ${busy} | ${of.length - ok - busy} | ${Math.round(worst.ms)} | ${worst.op} |`;
        }),
      ].join('\n');
      reportTable('store-faults', table);
      reportFigures('store-faults', {
        seconds: Math.round((Date.now() - startedAt) / 1000),
        answers: answers.length,
        answered_2xx: answers.filter((a) => a.status >= 200 && a.status < 300).length,
        answered_503: answers.filter((a) => a.status === 503).length,
        other: wrong.length,
        slowest_ms: Math.round(slowest),
        acknowledged_rows: [...acked.values()].reduce((n, s) => n + s.size, 0),
        rows_counted: rowsCounted,
        serve_again_ms: serveAgainMs,
      });
    },
    PHASES.reduce((n, p) => n + p.ms + 1_500, 0) + HARD_BOUND_MS + 150_000,
  );
});
