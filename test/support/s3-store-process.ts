/**
 * Starts and stops a real S3 store (test/support/s3-store/ceph-s3.sh: a one-node Ceph cluster
 * with its RADOS Gateway on 127.0.0.1) and creates a bucket in it. Shared by the test run's global
 * setup (s3-store.global.ts) and the benchmarks, which start a store of their own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./s3-store/ceph-s3.sh', import.meta.url));

export interface S3StoreProcess {
  /** `http://127.0.0.1:PORT`, the gateway's S3 endpoint. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Milliseconds the start took. */
  startedInMs: number;
  /** Stops the daemons (found by their pid files) and removes the store's folder. */
  stop(): Promise<void>;
}

/** Why a store cannot start here (Ceph's daemons missing), or undefined when it can. */
export async function s3StoreMissingTools(): Promise<string | undefined> {
  const tools = await run('sh', ['-c', 'command -v radosgw ceph-mon ceph-osd monmaptool']).catch(
    () => undefined,
  );
  return tools
    ? undefined
    : 'Ceph is not installed (radosgw, ceph-mon, ceph-osd); `npm test` installs it where it runs as root';
}

/** Two free loopback ports in a row (the gateway's and the monitor's), outside Ceph's OSD range. */
export async function freePortPair(): Promise<number> {
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

/** Starts a store in a fresh temp folder; throws with the script's message if it does not start. */
export async function startS3Store(
  credentials: { accessKeyId: string; secretAccessKey: string },
  options: { timeoutMs?: number } = {},
): Promise<S3StoreProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-s3-store-'));
  const port = await freePortPair();
  const started = performance.now();
  const stop = async () => {
    await run(SCRIPT, ['stop', dir]).catch(() => undefined);
  };
  try {
    await run(
      SCRIPT,
      ['start', dir, String(port), credentials.accessKeyId, credentials.secretAccessKey],
      { timeout: options.timeoutMs ?? 120_000 },
    );
  } catch (error) {
    await stop();
    throw new Error(`The S3 store did not start: ${(error as Error).message}`, { cause: error });
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...credentials,
    startedInMs: performance.now() - started,
    stop,
  };
}

/** Creates a bucket in the store, with the AWS SDK and path-style addressing. */
export async function createBucket(
  store: { endpoint: string; accessKeyId: string; secretAccessKey: string },
  bucket: string,
): Promise<void> {
  const client = new S3Client({
    endpoint: store.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}
