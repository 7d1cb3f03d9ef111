/**
 * The server's edge, run on every request before any of its body is read: the browser guard, the
 * authentication from headers, the principal's databases, then a slot among `maxInFlight`. A
 * request refused here costs its headers and nothing more: the reply closes the connection, so
 * a body still on its way is never read. Bodies that are read go through body-stream.ts, but for
 * a plain one already wholly received, which needs none of its guards (received-body.ts). The one
 * exception: a request with no credential header may carry an `identity` in a small JSON body,
 * which is read here, within tight limits, to authenticate it (body-identity.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { Principal } from '../auth/authenticator';
import { selectDatabase } from '../select-database';
import type { ServerState } from '../server-state';
import { allowedHosts, browserRefusal } from '../../http-edge/browser-guard';
import { bodyStream } from './body-stream';
import { bodyAlreadyReceived } from './received-body';
import { hasBody } from '../../http-edge/has-body';
import { credentialsFromBody } from './body-identity';
import { credentialsOf } from './credentials';
import { asCatalogError } from './error-body';
import { HttpRefusal, refuse } from './refusal';

export interface EdgeOptions {
  maxInFlight: number;
  retryAfter: string;
  idleMs: number;
  browserGuard: boolean;
  logAccess(request: FastifyRequest, status: number): void;
}

export function installEdge(app: FastifyInstance, state: ServerState, options: EdgeOptions): void {
  const authenticator = state.options.authenticator;
  let hosts: Set<string> | undefined;

  // Async even when nothing is awaited: Node hands over a request at its headers, and the body sent
  // with them is pushed a moment later; the turn of promises this hook costs is what lets
  // preParsing find it whole (received-body.ts). Run synchronously, every search body took the
  // body stream, and the handler 0.2 ms more.
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    if (options.browserGuard) {
      hosts ??= allowedHosts(state.options.publicAddresses ?? app.addresses());
      const why = browserRefusal(request.method, request.headers, hosts);
      if (why) return refuse(request, reply, errors.PermissionDenied(why));
    }
    if (authenticator) {
      let principal: Principal;
      try {
        let credentials = credentialsOf(request);
        if (credentials.apiKey === undefined && credentials.bearer === undefined) {
          // No credential header: the contract's body `identity`, from a small JSON body only.
          const found = await credentialsFromBody(request);
          credentials = found.credentials;
          request.identityBody = found.body;
        }
        principal = await authenticator.authenticate(credentials);
      } catch (error) {
        return refuse(request, reply, asCatalogError(error));
      }
      request.principal = principal;
      request.principalName = principal.name;
      const refusal = databaseRefusal(state, request, principal);
      if (refusal) return refuse(request, reply, refusal);
    }
    if (request.is404) {
      const path = request.url.split('?')[0]!;
      return refuse(
        request,
        reply,
        errors.Unsupported(`No route for ${request.method} ${path}`),
        // The error table pairs Unsupported (0) with 406.
        406,
      );
    }
    if (state.inFlight >= options.maxInFlight) {
      reply.header('Retry-After', options.retryAfter);
      return refuse(
        request,
        reply,
        errors.ServiceUnavailable(`Slow down: ${state.inFlight} requests are in flight`),
      );
    }
    state.inFlight += 1;
    request.counted = true;
    // A client that goes away mid-request never gets a response, so onResponse would not run;
    // the slot is freed when the connection's response closes, whichever way that happens.
    reply.raw.once('close', () => {
      if (request.counted) {
        request.counted = false;
        state.inFlight -= 1;
        if (!reply.raw.writableFinished) options.logAccess(request, 499);
      }
    });
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Thrown refusals reach Fastify's error handler as a rejected async hook's would.
    done(null, admittedBody(request, payload));
  });

  /** The body as the content-type parser will read it (body-bytes.ts). */
  function admittedBody(request: FastifyRequest, payload: Readable): Readable {
    if (!hasBody(request.headers)) return payload;
    // Read already for its identity: the same bytes go to the route, decoded as any body is.
    const source = request.identityBody ? Readable.from([request.identityBody.raw]) : payload;
    const limit = request.routeOptions.bodyLimit;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      throw new HttpRefusal(
        413,
        errors.InvalidInput(`The request body is larger than the limit of ${limit} bytes`),
      );
    }
    if (!request.identityBody && bodyAlreadyReceived(request.headers, payload)) return payload;
    return bodyStream(source, request.headers['content-encoding'], {
      limit,
      idleMs: options.idleMs,
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    if (request.counted) {
      request.counted = false;
      state.inFlight -= 1;
    }
    options.logAccess(request, reply.statusCode);
    done();
  });
}

/** A principal limited to some databases may not use another: refused, never let through. */
function databaseRefusal(state: ServerState, request: FastifyRequest, principal: Principal) {
  if (!principal.databases) return undefined;
  let name: string;
  try {
    name = selectDatabase(state, request).name;
  } catch {
    // The route will refuse the selection itself, before it touches anything.
    return undefined;
  }
  return principal.databases.includes(name)
    ? undefined
    : errors.PermissionDenied(`${principal.name} may not use database ${JSON.stringify(name)}`);
}
