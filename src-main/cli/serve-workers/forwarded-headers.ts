/**
 * Which headers the primary passes between a client and a worker. Everything end to end goes
 * through as the client sent it, in its order and its case, Host included (the worker's browser
 * guard and LanceDB's headers, `x-lancedb-database`, `x-api-key` and the rest, need it as sent).
 * The hop-by-hop headers describe one connection and stay on it (RFC 9110, 7.6.1): the primary
 * keeps its own connection to the worker alive whatever the client asked of its own.
 */

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  // Answered by the primary's own server (100 Continue) before the request is forwarded.
  'expect',
]);

/**
 * A request's raw headers (name, value, name, value…) without the hop-by-hop ones. Chunked
 * framing is kept: Node frames a forwarded body in chunks only when it is told to, whatever the
 * method (a GET's body included, which catalog clients send).
 */
export function forwardedRequestHeaders(raw: readonly string[]): string[] {
  return withoutHopByHop(raw, false);
}

/**
 * A response's raw headers without the hop-by-hop ones and without its framing: Node frames the
 * body it sends on (by the Content-Length the worker gave, or in chunks), and says itself whether
 * the connection stays open.
 */
export function forwardedResponseHeaders(raw: readonly string[]): string[] {
  return withoutHopByHop(raw, true);
}

function withoutHopByHop(raw: readonly string[], dropFraming: boolean): string[] {
  // A Connection header may name further headers that are only for this hop.
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== 'connection') continue;
    for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    if (dropFraming && name === 'transfer-encoding') continue;
    kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}
