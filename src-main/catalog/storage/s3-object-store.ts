/** The object operations on an S3 (or S3-compatible) root, with the AWS SDK's S3 client. */
import type { S3ServiceException } from '@aws-sdk/client-s3';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  DeleteObjectCommand,
} from '@aws-sdk/client-s3';
import { fromIni } from '@aws-sdk/credential-providers';
import type { ObjectStore, StoredObject } from './object-store';
import type { S3Settings } from './s3-settings';
import { KeyPrefix } from './key-prefix';

export class S3ObjectStore implements ObjectStore {
  private readonly keys: KeyPrefix;
  readonly client: S3Client;

  constructor(
    readonly root: string,
    private readonly settings: S3Settings,
    /** Requests that have no answer within this many milliseconds fail. */
    timeoutMs = 15_000,
  ) {
    this.keys = new KeyPrefix(settings.prefix);
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials
        ? { credentials: settings.credentials }
        : settings.profile
          ? { credentials: fromIni({ profile: settings.profile }) }
          : {}),
      // One attempt: callers decide about retrying, and a dead endpoint must fail fast.
      maxAttempts: 1,
      requestHandler: { requestTimeout: timeoutMs, connectionTimeout: Math.min(timeoutMs, 5_000) },
    });
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listSizes(prefix)).map((object) => object.key);
  }

  async listSizes(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.keys.folder(prefix),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) {
          objects.push({
            key: this.keys.unkey(item.Key),
            size: item.Size ?? 0,
            modifiedMillis: item.LastModified?.getTime() ?? 0,
          });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const page = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.settings.bucket,
        Prefix: this.keys.folder(prefix),
        MaxKeys: 1,
      }),
    );
    return (page.KeyCount ?? 0) > 0;
  }

  async get(key: string): Promise<Uint8Array> {
    const reply = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
    );
    return reply.Body!.transformToByteArray();
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key), Body: body }),
    );
  }

  async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.keys.key(key),
          Body: body,
          IfNoneMatch: '*',
        }),
      );
      return true;
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      // 412: the key exists; 409: another conditional write of it is in progress.
      if (status === 412 || status === 409) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: {
            Objects: keys.slice(i, i + 1000).map((k) => ({ Key: this.keys.key(k) })),
            Quiet: true,
          },
        }),
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const status = (error as S3ServiceException).$metadata?.httpStatusCode;
  return (
    status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey'
  );
}
