/**
 * A stop that cuts no request already on its way. Node's `server.close()` closes the keep-alive
 * connections that are idle at that instant at once; a client may have just sent a request on
 * one, its bytes on the wire while the server saw the connection idle, and that request is then
 * cut (found by graceful-stop.test.ts, 1 request in several runs). Here the listening socket
 * closes first, a connection busy at the stop closes after its answer (the server says
 * `Connection: close`), and one idle at the stop stays open IDLE_LINGER_MS, in which a request
 * already sent on it is read and answered, before it is closed.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long a connection idle at the stop stays open before it is closed. */
export const IDLE_LINGER_MS = 500;

/** Stops accepting; calls back once every connection is closed (idle ones after the linger). */
export function closeGently(server: Server, done: (error?: Error) => void): void {
  const linger = setTimeout(() => server.closeIdleConnections(), IDLE_LINGER_MS);
  linger.unref();
  // net.Server's own close: stops listening and calls back when the last connection is gone,
  // without http.Server's closing of idle connections.
  NetServer.prototype.close.call(server, (error?: Error) => {
    clearTimeout(linger);
    done(error);
  });
}

/**
 * Makes `server.close()` gentle, for a framework that closes the server itself (Fastify's
 * `close()` calls it, and waits for its callback). From then on every answer says
 * `Connection: close`, whoever writes it (Fastify says so while closing, but answers written
 * before it, such as the probes', would keep their connection open until the stop timeout).
 */
export function makeCloseGentle(server: Server): void {
  server.close = function close(this: Server, done?: (error?: Error) => void) {
    this.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.setHeader('connection', 'close');
    });
    closeGently(this, done ?? (() => undefined));
    return this;
  };
}
