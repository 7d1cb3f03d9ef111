/**
 * An incremental decoder: it is given its input in chunks of any size and decodes one bounded unit
 * (a block of at most a few MiB) per step, so that its caller decides how much work runs before
 * the event loop gets a turn, and how much output it accepts (inflate-transform.ts).
 */
export interface Inflater {
  /** More input. */
  write(chunk: Uint8Array): void;
  /**
   * Decodes the next unit it holds whole: its output (possibly empty), or undefined when it needs
   * more input first. Throws a CatalogError for corrupt input.
   */
  step(): Uint8Array | undefined;
  /** The input is over: what is left to output; throws if it ended part-way through a frame. */
  end(): Uint8Array;
}
