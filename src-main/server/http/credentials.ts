/**
 * Credentials from the request's headers: `x-api-key`, or `Authorization: Bearer`. When there
 * are none, the edge may look for the contract's `identity` in a small JSON body
 * (body-identity.ts); with a header it never reads the body before authenticating.
 */
import type { FastifyRequest } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { Credentials, Principal } from '../auth/authenticator';

export function credentialsOf(request: FastifyRequest): Credentials {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return { apiKey };
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^bearer /i.test(authorization)) {
    const bearer = authorization.slice(7).trim();
    if (bearer) return { bearer };
  }
  return {};
}

/** The principal the edge authenticated (http/edge.ts); a server with an authenticator needs one. */
export function authenticatedPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw errors.Unauthenticated('The request was not authenticated');
  return request.principal;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
