/** Identifiers as text: the contract's `$`-joined form for copying, and a readable form. */
import { joinId } from '../../src-shared/vocabulary/ids';

/** `sales$europe$orders`: what the REST routes and LanceDB clients accept. */
export function formatPath(parts: readonly string[]): string {
  try {
    return joinId(parts);
  } catch {
    // A name holding the delimiter has no `$` form; the JSON array is still unambiguous.
    return JSON.stringify(parts);
  }
}

/** For breadcrumbs and labels: `sales / europe / orders`. */
export function displayPath(parts: readonly string[]): string {
  return parts.join(' / ');
}
