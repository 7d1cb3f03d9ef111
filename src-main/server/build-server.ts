/**
 * Builds the catalog server: a Fastify instance that puts CatalogClients behind the namespace
 * REST contract and LanceDB's "remote" routes, with authentication, back-pressure, a body limit,
 * the error body on every failure, and one access-log line per request.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { errors, isCatalogError, ERROR_CODES } from '../catalog/errors';
import { asCatalogError, errorBody } from './http/error-body';
import { isLanceRemoteDialect } from './http/dialect';
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_IN_FLIGHT, type ServerOptions } from './server-options';
import type { ServerState } from './server-state';
import { registerNamespaceRoutes } from './routes/namespaces';
import { registerTableRoutes } from './routes/tables';
import { registerTableDataRoutes } from './routes/table-data';
import { registerIndexRoutes } from './routes/indexes';
import { registerVersionRoutes } from './routes/versions';
import { registerJobRoutes } from './routes/jobs';
import { recordRoutes } from './route-table';

const ARROW_TYPES = [
  'application/vnd.apache.arrow.stream',
  'application/vnd.apache.arrow.file',
  'application/octet-stream',
];

export function buildServer(options: ServerOptions): FastifyInstance {
  const state: ServerState = { options, inFlight: 0 };
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const logAccess = (request: FastifyRequest, status: number) =>
    options.accessLog?.({
      time: new Date().toISOString(),
      method: request.method,
      path: request.url.split('?')[0]!,
      status,
      ms: Math.round((performance.now() - (request.startedAt ?? performance.now())) * 100) / 100,
      ...(request.principalName ? { principal: request.principalName } : {}),
      ...(request.databaseName ? { database: request.databaseName } : {}),
      ...(request.errorCode === undefined ? {} : { code: request.errorCode }),
    });
  const app = Fastify({
    logger: false,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Clients of a catalog send bodies with every verb, GET included (count_rows, stats).
    // Fastify would reject a GET body otherwise.
    return503OnClosing: true,
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

  // Bodies are read as bytes and decoded by each route, so empty bodies, `null` and JSON sent
  // with another content type are all accepted, and malformed JSON is a 400 with the error body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(ARROW_TYPES, { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
    done(null, body),
  );
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    if (state.inFlight >= maxInFlight) {
      reply.header('Retry-After', retryAfter);
      const error = errors.ServiceUnavailable(
        `Slow down: ${state.inFlight} requests are in flight`,
      );
      request.errorCode = error.code;
      return reply
        .code(503)
        .type('application/json')
        .send(errorBody(error, request.url.split('?')[0]!));
    }
    state.inFlight += 1;
    request.counted = true;
    // A client that goes away mid-request never gets a response, so onResponse would not run;
    // the slot is freed when the connection's response closes, whichever way that happens.
    reply.raw.once('close', () => {
      if (request.counted) {
        request.counted = false;
        state.inFlight -= 1;
        if (!reply.raw.writableFinished) logAccess(request, 499);
      }
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.counted) {
      request.counted = false;
      state.inFlight -= 1;
    }
    logAccess(request, reply.statusCode);
  });

  app.setErrorHandler((raw: FastifyError | Error, request, reply) => {
    const fastifyError = raw as FastifyError;
    let error = asCatalogError(raw);
    let status = error.status;
    if (!isCatalogError(raw) && fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      error = errors.InvalidInput(
        `The request body is larger than the limit of ${bodyLimit} bytes`,
      );
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
    if (status === 503) reply.header('Retry-After', retryAfter);
    request.errorCode = error.code;
    reply
      .code(status)
      .type('application/json')
      .send(errorBody(error, request.url.split('?')[0]!, status));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = errors.Unsupported(`No route for ${request.method} ${request.url.split('?')[0]}`);
    request.errorCode = error.code;
    reply
      .code(404)
      .type('application/json')
      .send(errorBody(error, request.url.split('?')[0]!, 404));
  });

  recordRoutes(app);
  registerNamespaceRoutes(app, state);
  registerTableRoutes(app, state);
  registerTableDataRoutes(app, state);
  registerIndexRoutes(app, state);
  registerVersionRoutes(app, state);
  registerJobRoutes(app, state);
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt?: number;
    counted?: boolean;
    errorCode?: number;
  }
}
