/**
 * A catalog root is a local folder or an object-store URI (`s3://bucket/prefix`). Paths inside it
 * are joined with `/` in both cases: LanceDB takes either form, and a URI must never go through
 * `path.join`, which would turn `s3://b` into `s3:/b`.
 */
import { join } from 'node:path';

const URI = /^[a-z][a-z0-9+.-]*:\/\//i;

export function isUriRoot(root: string): boolean {
  return URI.test(root);
}

export function joinRoot(root: string, ...parts: string[]): string {
  if (!isUriRoot(root)) return join(root, ...parts);
  return [root.replace(/\/+$/, ''), ...parts.filter((p) => p !== '')].join('/');
}
