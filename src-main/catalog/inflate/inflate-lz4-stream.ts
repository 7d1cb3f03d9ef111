/**
 * LZ4 frames (lz4.org frame spec 1.6.x) decoded as they arrive, one block per step: a block
 * produces at most its frame's block size (4 MiB at most), whatever the input claims, and the
 * only memory kept between blocks is the 64 KiB that linked blocks may refer back to. The block
 * decoder is the bounded one of inflate-lz4.ts.
 */
import type { Inflater } from './inflater';
import { SyncByteQueue } from './byte-queue';
import { corrupt } from './inflate-errors';
import { LZ4_BLOCK_MAX, LZ4_MAGIC, lz4Block, OutputFull } from './inflate-lz4';

/** How far back a match in a linked block may reach. */
const HISTORY = 64 << 10;

interface Frame {
  blockMax: number;
  independent: boolean;
  blockChecksums: boolean;
  contentChecksum: boolean;
  /** History (linked blocks only) followed by room for one block. */
  scratch: Uint8Array;
  historyLength: number;
}

export class Lz4FrameInflater implements Inflater {
  private readonly input = new SyncByteQueue();
  private frame: Frame | undefined;
  /** Bytes of a skippable frame still to drop. */
  private skipping = 0;

  write(chunk: Uint8Array): void {
    this.input.push(chunk);
  }

  step(): Uint8Array | undefined {
    if (this.skipping > 0) {
      this.skipping -= this.input.skip(this.skipping);
      return this.skipping > 0 ? undefined : new Uint8Array(0);
    }
    return this.frame ? this.block(this.frame) : this.frameHeader();
  }

  end(): Uint8Array {
    if (this.frame || this.skipping > 0 || this.input.available > 0) {
      throw corrupt('the LZ4 data ends part-way through a frame');
    }
    return new Uint8Array(0);
  }

  private frameHeader(): Uint8Array | undefined {
    const start = this.input.peek(4);
    if (!start) return undefined;
    const magic = u32(start, 0);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      const head = this.input.take(8);
      if (!head) return undefined;
      this.skipping = u32(head, 4);
      return new Uint8Array(0);
    }
    if (magic !== LZ4_MAGIC) throw corrupt('not an LZ4 frame');
    const descriptor = this.input.peek(6);
    if (!descriptor) return undefined;
    const flags = descriptor[4]!;
    const blockMax = LZ4_BLOCK_MAX[(descriptor[5]! >> 4) & 7]!;
    if (flags >> 6 !== 1 || (flags & 2) !== 0 || blockMax === 0)
      throw corrupt('unknown LZ4 frame version or flags');
    if (flags & 1) throw corrupt('LZ4 dictionaries are not supported');
    // Magic, FLG, BD, an optional content size, the header checksum.
    if (!this.input.take(6 + (flags & 0x08 ? 8 : 0) + 1)) return undefined;
    const independent = (flags & 0x20) !== 0;
    this.frame = {
      blockMax,
      independent,
      blockChecksums: (flags & 0x10) !== 0,
      contentChecksum: (flags & 0x04) !== 0,
      scratch: new Uint8Array((independent ? 0 : HISTORY) + blockMax),
      historyLength: 0,
    };
    return new Uint8Array(0);
  }

  private block(frame: Frame): Uint8Array | undefined {
    const head = this.input.peek(4);
    if (!head) return undefined;
    const word = u32(head, 0);
    if (word === 0) {
      if (!this.input.take(4 + (frame.contentChecksum ? 4 : 0))) return undefined;
      this.frame = undefined;
      return new Uint8Array(0);
    }
    const size = word & 0x7fffffff;
    if (size > frame.blockMax) throw corrupt('block size out of range');
    const whole = this.input.take(4 + size + (frame.blockChecksums ? 4 : 0));
    if (!whole) return undefined;
    const data = whole.subarray(4, 4 + size);
    const { scratch } = frame;
    const from = frame.historyLength;
    let to: number;
    if (word & 0x80000000) {
      scratch.set(data, from);
      to = from + size;
    } else {
      try {
        const room = scratch.subarray(0, from + frame.blockMax);
        to = lz4Block(data, 0, size, room, from, frame.independent ? from : 0);
      } catch (error) {
        if (error instanceof OutputFull)
          throw corrupt('a block inflates beyond its frame’s block size');
        throw error;
      }
    }
    const output = scratch.slice(from, to);
    if (!frame.independent) {
      // Keep the last 64 KiB at the front for the next block's matches.
      const keep = Math.min(HISTORY, to);
      scratch.copyWithin(0, to - keep, to);
      frame.historyLength = keep;
    }
    return output;
  }
}

function u32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}
