/**
 * The object operations on an `az://` root, with Azure's Blob client. The conditional put is an
 * upload with `If-None-Match: *`, which Azure (and Azurite) refuse with 409 when the blob exists.
 */
import {
  AnonymousCredential,
  ContainerClient,
  StorageSharedKeyCredential,
  type RestError,
} from '@azure/storage-blob';
import type { ObjectStore, StoredObject } from './object-store';
import type { AzureSettings } from './azure-settings';
import { KeyPrefix } from './key-prefix';

export class AzureObjectStore implements ObjectStore {
  private readonly keys: KeyPrefix;
  private readonly container: ContainerClient;

  constructor(
    readonly root: string,
    private readonly settings: AzureSettings,
    /** Requests that have no answer within this many milliseconds fail. */
    timeoutMs = 15_000,
  ) {
    this.keys = new KeyPrefix(settings.prefix);
    const url = `${settings.endpoint}/${settings.container}${settings.sasToken ? `?${settings.sasToken.replace(/^\?/, '')}` : ''}`;
    const credential = settings.accountKey
      ? new StorageSharedKeyCredential(settings.account, settings.accountKey)
      : new AnonymousCredential();
    this.container = new ContainerClient(url, credential, {
      // One attempt: callers decide about retrying, and a dead endpoint must fail fast.
      retryOptions: { maxTries: 1, tryTimeoutInMs: timeoutMs },
    });
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listSizes(prefix)).map((object) => object.key);
  }

  async listSizes(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    for await (const blob of this.container.listBlobsFlat({ prefix: this.keys.folder(prefix) })) {
      objects.push({
        key: this.keys.unkey(blob.name),
        size: blob.properties.contentLength ?? 0,
        modifiedMillis: blob.properties.lastModified.getTime(),
      });
    }
    return objects;
  }

  async exists(key: string): Promise<boolean> {
    return this.container.getBlobClient(this.keys.key(key)).exists();
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const page = await this.container
      .listBlobsFlat({ prefix: this.keys.folder(prefix) })
      .byPage({ maxPageSize: 1 })
      .next();
    return !page.done && page.value.segment.blobItems.length > 0;
  }

  async get(key: string): Promise<Uint8Array> {
    return this.container.getBlobClient(this.keys.key(key)).downloadToBuffer();
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    await this.container.getBlockBlobClient(this.keys.key(key)).upload(bytes, bytes.byteLength);
  }

  async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    try {
      await this.container
        .getBlockBlobClient(this.keys.key(key))
        .upload(bytes, bytes.byteLength, { conditions: { ifNoneMatch: '*' } });
      return true;
    } catch (error) {
      // 409 BlobAlreadyExists; 412 when a conditional write of it raced this one.
      const status = (error as RestError).statusCode;
      if (status === 409 || status === 412) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.container.getBlobClient(this.keys.key(key)).deleteIfExists();
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) await this.delete(key);
  }

  close(): void {
    // The Blob client keeps no connections that need closing.
  }
}
