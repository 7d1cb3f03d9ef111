/**
 * Object keys under a root's prefix. Each object store keeps its catalog below `bucket/prefix`,
 * and speaks to the rest of the engine in keys relative to that prefix.
 */
export class KeyPrefix {
  constructor(private readonly prefix: string) {}

  /** The full key of a catalog-relative key. */
  key(key: string): string {
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  /** The key prefix of a "folder" (everything under it), '' meaning the whole root. */
  folder(prefix: string): string {
    const clean = prefix.replace(/\/+$/, '');
    if (clean === '') return this.prefix ? `${this.prefix}/` : '';
    return `${this.key(clean)}/`;
  }

  /** The catalog-relative key of a full key that lies under the prefix. */
  unkey(full: string): string {
    return this.prefix ? full.slice(this.prefix.length + 1) : full;
  }
}
