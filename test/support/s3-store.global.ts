/**
 * Vitest global setup: starts one real S3 store for the whole run (test/support/s3-store/ceph-s3.sh,
 * Ceph's RADOS Gateway on 127.0.0.1), creates the bucket the tests use, and hands the settings to
 * the tests through `provide`. In CI a store that cannot start fails the run; elsewhere the S3
 * tests say why they do not run (see s3-store.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const SCRIPT = join(__dirname, 's3-store/ceph-s3.sh');
export const TEST_BUCKET = 'catalog';
const ACCESS_KEY = 'catalogtests';
const SECRET_KEY = 'catalogtestssecret';

export interface S3StoreInfo {
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  bucket?: string;
  /** Why there is no store, when there is none. */
  unavailable?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3: S3StoreInfo;
  }
}

/** Two free loopback ports in a row (the gateway's and the monitor's), outside Ceph's OSD range. */
async function freePortPair(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 20000) * 2;
    if ((await free(port)) && (await free(port + 1))) return port;
  }
  throw new Error('no free port pair for the S3 store');
}

export default async function setup(project: TestProject) {
  // A run limited to files that never touch S3 (`vitest run test/unit`) does not pay for the store.
  const filters = process.argv.slice(2).filter((arg) => arg.startsWith('test/'));
  if (filters.length > 0 && filters.every((f) => /^test\/(unit|e2e)\b/.test(f))) {
    project.provide('s3', { unavailable: 'this run selected no test that uses S3' });
    return;
  }
  const tools = await run('sh', ['-c', 'command -v radosgw ceph-mon ceph-osd monmaptool']).catch(
    () => undefined,
  );
  if (!tools) {
    const reason = 'Ceph is not installed (radosgw, ceph-mon, ceph-osd); .ci/run installs it';
    if (process.env.CI) throw new Error(`The S3 store cannot start: ${reason}`);
    project.provide('s3', { unavailable: reason });
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cs-s3-store-'));
  const port = await freePortPair();
  const started = performance.now();
  try {
    await run(SCRIPT, ['start', dir, String(port), ACCESS_KEY, SECRET_KEY], { timeout: 120_000 });
  } catch (error) {
    await run(SCRIPT, ['stop', dir]).catch(() => undefined);
    throw new Error(`The S3 store did not start: ${(error as Error).message}`, { cause: error });
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  client.destroy();
  console.log(
    `[s3-store] Ceph RADOS Gateway at ${endpoint}, started in ${Math.round(performance.now() - started)} ms`,
  );
  project.provide('s3', {
    endpoint,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    bucket: TEST_BUCKET,
  });
  return async () => {
    await run(SCRIPT, ['stop', dir]).catch(() => undefined);
  };
}
