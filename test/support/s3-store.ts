/**
 * The run's S3 store (started by s3-store.global.ts) as tests use it: a fresh root in its bucket,
 * the storage options and environment that reach it, and a `describe` that runs only when the
 * store is there — saying why not otherwise, and never quietly in CI, where setup already failed.
 */
import { describe, inject } from 'vitest';

export function s3Info() {
  return inject('s3');
}

export function s3Unavailable(): string | undefined {
  return s3Info()?.unavailable;
}

/** A root of its own in the test bucket. */
export function s3Root(name: string): string {
  return `s3://${s3Info().bucket}/${name}`;
}

/** LanceDB's storage option keys for the store. */
export function s3StorageOptions(): Record<string, string> {
  const info = s3Info();
  return {
    aws_endpoint: info.endpoint!,
    aws_access_key_id: info.accessKeyId!,
    aws_secret_access_key: info.secretAccessKey!,
    aws_region: 'us-east-1',
    allow_http: 'true',
  };
}

/** The same settings as the AWS_* environment, for child processes (`serve`). */
export function s3Env(): Record<string, string> {
  const info = s3Info();
  return {
    AWS_ENDPOINT: info.endpoint!,
    AWS_ACCESS_KEY_ID: info.accessKeyId!,
    AWS_SECRET_ACCESS_KEY: info.secretAccessKey!,
    AWS_REGION: 'us-east-1',
    AWS_ALLOW_HTTP: 'true',
  };
}

/** `describe` for tests that need the store; without one it is skipped with the reason in its title. */
export function describeWithS3(name: string, body: () => void): void {
  const reason = s3Unavailable();
  if (reason) describe.skip(`${name} (skipped: ${reason})`, body);
  else describe(name, body);
}
