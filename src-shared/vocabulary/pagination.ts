/**
 * Page tokens are opaque to callers; both back ends use "start after this name", which fits
 * LanceDB's own clients (reference §2.2). A page without items ends the walk even if a token
 * came back, so a misbehaving server cannot loop us forever.
 */
export async function collectPages(
  fetchPage: (pageToken: string | undefined) => Promise<{ items: string[]; pageToken?: string }>,
): Promise<string[]> {
  const all: string[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    all.push(...page.items);
    token = page.pageToken && page.items.length > 0 ? page.pageToken : undefined;
  } while (token);
  return all;
}

/** One page of an already sorted list, starting after `pageToken`. */
export function pageOf<T>(
  sorted: readonly T[],
  keyOf: (item: T) => string,
  options: { pageToken?: string; limit?: number },
): { items: T[]; pageToken?: string } {
  const start = options.pageToken
    ? sorted.findIndex((item) => keyOf(item) > options.pageToken!)
    : 0;
  const from = start < 0 ? sorted.length : start;
  const to =
    options.limit === undefined ? sorted.length : Math.min(sorted.length, from + options.limit);
  const items = sorted.slice(from, to);
  return to < sorted.length && items.length > 0
    ? { items, pageToken: keyOf(items[items.length - 1]!) }
    : { items };
}
