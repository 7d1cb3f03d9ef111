/**
 * The catalog's own S3 client and the engine on the store's bad days, against the real store
 * (Ceph's gateway) behind the seeded fault proxy (test/support/s3-fault-proxy.ts): throttling
 * and internal errors are retried within the request's budget; a conditional put whose reply was
 * lost is recognised as our own write on retry; a store that stops answering is given up on
 * within the bound with 503 naming the condition, never 500, never the caller's 4xx.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { arrow } from '../../../../src-main/catalog/arrow';
import { S3ObjectStore } from '../../../../src-main/catalog/storage/s3-object-store';
import { resolveS3Settings } from '../../../../src-main/catalog/storage/s3-settings';
import { ERROR_CODES, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { startS3FaultProxy, type S3FaultProxy } from '../../../support/s3-fault-proxy';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../../../support/s3-store';

const BOUND_MS = 3_000;
/** Time beyond the bound a refusal may take: a timer's period and a loaded machine. */
const SLACK_MS = 1_500;

describeWithS3('the catalog on an S3 store having a bad day', () => {
  let proxy: S3FaultProxy;
  const options = () => ({ ...s3StorageOptions(), aws_endpoint: proxy.endpoint });
  const root = (name: string) => s3Root(`faults-${name}-${randomBytes(3).toString('hex')}`);
  const store = (name: string, boundMs = BOUND_MS) => {
    const at = root(name);
    return new S3ObjectStore(at, resolveS3Settings(at, options(), {}), boundMs);
  };

  beforeAll(async () => {
    proxy = await startS3FaultProxy(s3Info().endpoint!, { seed: 31 });
  });
  afterAll(async () => proxy?.close());

  it('retries 503 SlowDown and 500 InternalError (S3 XML bodies) and resets mid-body until each request succeeds', async () => {
    const objects = store('retry');
    proxy.heal();
    proxy.resetCounts();
    proxy.faults = { slowDown: 0.3, internalError: 0.15, resetRead: 0.3 };
    for (let i = 0; i < 20; i++) {
      await objects.put(`k${i}`, `value ${i}`);
      expect(Buffer.from(await objects.get(`k${i}`)).toString()).toBe(`value ${i}`);
    }
    expect((await objects.list('')).length).toBe(20);
    proxy.heal();
    // The faults happened, and the retries are what a person is shown.
    expect(proxy.injected.slowDown + proxy.injected.internalError).toBeGreaterThan(5);
    expect(proxy.injected.resetRead).toBeGreaterThan(0);
    expect(objects.health.status().retries).toBeGreaterThanOrEqual(
      proxy.injected.slowDown + proxy.injected.internalError,
    );
    expect(objects.health.status().condition).not.toBe('ok');
    objects.close();
  });

  it('knows its own conditional put whose reply was lost, and still loses to another writer', async () => {
    const objects = store('lost');
    proxy.heal();
    proxy.resetCounts();
    for (let i = 0; i < 10; i++) {
      proxy.faults = { lostPutReply: 0.5 };
      expect(await objects.putIfAbsent(`epoch${i}`, `owner-a ${i}`)).toBe(true);
      expect(await objects.putIfAbsent(`epoch${i}`, `owner-b ${i}`)).toBe(false);
      proxy.heal();
      expect(Buffer.from(await objects.get(`epoch${i}`)).toString()).toBe(`owner-a ${i}`);
    }
    expect(proxy.injected.lostPutReply).toBeGreaterThan(3);
    objects.close();
  });

  it('gives up on a store that does not answer within its bound, with 503 naming it', async () => {
    const objects = store('blackhole');
    await objects.put('here', 'x');
    proxy.faults = { blackhole: true };
    const started = performance.now();
    const error = await objects.get('here').then(
      () => undefined,
      (e: unknown) => e,
    );
    const took = performance.now() - started;
    proxy.heal();
    expect(isCatalogError(error) && error.code).toBe(ERROR_CODES.ServiceUnavailable);
    expect((error as Error).message).toMatch(/the object store is unreachable/i);
    expect((error as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(took).toBeLessThan(BOUND_MS + SLACK_MS);
    expect(objects.health.status().condition).toBe('unreachable');
    objects.close();
  });

  it('engine: creates, inserts and renames succeed through 30% SlowDown', async () => {
    const catalog = await connect(root('engine-throttled'), { storageOptions: options() });
    await catalog.createNamespace(['ns']);
    proxy.resetCounts();
    proxy.faults = { slowDown: 0.3 };
    try {
      for (let i = 0; i < 3; i++) {
        const table = await catalog.createTable(`t${i}`, arrow.tableFromArrays({ id: [i] }), [
          'ns',
        ]);
        await table.insert(arrow.tableFromArrays({ id: [i + 10] }));
        await catalog.renameTable(`t${i}`, `r${i}`, ['ns']);
      }
    } finally {
      proxy.heal();
    }
    expect(proxy.injected.slowDown).toBeGreaterThan(10);
    expect((await catalog.listTables(['ns'])).tables.sort()).toEqual(['r0', 'r1', 'r2']);
    for (let i = 0; i < 3; i++)
      expect(await (await catalog.openTable(`r${i}`, ['ns'])).countRows()).toBe(2);
    await catalog.close();
  });

  it('engine: a table made while the store fails, or does not answer, is refused with 503, never 4xx or 500, within the bound', async () => {
    const catalog = await connect(root('engine-down'), {
      storageOptions: options(),
      storeBoundMs: BOUND_MS,
    });
    await catalog.createNamespace(['ns']);
    const outcomes: string[] = [];
    for (const faults of [
      // Every request for the new table's folder fails inside the store.
      { internalError: 1, pathIncludes: 'doomed' },
      { blackhole: true },
    ]) {
      proxy.faults = faults;
      const started = performance.now();
      const error = await catalog
        .createTable('doomed', arrow.tableFromArrays({ id: [1] }), ['ns'])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      const took = performance.now() - started;
      proxy.heal();
      expect(isCatalogError(error), String(error)).toBe(true);
      outcomes.push(`${(error as { code: number }).code}`);
      expect((error as Error).message).toMatch(
        /the object store is (failing|unreachable|throttling)/i,
      );
      // The bound holds for a store that does not answer; a failing one answers quickly.
      expect(took).toBeLessThan(faults.blackhole ? BOUND_MS + SLACK_MS : 30_000);
    }
    expect(outcomes).toEqual(['17', '17']);
    // Healed, the catalog works again (the lock a given-up change left is taken over).
    const table = await catalog.createTable('after', arrow.tableFromArrays({ id: [1] }), ['ns']);
    expect(await table.countRows()).toBe(1);
    await catalog.close();
  }, 90_000);
});
