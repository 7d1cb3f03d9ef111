/**
 * The root namespace's id is the delimiter itself. With `.` as the delimiter its URL is
 * `/v1/namespace/./list`, and every URL parser (the client's, a proxy's) folds the `.` segment
 * away, so the request arrives as `/v1/namespace/list`. That path names no route of its own, so
 * it is read back as the root: the id segment is put back, percent-encoded so nothing folds it.
 */
const ROOT_OPERATIONS = /^\/v1\/namespace\/(list|describe|exists|create|drop)\/?$/;

/**
 * Only with `delimiter=.`, the one delimiter a parser folds. `/v1/namespace/./table/list` folds to
 * the route of the namespace named `table`, which it is left as: the two cannot be told apart.
 */
export function restoreFoldedRootId(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const match = ROOT_OPERATIONS.exec(url.slice(0, queryAt));
  if (!match) return url;
  const query = url.slice(queryAt);
  if (new URLSearchParams(query).get('delimiter') !== '.') return url;
  return `/v1/namespace/%2E/${match[1]}${query}`;
}
