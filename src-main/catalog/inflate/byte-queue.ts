/**
 * Bytes that arrive in chunks of any size, read back in runs of a given length: what an
 * incremental decoder needs to wait for a whole header or block before it decodes it. A run that
 * lies within one chunk is a view of it; one that spans chunks is copied.
 */
export class SyncByteQueue {
  private chunks: Uint8Array[] = [];
  /** Index of the first chunk still held, and the offset of the first byte in it. */
  private first = 0;
  private head = 0;
  private size = 0;

  get available(): number {
    return this.size;
  }

  push(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
  }

  /** The next `n` bytes without taking them, or undefined if fewer are held. */
  peek(n: number): Uint8Array | undefined {
    if (n > this.size) return undefined;
    const first = this.chunks[this.first];
    if (first && first.byteLength - this.head >= n) return first.subarray(this.head, this.head + n);
    const run = new Uint8Array(n);
    let filled = 0;
    let offset = this.head;
    for (let i = this.first; filled < n; i++) {
      const part = this.chunks[i]!.subarray(offset, offset + n - filled);
      run.set(part, filled);
      filled += part.byteLength;
      offset = 0;
    }
    return run;
  }

  /** Takes the next `n` bytes, or undefined (taking nothing) if fewer are held. */
  take(n: number): Uint8Array | undefined {
    const run = this.peek(n);
    if (run) this.skip(n);
    return run;
  }

  /** Drops up to `n` bytes; returns how many were dropped. */
  skip(n: number): number {
    const dropped = Math.min(n, this.size);
    let left = dropped;
    while (left > 0) {
      const rest = this.chunks[this.first]!.byteLength - this.head;
      if (rest > left) {
        this.head += left;
        break;
      }
      left -= rest;
      this.first += 1;
      this.head = 0;
    }
    this.size -= dropped;
    // Chunks read are let go in bulk, so that dropping many small ones stays linear.
    if (this.first > 64 && this.first * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
    return dropped;
  }
}
