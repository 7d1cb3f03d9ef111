/**
 * LanceDB's remote client ends every path with a slash and the lance namespace client never does;
 * where the two expect different shapes, the slash tells them apart.
 */
import type { FastifyRequest } from 'fastify';

export function isLanceRemoteDialect(request: FastifyRequest): boolean {
  return request.url.split('?')[0]!.endsWith('/');
}
