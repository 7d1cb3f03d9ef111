/**
 * Zstandard frames (RFC 8878) decoded as they arrive, one block per step, through fzstd's
 * streaming decoder. Every frame header and block header is read here first, so that fzstd is
 * handed exactly one block at a time (at most 128 KiB of output per step, whatever the input
 * claims) and never a frame whose window it would have to allocate beyond MAX_WINDOW.
 */
import { Decompress } from 'fzstd';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { Inflater } from './inflater';
import { SyncByteQueue } from './byte-queue';
import { corrupt, InflateLimitError } from './inflate-errors';

const ZSTD_MAGIC = 0xfd2fb528;
const BLOCK_MAX = 128 << 10;
/**
 * The largest window (for a single-segment frame, content size) a frame may ask for: fzstd
 * allocates it for every frame, and copies it once per block. zstd's levels 1 to 19 stay within
 * it; `--ultra` and `--long` frames are refused.
 */
export const MAX_WINDOW = 8 << 20;

type State =
  | { at: 'frame' }
  | { at: 'skip'; left: number }
  | { at: 'block'; checksum: boolean }
  | { at: 'checksum' };

export class ZstdInflater implements Inflater {
  private readonly input = new SyncByteQueue();
  private state: State = { at: 'frame' };
  private output: Uint8Array[] = [];
  private readonly decoder = new Decompress((chunk) => {
    if (chunk.byteLength > 0) this.output.push(chunk);
  });
  /** Bytes the frames so far say they hold. */
  private declared = 0;

  /**
   * `cap`: a frame whose declared content size would take the total past it is refused.
   * `maxWindow`: larger windows are refused (an Arrow buffer of a known size may use its size).
   */
  constructor(
    private readonly cap = Infinity,
    private readonly maxWindow = MAX_WINDOW,
  ) {}

  write(chunk: Uint8Array): void {
    this.input.push(chunk);
  }

  step(): Uint8Array | undefined {
    switch (this.state.at) {
      case 'skip': {
        this.state.left -= this.input.skip(this.state.left);
        if (this.state.left > 0) return undefined;
        this.state = { at: 'frame' };
        return new Uint8Array(0);
      }
      case 'frame':
        return this.frameHeader();
      case 'block':
        return this.block(this.state.checksum);
      case 'checksum': {
        const checksum = this.input.take(4);
        if (!checksum) return undefined;
        this.state = { at: 'frame' };
        return this.decode(checksum);
      }
    }
  }

  end(): Uint8Array {
    if (this.state.at !== 'frame' || this.input.available > 0) {
      throw corrupt('the Zstandard data ends part-way through a frame');
    }
    // fzstd holds back a frame shorter than 18 bytes until it knows nothing more is coming.
    return this.decode(new Uint8Array(0), true);
  }

  private frameHeader(): Uint8Array | undefined {
    const start = this.input.peek(5);
    if (!start) return undefined;
    const magic = u32(start, 0);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      const head = this.input.take(8);
      if (!head) return undefined;
      this.state = { at: 'skip', left: u32(head, 4) };
      return new Uint8Array(0);
    }
    if (magic !== ZSTD_MAGIC) throw corrupt('not a Zstandard frame');
    const descriptor = start[4]!;
    const sizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    if (descriptor & 0x08) throw corrupt('reserved bit set');
    if (descriptor & 3) throw corrupt('Zstandard dictionaries are not supported');
    const sizeBytes = sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
    const header = this.input.take(5 + (singleSegment ? 0 : 1) + sizeBytes);
    if (!header) return undefined;
    let contentSize = 0;
    const sizeAt = 5 + (singleSegment ? 0 : 1);
    for (let i = 0; i < sizeBytes; i++) contentSize += header[sizeAt + i]! * 2 ** (8 * i);
    if (sizeFlag === 1) contentSize += 256;
    this.declared += contentSize;
    if (this.declared > this.cap) throw new InflateLimitError(this.cap);
    let window = contentSize;
    if (!singleSegment) {
      const w = header[5]!;
      const base = 2 ** (10 + (w >> 3));
      window = base + (base / 8) * (w & 7);
    }
    if (window > this.maxWindow) {
      throw errors.InvalidInput(
        `A Zstandard frame asks for a window of ${window} bytes; at most ${this.maxWindow} are accepted (compress without --long or --ultra)`,
      );
    }
    this.state = { at: 'block', checksum: (descriptor & 4) !== 0 };
    return this.decode(header);
  }

  private block(checksum: boolean): Uint8Array | undefined {
    const head = this.input.peek(3);
    if (!head) return undefined;
    const header = head[0]! | (head[1]! << 8) | (head[2]! << 16);
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    if (type === 3) throw corrupt('reserved block type');
    if (size > BLOCK_MAX) throw corrupt('block larger than 128 KiB');
    const whole = this.input.take(3 + (type === 1 ? 1 : size));
    if (!whole) return undefined;
    if (header & 1) this.state = checksum ? { at: 'checksum' } : { at: 'frame' };
    return this.decode(whole);
  }

  /** Hands fzstd one unit and returns what it decoded from it. */
  private decode(bytes: Uint8Array, final = false): Uint8Array {
    try {
      this.decoder.push(bytes, final);
    } catch (cause) {
      throw errors.InvalidInput(
        `The Zstandard data could not be decompressed: ${(cause as Error).message}`,
        { cause },
      );
    }
    const parts = this.output;
    this.output = [];
    if (parts.length === 1) return parts[0]!;
    return parts.length === 0 ? new Uint8Array(0) : Buffer.concat(parts);
  }
}

function u32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}
