/** Whether a request announces a body: a length above zero, or a chunked transfer. */
import type { IncomingHttpHeaders } from 'node:http';

export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
