/**
 * docs/service.md's "Running replicas behind a load balancer", end to end on one folder: three
 * `serve` replicas, and a balancer in this test that does what HAProxy's `option httpchk GET
 * /readyz` does (probes every replica every 200 ms and sends only to those answering 200; a
 * connection refused is tried on another, as `retry-on conn-failure` does). Clients write
 * through it while each replica in turn is stopped with SIGTERM (`--drain-s 1`), waited for
 * (exit 0), started again and waited for until ready. No write fails, and every acknowledged one
 * is there afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { within } from '../support/held-requests';
import { waitReady } from '../support/readiness';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'cs-rolling-'));
const ARGS = ['--root', dir, '--workers', '1', '--drain-s', '1'];
const replicas: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.kill()));
  rmSync(dir, { recursive: true, force: true });
});

/** One POST on a connection of its own (no keep-alive to race a closing replica). */
function post(url: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': 2 },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

it('restarts three replicas one by one behind a /readyz balancer without failing a write', async () => {
  for (let i = 0; i < 3; i++) replicas.push(await startServerProcess(ARGS));
  await Promise.all(replicas.map((replica) => waitReady(replica.url)));

  // The balancer: which replicas answered their last probe 200.
  const ready = new Set<string>();
  let probing = true;
  const probe = async () => {
    while (probing) {
      await Promise.all(
        replicas.map(async ({ url }) => {
          const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(500) })
            .then((reply) => reply.status)
            .catch(() => 0);
          if (status === 200) ready.add(url);
          else ready.delete(url);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const probes = probe();
  while (ready.size < 3) await new Promise((resolve) => setTimeout(resolve, 50));
  const tally = { ok: 0, failed: 0, retried: 0 };
  const acked: string[] = [];
  let writing = true;
  let turn = 0;
  const client = async (c: number) => {
    for (let n = 0; writing; n++) {
      const name = `c${c}_${n}`;
      for (let attempt = 0; ; attempt++) {
        const targets = [...ready];
        if (attempt > 20) {
          tally.failed += 1;
          break;
        }
        if (targets.length === 0) {
          // Nothing ready: wait a probe's round, as a balancer queues the request.
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        const url = targets[(turn += 1) % targets.length]!;
        try {
          const status = await post(url, `/v1/namespace/${name}/create`);
          if (status === 200) {
            tally.ok += 1;
            acked.push(name);
          } else tally.failed += 1;
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'ECONNREFUSED') {
            tally.failed += 1;
            break;
          }
          tally.retried += 1;
        }
      }
    }
  };
  const clients = [0, 1, 2].map((c) => client(c));

  const restartMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const old = replicas[i]!;
    old.child.kill('SIGTERM');
    expect(await within(old.exited, 30_000)).toBe(0);
    const fresh = await startServerProcess(ARGS);
    replicas[i] = fresh;
    await waitReady(fresh.url);
    restartMs.push(Math.round(performance.now() - started));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  writing = false;
  await Promise.all(clients);
  probing = false;
  await probes;
  reportFigures('rolling-restart', { ...tally, restartMs: restartMs.join('/') });
  expect(tally.failed).toBe(0);
  expect(tally.ok).toBeGreaterThan(0);

  const catalog = await connect(dir);
  try {
    const listed = new Set((await catalog.listNamespaces([])).namespaces);
    expect(acked.filter((name) => !listed.has(name))).toEqual([]);
  } finally {
    await catalog.close();
  }
}, 180_000);
