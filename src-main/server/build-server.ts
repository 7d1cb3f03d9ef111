/**
 * Builds the catalog server: a Fastify instance that puts CatalogClients behind the namespace
 * REST contract and LanceDB's "remote" routes, with an edge that fails closed (http/edge.ts:
 * authentication from headers before any body byte, body limits on the inflated size, timeouts,
 * a per-client connection cap, the browser guard), back-pressure, the error body on every
 * failure, and one access-log line per request.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { InflateLimitError } from '../catalog/inflate/inflate-errors';
import { errors, isCatalogError, ERROR_CODES } from '../../src-shared/vocabulary/errors';
import { asCatalogError, errorBody, retryAfterOf } from './http/error-body';
import { isLanceRemoteDialect } from './http/dialect';
import { installEdge } from './http/edge';
import { capConnectionsPerClient } from './http/connection-cap';
import { closeAfterReply, HttpRefusal } from './http/refusal';
import { refuseOtherListenersWhileClosing } from './http/closing-guard';
import {
  connectionTimeouts,
  CONNECTIONS_CHECK_MS,
  DEFAULT_BODY_LIMIT,
  DEFAULT_JSON_BODY_LIMIT,
  DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  DEFAULT_MAX_IN_FLIGHT,
  type AccessLogEntry,
  type ServerOptions,
} from './server-options';
import type { ServerState } from './server-state';
import { registerNamespaceRoutes } from './routes/namespaces';
import { registerTableListingRoutes } from './routes/table-listings';
import { registerTableRegistrationRoutes } from './routes/table-registration';
import { registerTableRoutes } from './routes/tables';
import { registerTableDataRoutes } from './routes/table-data';
import { registerIndexRoutes } from './routes/indexes';
import { registerVersionRoutes } from './routes/versions';
import { registerJobRoutes } from './routes/jobs';
import { registerWhoamiRoutes } from './routes/whoami';
import { registerColumnRoutes } from './routes/columns';
import { registerTransactionRoutes } from './routes/transactions';
import { registerTestCrashRoute } from './routes/test-crash';
import { registerAccessRoutes } from './routes/access';
import { restoreFoldedRootId } from './http/root-id-url';
import { recordRoutes } from './route-table';
import { requestIdOf } from './operations/request-id';
import { routeTemplate, trackRequests } from './operations/request-tracking';
import { readBodyBytes } from './http/body-bytes';

/** The LanceDB remote protocol level this server speaks (see the hook below). */
const LANCE_REMOTE_PROTOCOL_VERSION = '0.3.0';

