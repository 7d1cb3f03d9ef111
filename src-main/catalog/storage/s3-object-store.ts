/**
 * The object operations on an S3 (or S3-compatible) root, with the AWS SDK's S3 client. Every
 * request is retried on the store's transient failures within one budget (retry-policy.ts), and
 * what the store does is told to its health (store-health.ts).
 */
import type { S3ServiceException } from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
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
import { retryPolicy, withRetries, type Attempt, type RetryPolicy } from './retry-policy';
import { storeCondition, storeUnavailable } from './store-failure';
import { StoreHealth } from './store-health';
import {
  commandKind,
  hasStoreRequestListeners,
  storeRequestEnded,
  type StoreRequestKind,
} from './store-requests';

/** What `send` accepts: any command of this client (its overloads defeat `Parameters`). */
type Command = { input: object };

export class S3ObjectStore implements ObjectStore {
  private readonly keys: KeyPrefix;
  readonly client: S3Client;
  readonly health: StoreHealth;
  private readonly policy: RetryPolicy;

  constructor(
    readonly root: string,
    private readonly settings: S3Settings,
    /** A request (its retries included) that has no success within this many milliseconds fails. */
    boundMs?: number,
  ) {
    this.policy = retryPolicy(boundMs);
    const timeoutMs = this.policy.attemptTimeoutMs;
    this.health = new StoreHealth(settings.endpoint ?? root, this.policy.budgetMs, () =>
      this.ping(),
    );
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
      // One attempt per send: `withRetries` retries, within one budget per request and with full
      // jitter, and a conditional put needs to know which of its attempts might have landed.
      maxAttempts: 1,
      requestHandler: { requestTimeout: timeoutMs, connectionTimeout: Math.min(timeoutMs, 2_000) },
    });
  }

  /** One request with its retries; `read` runs inside each attempt (a body cut mid-way is retried). */
  private send<T>(
    command: () => Command,
    read: (reply: never) => Promise<T> | T = (reply) => reply as T,
  ): Promise<T> {
    let kind: StoreRequestKind = 'OTHER';
    return this.retried(
      async ({ signal }) => {
        const made = command();
        kind = commandKind(made.constructor.name);
        return read((await this.client.send(made as never, { abortSignal: signal })) as never);
      },
      () => kind,
    );
  }

  /**
   * `call` with retries; a transient failure that outlasts them is the store's condition, said as
   * such (503 with Retry-After at the server), never the SDK's raw text alone. Told to the store
   * request listeners (store-requests.ts), if any, as one request of its kind: failed only when
   * the store did not serve it (an answer such as 404 is the store working).
   */
  private async retried<T>(
    call: (attempt: Attempt) => Promise<T>,
    kind: () => StoreRequestKind,
  ): Promise<T> {
    const started = hasStoreRequestListeners() ? performance.now() : undefined;
    const ended = (ok: boolean) => {
      if (started !== undefined)
        storeRequestEnded({ kind: kind(), ok, seconds: (performance.now() - started) / 1000 });
    };
    try {
      const result = await withRetries(call, this.policy, this.health);
      ended(true);
      return result;
    } catch (error) {
      const condition = storeCondition(error);
      ended(!condition);
      if (!condition) throw error;
      throw storeUnavailable(condition, this.health.where, error);
    }
  }

  /** One small request, no retries: whether the store answers at all (for the health's probes). */
  async ping(): Promise<void> {
    try {
      await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.keys.folder(''),
          MaxKeys: 1,
        }),
        { abortSignal: AbortSignal.timeout(this.policy.attemptTimeoutMs) },
      );
    } catch (error) {
      // An error status is an answer: the store is there.
      if ((error as S3ServiceException).$metadata?.httpStatusCode) this.health.answered();
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listSizes(prefix)).map((object) => object.key);
  }

  async listSizes(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.send<ListObjectsV2CommandOutput>(
        () =>
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
      await this.send(
        () => new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const page = await this.send<ListObjectsV2CommandOutput>(
      () =>
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.keys.folder(prefix),
          MaxKeys: 1,
        }),
    );
    return (page.KeyCount ?? 0) > 0;
  }

  async get(key: string): Promise<Uint8Array> {
    return this.send(
      () => new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
      (reply: GetObjectCommandOutput) => reply.Body!.transformToByteArray(),
    );
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    await this.send(
      () =>
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.keys.key(key),
          Body: body,
          // Said, so that an empty marker is not taken for a stream of unknown length.
          ContentLength: byteLength(body),
        }),
    );
  }

  /**
   * The conditional put, idempotent under retry. An attempt whose answer was lost (a timeout, a
   * reset, a 500) may still have been applied by the store; the retry then meets 412 for our own
   * write. So a 412 after such an attempt reads the key back: the same bytes mean the write is
   * ours (every body the catalog writes this way is unique to its writer: an owner id, an epoch's
   * expiry, a manifest), anything else means another writer won.
   */
  async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    // A fresh command per attempt: the SDK turns a sent body into a stream it cannot send again.
    const command = () =>
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keys.key(key),
        Body: body,
        ContentLength: byteLength(body),
        IfNoneMatch: '*',
      });
    const outcome = await this.retried(
      async ({ signal, number }): Promise<'written' | 'taken' | 'maybe-ours'> => {
        try {
          await this.client.send(command(), { abortSignal: signal });
          return 'written';
        } catch (error) {
          const status = (error as S3ServiceException).$metadata?.httpStatusCode;
          // 412: the key exists. On the first attempt it cannot be ours.
          if (status === 412) return number === 1 ? 'taken' : 'maybe-ours';
          // 409: another conditional write of the key is in progress. After a lost attempt it
          // may be our own, still landing: wait for it to settle as for an internal error.
          if (status === 409) {
            if (number === 1) return 'taken';
            throw Object.assign(new Error('A conditional write of the key is in progress'), {
              name: 'InternalError',
            });
          }
          throw error;
        }
      },
      () => 'PUT',
    );
    if (outcome !== 'maybe-ours') return outcome === 'written';
    const stored = await this.get(key).catch(() => undefined);
    const mine = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
    return stored !== undefined && Buffer.from(stored).equals(mine);
  }

  async delete(key: string): Promise<void> {
    await this.send(
      () => new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keys.key(key) }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.send(
        () =>
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

function byteLength(body: Uint8Array | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
}
