/**
 * An incremental decoder (inflater.ts) as a Node Transform that works in time slices: it decodes
 * block after block of what it was given until 4 ms have passed, then lets the event loop run
 * before it goes on. zlib's decoders run on libuv's threads; ours run in JavaScript, on the
 * server's one thread, and a small body can ask for a lot of work.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { Inflater } from './inflater';
import { TimeSlicer } from '../time-slices';

export class InflateTransform extends Transform {
  private readonly slicer = new TimeSlicer();

  constructor(private readonly inflater: Inflater) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.inflater.write(chunk);
    } catch (error) {
      return done(error as Error);
    }
    this.drain(done);
  }

  override _flush(done: TransformCallback): void {
    this.drain((error) => {
      if (error) return done(error);
      try {
        const rest = this.inflater.end();
        if (rest.byteLength > 0) this.push(rest);
        done();
      } catch (failure) {
        done(failure as Error);
      }
    });
  }

  /** Decodes what is held, slice by slice, then calls `done`. */
  private drain(done: (error?: Error | null) => void): void {
    try {
      for (;;) {
        if (this.destroyed) return done();
        const output = this.inflater.step();
        if (output === undefined) return done();
        if (output.byteLength > 0) this.push(output);
        if (this.slicer.due) {
          // tick() is due, so it returns a pause; the rest is decoded after the event loop's turn.
          void this.slicer.tick()!.then(() => this.drain(done));
          return;
        }
      }
    } catch (error) {
      done(error as Error);
    }
  }
}
