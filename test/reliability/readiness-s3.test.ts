/**
 * `/readyz` and `/metrics` of `serve --workers 2` on `s3://` (Ceph's gateway) behind the S3 fault
 * proxy: the store stops answering (blackhole) and readiness turns false within a few seconds,
 * while `/healthz` and `/readyz` themselves keep answering at once (they never wait on the store);
 * the store comes back and readiness with it. The catalog's own store requests and lock holds
 * are counted by kind, summed over the workers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parsePrometheus, sampleSum } from '../support/prometheus-text';
import { waitReadiness, waitReady } from '../support/readiness';
import { reportFigures } from '../support/reliability-scale';
import { startS3FaultProxy, type S3FaultProxy } from '../support/s3-fault-proxy';
import { describeWithS3, s3Env, s3Info, s3Root } from '../support/s3-store';
import { startServerProcess, type ServerProcess } from '../support/server-process';

describeWithS3('serve on s3:// with its store stopped and back', () => {
  let proxy: S3FaultProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    proxy = await startS3FaultProxy(s3Info().endpoint!, { seed: 37 });
    const root = s3Root(`readiness-${randomBytes(3).toString('hex')}`);
    server = await startServerProcess(['--root', root, '--workers', '2', '--metrics', 'loopback'], {
      ...s3Env(),
      AWS_ENDPOINT: proxy.endpoint,
    });
    await waitReady(server.url);
  }, 60_000);

  afterAll(async () => {
    proxy?.heal();
    await server?.kill();
    await proxy?.close();
  });

  it('counts the catalog’s own store requests and lock holds, over both workers', async () => {
    const scrape = async () => parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
    // Each worker's start-up repair has held the lock already.
    const before = await scrape();
    for (let i = 0; i < 4; i++) {
      const made = await fetch(`${server.url}/v1/namespace/m${i}/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(made.status).toBe(200);
    }
    const families = await scrape();
    const holds = (f: typeof before) =>
      sampleSum(f, 'catalog_lock_holds_total', { outcome: 'released' });
    expect(holds(families) - holds(before)).toBe(4);
    // Each hold writes its epoch (a conditional PUT) and lists the lock's keys first.
    expect(
      sampleSum(families, 'catalog_store_requests_total', { kind: 'PUT', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(4);
    expect(
      sampleSum(families, 'catalog_store_requests_total', { kind: 'LIST', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(4);
    expect(
      sampleSum(families, 'catalog_store_request_duration_seconds_count', { kind: 'PUT' }),
    ).toBe(sampleSum(families, 'catalog_store_requests_total', { kind: 'PUT' }));
  });

  it('turns not ready when the store stops answering, and ready when it is back', async () => {
    proxy.faults = { blackhole: true };
    const down = await waitReadiness(server.url, 503, 15_000);
    const checks = (down.body as { checks: Record<string, string> }).checks;
    expect(checks['workers']).toBe('ok');
    // Said by the probe's own timeout, or by the store client giving up first (same bound).
    expect(checks['store:default']).toMatch(/did not answer/);
    // The probes answer at once meanwhile: they read a state, they do not ask the store.
    const started = performance.now();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    const probeMs = performance.now() - started;
    expect(probeMs).toBeLessThan(1_000);
    proxy.heal();
    const up = await waitReadiness(server.url, 200, 15_000);
    reportFigures('readiness-s3', {
      notReadyAfterMs: down.ms,
      readyAgainAfterMs: up.ms,
      probesMs: Math.round(probeMs),
    });
  });
});
