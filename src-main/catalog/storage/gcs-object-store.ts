/**
 * The object operations on a `gs://` root, with Google's Cloud Storage client. The conditional put
 * is an upload with `ifGenerationMatch: 0` (create only if no live object has the name), which GCS
 * refuses with 412 when the object exists.
 *
 * Not proven here: no GCS-compatible store runs on this machine, so this file is exercised by no
 * test against a store (see docs/object-storage.md).
 */
import { Storage, type Bucket } from '@google-cloud/storage';
import { JWT } from 'google-auth-library';
import type { ObjectStore, StoredObject } from './object-store';
import type { GcsSettings } from './gcs-settings';
import { KeyPrefix } from './key-prefix';

export class GcsObjectStore implements ObjectStore {
  private readonly keys: KeyPrefix;
  private readonly bucket: Bucket;

  constructor(
    readonly root: string,
    private readonly settings: GcsSettings,
    /** Requests that have no answer within this many milliseconds fail. */
    timeoutMs = 15_000,
  ) {
    this.keys = new KeyPrefix(settings.prefix);
    const storage = new Storage({
      ...(settings.credentials
        ? {
            authClient: new JWT({
              email: settings.credentials.client_email,
              key: settings.credentials.private_key,
              scopes: ['https://www.googleapis.com/auth/devstorage.read_write'],
            }),
          }
        : settings.keyFile
          ? { keyFilename: settings.keyFile }
          : {}),
      // One attempt: callers decide about retrying, and a dead endpoint must fail fast.
      retryOptions: { autoRetry: false },
      timeout: timeoutMs,
    });
    this.bucket = storage.bucket(settings.bucket);
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listSizes(prefix)).map((object) => object.key);
  }

  async listSizes(prefix: string): Promise<StoredObject[]> {
    const [files] = await this.bucket.getFiles({
      prefix: this.keys.folder(prefix),
      autoPaginate: true,
    });
    return files.map((file) => ({
      key: this.keys.unkey(file.name),
      size: Number(file.metadata.size ?? 0),
      modifiedMillis: Date.parse(String(file.metadata.updated ?? '')) || 0,
    }));
  }

  async exists(key: string): Promise<boolean> {
    const [found] = await this.bucket.file(this.keys.key(key)).exists();
    return found;
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const [files] = await this.bucket.getFiles({
      prefix: this.keys.folder(prefix),
      maxResults: 1,
      autoPaginate: false,
    });
    return files.length > 0;
  }

  async get(key: string): Promise<Uint8Array> {
    const [bytes] = await this.bucket.file(this.keys.key(key)).download();
    return bytes;
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    await this.bucket.file(this.keys.key(key)).save(Buffer.from(body), { resumable: false });
  }

  async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    try {
      await this.bucket.file(this.keys.key(key)).save(Buffer.from(body), {
        resumable: false,
        preconditionOpts: { ifGenerationMatch: 0 },
      });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 412) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.bucket.file(this.keys.key(key)).delete({ ignoreNotFound: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) await this.delete(key);
  }

  close(): void {
    // The client keeps no connections that need closing.
  }
}
