/**
 * A stop that cuts no request already on its way. Node's `server.close()` closes the keep-alive
 * connections that are idle at that instant at once; a client may have just sent a request on
 * one, its bytes on the wire while the server saw the connection idle, and that request is then
 * cut (found by graceful-stop.test.ts, 1 request in several runs). Here the listening socket
 * closes first, every answer not yet begun says `Connection: close` (so its client does not send
 * again on that connection), and a connection idle at the stop stays open IDLE_LINGER_MS, in
 * which a request already sent on it is read and answered, before it is closed. Connections that
 * go idle later (an answer begun before the stop, kept alive) are closed at the next linger's end.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long a connection idle at the stop stays open before it is closed. */
const IDLE_LINGER_MS = 500;

/**
 * Stops accepting; calls back once every connection is closed (idle ones after the linger).
 * `handed`: connections the server did not accept itself but was given (a worker of `serve`,
 * connection-intake.ts), which its own count does not include: resolves once they are closed.
 */
export function closeGently(
  server: Server,
  done: (error?: Error) => void,
  handed?: () => Promise<void>,
): void {
  // Node's own close would also stop its check of the connections' timeouts, an unref'd timer
  // that here runs on, checking nothing, until the process ends (`serve` ends after its stop).
  const linger = setInterval(() => server.closeIdleConnections(), IDLE_LINGER_MS);
  linger.unref();
  // net.Server's own close: stops listening and calls back when the last connection is gone,
  // without http.Server's closing of idle connections. A server given its connections may not
  // listen at all.
  const accepted = new Promise<Error | undefined>((resolve) => {
    if (!server.listening && handed) resolve(undefined);
    else NetServer.prototype.close.call(server, (error?: Error) => resolve(error));
  });
  void Promise.all([accepted, handed?.()]).then(([error]) => {
    clearInterval(linger);
    done(error);
  });
}

/**
 * Makes `server.close()` gentle, for a framework that closes the server itself (Fastify's
 * `close()` calls it, and waits for its callback). Answers in progress at the stop, and every
 * answer after it, say `Connection: close`, whoever writes them: Fastify says so only for the
 * requests it routes after its close began.
 */
export function makeCloseGentle(server: Server, handed?: () => Promise<void>): void {
  const unanswered = new Set<ServerResponse>();
  let closing = false;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) {
      response.setHeader('connection', 'close');
      return;
    }
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  server.close = function close(this: Server, done?: (error?: Error) => void) {
    if (!closing) {
      closing = true;
      for (const response of unanswered) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      unanswered.clear();
    }
    closeGently(this, done ?? (() => undefined), handed);
    return this;
  };
}
