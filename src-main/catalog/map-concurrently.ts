/**
 * `Promise.all` over a list with at most `limit` calls in flight: a table's thousand manifests
 * read from an object store one round trip each, without a thousand requests at once. The
 * answers keep the list's order; the first failure fails the whole.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await map(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
