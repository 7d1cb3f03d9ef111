/**
 * An export's output file, written so that it appears whole or not at all: bytes go to a fresh
 * temporary file beside the target and are put in place only once everything is written and
 * flushed. A failed or cancelled export discards the temporary file, leaving no partial result
 * under the name the user chose (nor an earlier file of that name damaged).
 *
 * Only an export told to replace renames over the target. Any other export puts its file in
 * place only if the name is still free (place-output.ts): a file saved there while the export
 * waited or ran is kept, and the export fails saying where its output went instead.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { errors } from '../../../src-shared/vocabulary/errors';
import { placeWithoutReplacing } from './place-output';

export interface CommitOptions {
  /** Replace a file already at the target; without it an existing file is never touched. */
  replace?: boolean;
}

export class AtomicOutput {
  private bytes = 0;
  /** Set once the output has been moved elsewhere to spare a file at the target: keep it. */
  private keptAt: string | undefined;

  private constructor(
    private readonly handle: FileHandle,
    private readonly temp: string,
    private readonly target: string,
  ) {}

  static async create(target: string): Promise<AtomicOutput> {
    // Hidden and beside the target: the rename stays on one file system, so it is atomic.
    const temp = join(
      dirname(target),
      `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`,
    );
    // 'wx': a fresh file of our own, never one that happens to exist under that name.
    return new AtomicOutput(await open(temp, 'wx'), temp, target);
  }

  get bytesWritten(): number {
    return this.bytes;
  }

  async write(chunk: Uint8Array | string): Promise<void> {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (data.length === 0) return;
    // A short write is possible in principle; loop until the chunk is all on disk.
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written);
      written += bytesWritten;
    }
    this.bytes += data.length;
  }

  /**
   * Flushes and puts the file in place; the export is done. Without `replace`, a file that
   * appeared at the target since the export was checked makes this throw a ConcurrentModification
   * naming where the output was kept.
   */
  async commit(options: CommitOptions = {}): Promise<void> {
    let placement;
    try {
      await this.handle.sync();
      await this.handle.close();
      if (options.replace) {
        await rename(this.temp, this.target);
        return;
      }
      placement = await placeWithoutReplacing(this.temp, this.target);
    } catch (error) {
      await rm(this.temp, { force: true });
      throw error;
    }
    if (placement.placed) return;
    this.keptAt = placement.keptAt;
    throw errors.ConcurrentModification(
      `A file appeared at ${this.target} while the export ran; it was left as it was, ` +
        `and the export was saved as ${placement.keptAt}`,
    );
  }

  /** Removes what was written; safe to call after a failure at any point. */
  async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    // An output moved aside to spare the user's file is the export's result: never removed.
    if (this.keptAt === undefined) await rm(this.temp, { force: true });
  }
}

/**
 * Runs `produce` against a fresh output and commits it, or discards it when `produce` throws or
 * the signal fires.
 */
export async function writeAtomically(
  target: string,
  signal: AbortSignal | undefined,
  produce: (output: AtomicOutput) => Promise<void>,
  options: CommitOptions = {},
): Promise<number> {
  signal?.throwIfAborted();
  const output = await AtomicOutput.create(target);
  try {
    await produce(output);
    signal?.throwIfAborted();
    await output.commit(options);
    return output.bytesWritten;
  } catch (error) {
    await output.discard();
    throw error;
  }
}
