/**
 * Vitest global setup: starts one real S3 store for the whole run (test/support/s3-store/ceph-s3.sh,
 * Ceph's RADOS Gateway on 127.0.0.1), creates the bucket the tests use, and hands the settings to
 * the tests through `provide`. In CI a store that cannot start fails the run; elsewhere the S3
 * tests say why they do not run (see s3-store.ts).
 */
import type { TestProject } from 'vitest/node';
import { createBucket, s3StoreMissingTools, startS3Store } from './s3-store-process';

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

export default async function setup(project: TestProject) {
  // A run limited to files that never touch S3 (`vitest run test/unit`) does not pay for the store.
  const filters = process.argv.slice(2).filter((arg) => arg.startsWith('test/'));
  if (filters.length > 0 && filters.every((f) => /^test\/(unit|e2e|conformance)\b/.test(f))) {
    project.provide('s3', { unavailable: 'this run selected no test that uses S3' });
    return;
  }
  const reason = await s3StoreMissingTools();
  if (reason) {
    if (process.env.CI) throw new Error(`The S3 store cannot start: ${reason}`);
    project.provide('s3', { unavailable: reason });
    return;
  }
  const store = await startS3Store({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY });
  try {
    await createBucket(store, TEST_BUCKET);
  } catch (error) {
    await store.stop();
    throw error;
  }
  const { endpoint } = store;
  console.log(
    `[s3-store] Ceph RADOS Gateway at ${endpoint}, started in ${Math.round(store.startedInMs)} ms`,
  );
  project.provide('s3', {
    endpoint,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    bucket: TEST_BUCKET,
  });
  return () => store.stop();
}
