/**
 * Operating `serve` (issue 37) on a folder, through real `serve` processes: the probes answer
 * outside auth, `/readyz` waits for the whole worker pool and turns false when the store fails
 * and back; `/metrics` parses as Prometheus text and its counters are the requests sent, by route
 * template (never a raw id), summed over the workers; it is off by default and behind its key;
 * the access log's JSON lines carry the request id, route template and bytes; SIGTERM turns
 * readiness false first, then the service stops with exit code 0.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../support/held-requests';
import { parsePrometheus, sampleSum } from '../../support/prometheus-text';
import { waitReadiness, waitReady } from '../../support/readiness';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const KEY = 'operations-admin-key';
const METRICS_KEY = 'scrape-me-please';
let dir: string;
let auth: string;
const started: ServerProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-serve-ops-'));
  auth = join(dir, 'auth.json');
  const hash = createHash('sha256').update(KEY).digest('hex');
  writeFileSync(
    auth,
    JSON.stringify({ principals: [{ name: 'ops', api_keys: [`sha256:${hash}`], role: 'admin' }] }),
  );
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(args: string[], env: Record<string, string> = {}) {
  const server = await startServerProcess(args, env);
  started.push(server);
  return server;
}

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };

describe('serve --workers 2 --metrics loopback', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await serve([
      '--workers',
      '2',
      '--root',
      join(dir, 'two'),
      '--auth',
      auth,
      '--metrics',
      'loopback',
    ]);
  });

  it('answers the probes without credentials, and is ready once both workers are', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    await waitReady(server.url);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      ready: true,
      checks: { 'store:default': 'ok', workers: 'ok', stopping: 'ok' },
    });
    // Everything else still needs a key.
    expect((await fetch(`${server.url}/v1/whoami`)).status).toBe(401);
  });

  it('counts the requests sent, by route template and status, summed over the workers', async () => {
    await waitReady(server.url);
    const before = parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
    const count = (families: typeof before, route: string, status: string, method = 'POST') =>
      sampleSum(families, 'catalog_http_requests_total', { method, route, status });
    // Sent at once, so that both workers answer some.
    const names = Array.from({ length: 12 }, (_, i) => `ns_${i}_${Date.now()}`);
    const creates = await Promise.all(
      names.map((name) =>
        fetch(`${server.url}/v1/namespace/${name}/create`, { method: 'POST', headers, body: '{}' }),
      ),
    );
    expect(creates.map((reply) => reply.status)).toEqual(names.map(() => 200));
    const describes = await Promise.all(
      names.map((name) =>
        fetch(`${server.url}/v1/namespace/${name}/describe`, {
          method: 'POST',
          headers,
          body: '{}',
        }),
      ),
    );
    expect(describes.every((reply) => reply.status === 200)).toBe(true);
    const missing = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${server.url}/v1/namespace/nowhere/describe`, {
          method: 'POST',
          headers,
          body: '{}',
        }),
      ),
    );
    expect(missing.map((reply) => reply.status)).toEqual([404, 404, 404]);
    const refused = await fetch(`${server.url}/v1/namespace/x/create`, { method: 'POST' });
    expect(refused.status).toBe(401);
    const workers = server.output().match(/"w":(\d)/g) ?? [];
    expect(new Set(workers).size).toBe(2);

    const text = await (await fetch(`${server.url}/metrics`)).text();
    const after = parsePrometheus(text);
    // A proxy on this machine connects from loopback for everyone: what it relays is refused.
    const relayed = await fetch(`${server.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.status).toBe(403);
    const delta = (route: string, status: string) =>
      count(after, route, status) - count(before, route, status);
    expect(delta('/v1/namespace/:id/create', '200')).toBe(12);
    expect(delta('/v1/namespace/:id/describe', '200')).toBe(12);
    expect(delta('/v1/namespace/:id/describe', '404')).toBe(3);
    expect(delta('/v1/namespace/:id/create', '401')).toBe(1);
    // The latency histogram saw each of them once.
    const observed = (families: typeof before) =>
      sampleSum(families, 'catalog_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v1/namespace/:id/create',
      });
    expect(observed(after) - observed(before)).toBe(13);
    // Templates, never the ids: no label anywhere holds a namespace's name.
    expect(text).not.toMatch(/ns_\d+_|nowhere/);
    expect(after.get('catalog_http_in_flight')?.type).toBe('gauge');
    // Twelve creates took the catalog lock twelve times, each released.
    expect(
      sampleSum(after, 'catalog_lock_holds_total', { outcome: 'released' }),
    ).toBeGreaterThanOrEqual(12);
    expect(after.get('catalog_metrics_workers_missing')?.series[0]?.value).toBe(0);
  });

  it('writes JSON access-log lines with the request id, the route template and the bytes', async () => {
    const reply = await fetch(`${server.url}/v1/namespace/nowhere/describe`, {
      method: 'POST',
      headers: { ...headers, 'x-request-id': 'trace-42' },
      body: '{}',
    });
    expect(reply.headers.get('x-request-id')).toBe('trace-42');
    const body = await reply.arrayBuffer();
    let line: Record<string, unknown> | undefined;
    const until = Date.now() + 5_000;
    while (!line && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      line = server
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry['id'] === 'trace-42');
    }
    expect(line).toMatchObject({
      id: 'trace-42',
      method: 'POST',
      path: '/v1/namespace/nowhere/describe',
      route: '/v1/namespace/:id/describe',
      status: 404,
      principal: 'ops',
      bytes: body.byteLength,
    });
    expect(typeof line!['ms']).toBe('number');
    expect(Number.isNaN(Date.parse(line!['time'] as string))).toBe(false);
    // An id that is not a short plain token is not taken into the log.
    const odd = await fetch(`${server.url}/v1/whoami`, {
      headers: { 'x-api-key': KEY, 'x-request-id': 'a b"c' },
    });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns not ready when the store fails, and ready again when it is back', async () => {
    await waitReady(server.url);
    const lock = join(dir, 'two', '.catalog-studio', 'lock');
    mkdirSync(lock, { recursive: true });
    // The lock's folder becomes a file: listing it fails, as a store that fails does.
    renameSync(lock, `${lock}.away`);
    writeFileSync(lock, 'not a folder');
    const down = await waitReadiness(server.url, 503, 10_000);
    expect(down.body).toMatchObject({ ready: false, checks: { workers: 'ok' } });
    expect((down.body as { checks: Record<string, string> }).checks['store:default']).toMatch(
      /^the store failed/,
    );
    rmSync(lock);
    renameSync(`${lock}.away`, lock);
    await waitReadiness(server.url, 200, 10_000);
  });
});

describe('serve --workers 1', () => {
  it('serves metrics only with the key, and writes text access-log lines', async () => {
    const server = await serve(
      ['--workers', '1', '--root', join(dir, 'one'), '--metrics', 'key', '--log-format', 'text'],
      { CATALOG_STUDIO_METRICS_KEY: METRICS_KEY },
    );
    await waitReady(server.url);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer not-it' },
    });
    expect(wrong.status).toBe(401);
    await fetch(`${server.url}/v1/namespace/%24/list`);
    const scraped = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_KEY}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheus(await scraped.text());
    expect(
      sampleSum(families, 'catalog_http_requests_total', {
        method: 'GET',
        route: '/v1/namespace/:id/list',
        status: '200',
      }),
    ).toBe(1);
    // The log is written in batches, within half a second.
    const line =
      /^\S+Z 200 GET \/v1\/namespace\/:id\/list "\/v1\/namespace\/%24\/list" [\d.]+ms \d+B id="[0-9a-f-]{36}"/m;
    const until = Date.now() + 5_000;
    while (!line.test(server.output()) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toMatch(line);
  });

  it('has no /metrics unless asked (406 like any path it does not serve), and refuses a bad setting', async () => {
    const server = await serve(['--workers', '1', '--root', join(dir, 'off')]);
    const reply = await fetch(`${server.url}/metrics`);
    expect(reply.status).toBe(406);
    await expect(
      serve(['--workers', '1', '--root', join(dir, 'off'), '--metrics', 'key']),
    ).rejects.toThrow(
      /--metrics key needs the key in the environment variable CATALOG_STUDIO_METRICS_KEY/,
    );
  });
});

describe('stopping', () => {
  it.each([['1'], ['2']])(
    'with --workers %s: not ready first, serving through --drain-s, then exits 0',
    async (workers) => {
      const server = await serve([
        '--workers',
        workers,
        '--root',
        join(dir, `stop-${workers}`),
        '--drain-s',
        '2',
      ]);
      await waitReady(server.url);
      server.child.kill('SIGTERM');
      const notReady = await waitReadiness(server.url, 503, 1_500);
      expect(notReady.body).toMatchObject({ checks: { stopping: 'the service is stopping' } });
      // Still answering during the drain: a load balancer that has not looked yet loses nothing.
      const during = await fetch(`${server.url}/v1/namespace/%24/list`);
      expect(during.status).toBe(200);
      expect(await within(server.exited, 20_000)).toBe(0);
      expect(server.output()).toMatch(/SIGTERM: stopping; finishing requests in flight/);
    },
    60_000,
  );
});
