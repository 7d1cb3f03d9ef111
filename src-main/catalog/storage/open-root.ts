/**
 * Opens a catalog root, local or on an object store: its object store for the catalog's own files,
 * and the settings LanceDB needs to reach it. A root that looks like a URI is never taken as a
 * local path (`s3://b/p` as a path would be a folder named `s3:` in the working directory), and an
 * object-store root is checked at once, so that a missing bucket, refused credentials, a denied
 * permission or an endpoint that does not answer is said now and precisely, never later as an
 * empty catalog.
 *
 * Each store's SDK (AWS, Azure, Google) is loaded when a root of its scheme is opened, not before:
 * together they take longer to load than the rest of the server, which a local folder never needs.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { errors } from '../../../src-shared/vocabulary/errors';
import { isUriRoot } from './root-uri';
import { LocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { lanceAzureOptions, resolveAzureSettings } from './azure-settings';
import { resolveGcsSettings } from './gcs-settings';
import { lanceStorageOptions, resolveS3Settings } from './s3-settings';
import { describeStoreError } from './store-errors';
import { LANCE_RETRY_OPTIONS } from './lance-retry-options';
import { registerStoreHealth, type StoreHealth } from './store-health';

export interface OpenedRoot {
  /** An absolute folder, or the URI without a trailing slash. */
  root: string;
  store: ObjectStore;
  /** LanceDB storage options for every table of the root (none for a local folder). */
  storageOptions: Record<string, string> | undefined;
  /** How the store is doing (an object store whose client reports it; none for a folder). */
  health?: StoreHealth;
  close(): void;
}

export interface OpenRootOptions {
  /** LanceDB's storage option keys (`aws_endpoint`, `aws_region`, …); the AWS_* environment fills the rest. */
  storageOptions?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
  /**
   * A store request (its retries included) that has not succeeded within this many milliseconds
   * is given up on, and so is a LanceDB call on a store that stopped answering (default 10 s).
   */
  storeBoundMs?: number;
}

export async function openRoot(root: string, options: OpenRootOptions = {}): Promise<OpenedRoot> {
  if (!isUriRoot(root)) {
    const absolute = resolve(root);
    try {
      mkdirSync(absolute, { recursive: true });
    } catch (cause) {
      throw errors.InvalidInput(
        `Cannot create the catalog folder ${absolute}: ${(cause as Error).message}`,
        { cause },
      );
    }
    return {
      root: absolute,
      store: new LocalObjectStore(absolute),
      storageOptions: undefined,
      close: () => undefined,
    };
  }
  const scheme = root.slice(0, root.indexOf(':')).toLowerCase();
  const normalized = root.replace(/\/+$/, '');
  const given = options.storageOptions ?? {};
  if (scheme === 's3' || scheme === 's3a') {
    const settings = resolveS3Settings(normalized, given, options.env);
    const { S3ObjectStore } = await import('./s3-object-store');
    return checked(
      normalized,
      new S3ObjectStore(normalized, settings, options.storeBoundMs),
      given,
      {
        bucket: settings.bucket,
        endpoint: settings.endpoint,
        lanceOptions: lanceStorageOptions(settings),
      },
    );
  }
  if (scheme === 'az') {
    const settings = resolveAzureSettings(normalized, given, options.env);
    const { AzureObjectStore } = await import('./azure-object-store');
    return checked(normalized, new AzureObjectStore(normalized, settings), given, {
      bucket: settings.container,
      endpoint: settings.endpoint,
      lanceOptions: lanceAzureOptions(settings),
    });
  }
  if (scheme === 'gs') {
    const settings = resolveGcsSettings(normalized, given, options.env);
    const { GcsObjectStore } = await import('./gcs-object-store');
    return checked(normalized, new GcsObjectStore(normalized, settings), given, {
      bucket: settings.bucket,
      endpoint: 'https://storage.googleapis.com',
      lanceOptions: {},
    });
  }
  throw errors.Unsupported(
    `${scheme}:// roots are not supported: the catalog keeps its own state with conditional puts, which this build implements for S3 and S3-compatible stores (s3://), Azure Blob Storage (az://) and Google Cloud Storage (gs://)`,
  );
}

/** Proves the store answers for the root before anything is said to work. */
async function checked(
  root: string,
  store: ObjectStore & { close(): void; health?: StoreHealth },
  given: Record<string, string>,
  where: { bucket: string; endpoint: string | undefined; lanceOptions: Record<string, string> },
): Promise<OpenedRoot> {
  try {
    // One LIST: proves the endpoint answers, the bucket exists and the keys may read it.
    await store.hasPrefix('');
  } catch (error) {
    store.close();
    throw describeStoreError(error, {
      root,
      bucket: where.bucket,
      ...(where.endpoint ? { endpoint: where.endpoint } : {}),
    });
  }
  const forget = store.health ? registerStoreHealth(root, store.health) : () => undefined;
  return {
    root,
    store,
    storageOptions: { ...LANCE_RETRY_OPTIONS, ...given, ...where.lanceOptions },
    ...(store.health ? { health: store.health } : {}),
    close: () => {
      forget();
      store.close();
    },
  };
}
