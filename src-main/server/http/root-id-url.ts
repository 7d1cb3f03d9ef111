/**
 * The root namespace's id is the delimiter itself. With `.` as the delimiter its URL is
 * `/v1/namespace/./list`, and every URL parser (the client's, a proxy's) folds the `.` segment
 * away, so the request arrives as `/v1/namespace/list`. That path names no route of its own, so
 * it is read back as the root: the id segment is put back, percent-encoded so nothing folds it.
 */
const ROOT_OPERATIONS = /^\/v1\/namespace\/(list|describe|exists|create|drop|table\/list)\/?$/;

export function restoreFoldedRootId(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const match = ROOT_OPERATIONS.exec(path);
  if (!match) return url;
  const query = queryAt < 0 ? '' : url.slice(queryAt);
  const delimiter = new URLSearchParams(query).get('delimiter') || '.';
  return `/v1/namespace/${encodeURIComponent(delimiter).replace(/\./g, '%2E')}/${match[1]}${query}`;
}
