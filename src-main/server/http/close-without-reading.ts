/**
 * Closing a connection after an answer without reading what the client is still sending. Node
 * would destroy the socket the moment the answer is flushed; with unread bytes pending that is a
 * reset, which can reach the client before the answer does (it then sees EPIPE, not the answer).
 * So our side is closed (FIN), reading stops (the client's sends stall in the kernel's buffers,
 * at no cost here), and the socket is destroyed a moment later. Used by the server's refusals
 * (refusal.ts) and by `serve`'s primary for the answers it writes itself.
 */
import type { Socket } from 'node:net';

/** How long a closed connection stays half-open after its answer, so the client can read it. */
const LINGER_MS = 1_000;

/** Ends the connection now, reading nothing more. */
export function endWithoutReading(socket: Socket): void {
  if (socket.destroyed) return;
  socket.pause();
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Makes the close Node does after the current answer (`destroySoon`) one that reads nothing. */
export function closeWithoutReading(socket: Socket): void {
  if (socket.destroyed) return;
  socket.destroySoon = () => endWithoutReading(socket);
}
