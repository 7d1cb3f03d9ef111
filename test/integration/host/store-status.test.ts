/**
 * The app's word on a connection's store (`connections:store-status`), through the host, on the
 * real S3 store behind the seeded fault proxy: well, it says nothing; throttling, it says so with
 * the retries it made; not answering, a call fails with 503 naming the store as unreachable and
 * the status says the same; healed, it is well again. A folder connection is always well.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { callFails, callOk } from '../../support/host-calls';
import { startS3FaultProxy, type S3FaultProxy } from '../../support/s3-fault-proxy';
import { describeWithS3, s3Info, s3Root } from '../../support/s3-store';
import { pollUntil } from '../server/contract-helpers';

describeWithS3('the store status of a connection, through the host', () => {
  let proxy: S3FaultProxy;
  let dir: string;
  let host: Host;
  const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

  beforeAll(async () => {
    proxy = await startS3FaultProxy(s3Info().endpoint!, { seed: 5 });
  });
  afterAll(async () => proxy?.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cs-host-store-status-'));
    host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
    });
  });
  afterEach(async () => {
    proxy.heal();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says nothing while the store is well, "throttling" with its retries, "unreachable" when it stops answering, then well again', async () => {
    const info = s3Info();
    const uri = s3Root(`host-status-${randomBytes(3).toString('hex')}`);
    const opened = await ok<{ id: string }>('connections:connect-url', {
      kind: 'object-store',
      uri,
      endpoint: proxy.endpoint,
      region: 'us-east-1',
      pathStyle: true,
      credentials: {
        source: 'keys',
        accessKeyId: info.accessKeyId!,
        secretAccessKey: info.secretAccessKey!,
      },
    });
    const connectionId = opened.id;
    const status = () => ok<any>('connections:store-status', { connectionId });
    expect(await status()).toMatchObject({ condition: 'ok', recentRetries: 0 });

    // Throttled: the calls succeed, the retries show.
    proxy.faults = { slowDown: 0.3 };
    for (let i = 0; i < 4; i++) await ok('namespaces:create', { connectionId, path: [`n${i}`] });
    proxy.heal();
    const throttled = await status();
    expect(throttled.condition).toBe('throttling');
    expect(throttled.recentRetries).toBeGreaterThan(0);
    expect(throttled.message).toMatch(/the object store is throttling/i);
    expect(throttled.message).toMatch(/retried/);

    // Not answering: the call is refused with 503 naming the store, and the status says so.
    proxy.faults = { blackhole: true };
    const error = await callFails(host, 'namespaces:create', { connectionId, path: ['late'] });
    proxy.heal();
    expect(error.code).toBe(ERROR_CODES.ServiceUnavailable);
    expect(error.message).toMatch(/the object store is unreachable/i);
    const down = await status();
    expect(down.condition).toBe('unreachable');
    expect(down.recentFailures).toBeGreaterThan(0);
    expect(down.message).toMatch(/unreachable/);

    // Healed: once requests succeed again for a while, the banner goes.
    await pollUntil(
      'the store to be well again',
      async () => {
        await ok('namespaces:list', { connectionId, path: [] });
        return status();
      },
      (s) => s.condition === 'ok',
      { intervalMs: 500, timeoutMs: 20_000 },
    );
  }, 90_000);

  it('calls a folder connection well', async () => {
    const folder = await ok<{ id: string }>('connections:open-folder', {
      path: join(dir, 'folder'),
      create: true,
    });
    expect(await ok('connections:store-status', { connectionId: folder.id })).toEqual({
      condition: 'ok',
      recentRetries: 0,
      recentFailures: 0,
      retries: 0,
    });
  });
});