export function buildServer(options: ServerOptions): FastifyInstance {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const jsonBodyLimit = Math.min(bodyLimit, options.jsonBodyLimit ?? DEFAULT_JSON_BODY_LIMIT);
  const state: ServerState = {
    options,
    inFlight: 0,
    limits: { json: jsonBodyLimit, arrow: bodyLimit },
  };
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const { requestTimeout, headersTimeout, keepAliveTimeout } = connectionTimeouts(options);
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const logAccess = (request: FastifyRequest, status: number) => {
    if (!options.accessLog) return;
    const entry: AccessLogEntry = {
      time: new Date().toISOString(),
      id: request.id,
      method: request.method,
      path: request.url.split('?')[0]!,
      route: routeTemplate(request),
      status,
      ms: Math.round((performance.now() - (request.startedAt ?? performance.now())) * 100) / 100,
      bytes: request.bytesSent ?? 0,
    };
    // Assigned, not spread: this runs once per request.
    if (request.principalName) entry.principal = request.principalName;
    if (request.databaseName) entry.database = request.databaseName;
    if (request.errorCode !== undefined) entry.code = request.errorCode;
    options.accessLog(entry);
  };
  const app = Fastify({
    logger: false,
    // The id in the access log and the `x-request-id` answer header, so that a client's or a
    // load balancer's id follows the request through the log.
    genReqId: requestIdOf,
    // Each route sets its own limit (defineRoute); this one is for anything else.
    bodyLimit: jsonBodyLimit,
    requestTimeout,
    keepAliveTimeout,
    http: { headersTimeout, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    rewriteUrl: (request) => restoreFoldedRootId(request.url ?? '/'),
    // Requests that reach a closing server are answered as usual (or refused with the error
    // body, not Fastify's): http/closing-guard.ts.
    return503OnClosing: false,
    // Errors Fastify raises before routing (a URL with bad percent-encoding, say) get the same
    // error body as everything else.
    frameworkErrors: (error, request, reply) => {
      const catalogError = errors.InvalidInput(error.message);
      request.errorCode = catalogError.code;

      const plain = reply as unknown as FastifyReply;
      void plain
        .code(400)
        .type('application/json')
        .send(errorBody(catalogError, request.url.split('?')[0]!, 400));
    },
  });

  // Bodies are read as bytes (http/body-bytes.ts) and decoded by each route, so empty bodies,
  // `null` and JSON sent with another content type are all accepted, and malformed JSON is a 400
  // with the error body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', readBodyBytes);
  // Before the edge, so that what the edge refuses is counted too.
  trackRequests(app, options.requestMetrics);
  installEdge(app, state, {
    maxInFlight,
    retryAfter,
    idleMs: keepAliveTimeout,
    browserGuard: options.browserGuard ?? !options.authenticator,
    logAccess,
  });
  capConnectionsPerClient(
    app.server,
    options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  );
  // Routes only: an unmatched path runs no onRequest hook here, and reaches no catalog either.
  refuseOtherListenersWhileClosing(app);

  app.setErrorHandler((raw: FastifyError | Error, request, reply) => {
    const fastifyError = raw as FastifyError;
    let error = asCatalogError(raw);
    let status = error.status;
    if (raw instanceof HttpRefusal) {
      error = raw.error;
      status = raw.status;
      // Refused before its body was read: what the client still sends must not be read.
      closeAfterReply(reply);
    } else if (raw instanceof InflateLimitError) {
      status = 413;
    } else if (
      !isCatalogError(raw) &&
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode < 500
    ) {
      error = errors.InvalidInput(fastifyError.message);
      status = fastifyError.statusCode;
    }
    // LanceDB's remote client (which always sends a trailing slash) spots a create conflict only
    // as HTTP 400 containing "already exists", and retries 409s; the namespace contract says 409.

    if (error.code === ERROR_CODES.TableAlreadyExists && isLanceRemoteDialect(request))
      status = 400;
    if (status === 503) reply.header('Retry-After', retryAfterOf(error, retryAfter));
    request.errorCode = error.code;
    reply
      .code(status)
      .type('application/json')
      .send(errorBody(error, request.url.split('?')[0]!, status));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = errors.Unsupported(`No route for ${request.method} ${request.url.split('?')[0]}`);
    request.errorCode = error.code;
    // The error table pairs Unsupported (0) with 406; a route this server does not offer is that.
    reply
      .code(406)
      .type('application/json')
      .send(errorBody(error, request.url.split('?')[0]!, 406));
  });

  // LanceDB's remote client reads the server's version from every reply: at 0.3.0 it sends
  // structured full-text queries (phrase, all words) whole instead of flattening them to a
  // string. Below 0.4.0 it keeps writes as single Arrow bodies, which is what we read.
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('phalanx-version', LANCE_REMOTE_PROTOCOL_VERSION);
    reply.header('x-request-id', request.id);
    done();
  });
  recordRoutes(app);
  registerNamespaceRoutes(app, state);
  registerTableListingRoutes(app, state);
  registerTableRoutes(app, state);
  registerTableRegistrationRoutes(app, state);
  registerTableDataRoutes(app, state);
  registerIndexRoutes(app, state);
  registerVersionRoutes(app, state);
  registerJobRoutes(app, state);
  registerWhoamiRoutes(app, state);
  registerColumnRoutes(app, state);
  registerTransactionRoutes(app, state);
  registerAccessRoutes(app, state);
  if (options.testCrashRoute) registerTestCrashRoute(app, state);
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt?: number;
    counted?: boolean;
    errorCode?: number;
  }
}
