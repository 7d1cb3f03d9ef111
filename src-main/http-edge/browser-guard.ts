/**
 * What keeps web pages away from a server on loopback that has no credentials of its own (the
 * no-auth `serve`, and the web mode in front of its token). A browser reaches 127.0.0.1 from any
 * page, so three rules apply:
 *
 * - Host must name the bound address: a page on another name that resolves to 127.0.0.1 (DNS
 *   rebinding) is refused.
 * - Origin, when a browser sends it, must be the server's own; `null` (a file:// page, a
 *   sandboxed frame) is foreign too.
 * - A state-changing request must carry a JSON or Arrow content type or an `x-` header: neither a
 *   form nor a fetch without CORS preflight can send one. Bodiless requests are let through
 *   because browsers send Origin with every such request, which the rule above already checks.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasBody } from './has-body';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Content types that no form or preflight-free fetch can send. */
const API_TYPES = [
  /^application\/(?:[\w.+-]+\+)?json$/,
  /^application\/vnd\.apache\.arrow\.(?:stream|file)$/,
  /^application\/octet-stream$/,
];

/**
 * The Host values that name the sockets bound to `addresses` (a server bound to `localhost` may
 * listen on 127.0.0.1 and ::1): each literal, and localhost for a loopback one.
 */
export function allowedHosts(
  addresses: AddressInfo | string | null | ReadonlyArray<AddressInfo | string>,
): Set<string> {
  const list: ReadonlyArray<AddressInfo | string | null> = Array.isArray(addresses)
    ? addresses
    : [addresses as AddressInfo | string | null];
  const hosts = new Set<string>();
  for (const address of list) {
    if (!address || typeof address === 'string') continue;
    const literal = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const names = [literal];
    if (address.address === '127.0.0.1' || address.address === '::1') names.push('localhost');
    for (const name of names) {
      hosts.add(`${name}:${address.port}`);
      if (address.port === 80) hosts.add(name);
    }
  }
  return hosts;
}

/** Why the request must be refused, or undefined when it may go on. */
export function browserRefusal(
  method: string,
  headers: IncomingHttpHeaders,
  hosts: ReadonlySet<string>,
): string | undefined {
  const host = (headers.host ?? '').toLowerCase();
  if (!hosts.has(host))
    return `Host ${JSON.stringify(headers.host ?? '')} is not this server's address (${[...hosts].join(', ')})`;
  const origin = headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`)
    return `Requests from origin ${JSON.stringify(origin)} are refused; only http://${host} may call this server from a browser`;
  if (STATE_CHANGING.has(method) && !Object.keys(headers).some((name) => name.startsWith('x-'))) {
    const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === '' ? hasBody(headers) : !API_TYPES.some((pattern) => pattern.test(type)))
      return `A ${method} needs Content-Type application/json or an Arrow type, or an x- header (got ${JSON.stringify(headers['content-type'] ?? 'none')})`;
  }
  return undefined;
}
