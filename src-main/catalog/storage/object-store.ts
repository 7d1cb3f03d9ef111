/**
 * The few object operations the catalog makes on its root outside Lance's own commits, with one
 * meaning on a local folder and on an object store. Keys are relative to the root and use `/`.
 * `putIfAbsent` is the conditional put (`If-None-Match: *` on S3, an exclusive create on a folder)
 * that decides a race: exactly one of several writers of one key succeeds.
 */
export interface StoredObject {
  key: string;
  size: number;
  /** When it was last written, by the store's clock. */
  modifiedMillis: number;
}

export interface ObjectStore {
  /** A name for messages: the root as the user gave it. */
  readonly root: string;
  /** Every key under a prefix (recursively), relative to the root. */
  list(prefix: string): Promise<string[]>;
  /** Every object under a prefix with its size in bytes, for the Storage tab's accounting. */
  listSizes(prefix: string): Promise<StoredObject[]>;
  exists(key: string): Promise<boolean>;
  /** Whether any key lies under a prefix (a "folder" that holds something). */
  hasPrefix(prefix: string): Promise<boolean>;
  get(key: string): Promise<Uint8Array>;
  put(key: string, body: Uint8Array | string): Promise<void>;
  /** Writes the key only if nothing is there; false if another writer got there first. */
  putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix. */
  deletePrefix(prefix: string): Promise<void>;
}
