/**
 * An async sequence with its next item already being produced while the consumer works on the
 * current one: a file is read while the previous batch is written. At most one item waits. If the
 * consumer stops early, the source is closed once the pending read settles.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  let finished = false;
  try {
    for (;;) {
      const item = await next;
      if (item.done) {
        finished = true;
        return;
      }
      next = iterator.next();
      // A read that fails while the consumer is busy is reported by the next await, not as an
      // unhandled rejection.
      next.catch(() => undefined);
      yield item.value;
    }
  } finally {
    if (!finished) {
      await next.catch(() => undefined);
      await iterator.return?.();
    }
  }
}
