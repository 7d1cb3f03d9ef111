/**
 * Vitest global setup: starts one real S3 store for the whole run (test/support/s3-store/ceph-s3.sh,
 * Ceph's RADOS Gateway on 127.0.0.1), creates the bucket the tests use, and hands the settings to
 * the tests through `provide`. Without Ceph's programs (which `npm test` installs where it runs as
 * root) the S3 tests say why they do not run (see s3-store.ts), unless every tier is required
 * (CATALOG_STUDIO_REQUIRE_ALL_TIERS or CI): then the run fails. A store whose programs are there
 * but which does not start always fails the run.
 */
import type { TestProject } from 'vitest/node';
import {
  TIERS,
  debianPackages,
  installCommand,
  missingTools,
  requireAllTiers,
} from '../../scripts/test-tiers.mjs';
import { createBucket, startS3Store } from './s3-store-process';

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
  const missing = missingTools(TIERS.find((tier) => tier.name === 'S3')!);
  if (missing.length > 0) {
    const reason = `Ceph is not installed (${missing.map((t) => t.command).join(', ')}): ${installCommand(debianPackages(missing))}`;
    if (requireAllTiers()) throw new Error(`The S3 store cannot start: ${reason}`);
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
