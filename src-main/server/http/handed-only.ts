/**
 * A server that never listens and is only handed connections (`server.emit('connection')`): a
 * worker of `serve`, and its primary's own server. Node starts tracking a server's connections
 * (the headers, request and keep-alive checks every `connectionsCheckingInterval`, and what
 * `closeIdleConnections()` finds) on the server's 'listening' event, which such a server never
 * has: without it a client that sends nothing would hold its connection forever, and a gentle
 * close (gentle-close.ts) would close no idle connection. Emitting the event starts the tracking
 * as listening would; nothing else listens for it on a server that was never asked to listen.
 */
import type { Server } from 'node:http';

export function trackHandedConnections(server: Server): void {
  if (server.listening) return;
  server.emit('listening');
}
