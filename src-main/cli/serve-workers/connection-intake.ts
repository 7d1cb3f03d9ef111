/**
 * The worker's side of the hand-over (handed-connections.ts is the primary's): it takes the
 * client connections the primary passes over its IPC channel, serves them on its own HTTP
 * server exactly as if it had accepted them, keeps each one's record (connection-states.ts)
 * current for the primary to read should this process die, and tells the primary when a
 * connection is closed, so that the primary lets go of its copy.
 *
 * A record moves on three events: a request read (ASKED, naming it), the first byte of its answer
 * written to the socket (ANSWERING; an interim 100 Continue or 103 is not the answer yet), and the
 * end of that answer once the request's body has been read to its end too (IDLE, or ASKED for a
 * request read behind it on the same connection). A write no request asked for (a refusal written
 * raw, Node's own 400 before any request) is ANSWERING until the next request.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ANSWERING, IDLE, ConnectionStateWriter } from './connection-states';

/** The primary hands a connection: the socket comes with the message, in its slot. */
export interface HandMessage {
  handConnection: number;
}
/** The worker has closed the connection in this slot. */
export interface ClosedMessage {
  connectionClosed: number;
}

interface Asked {
  request: IncomingMessage;
  response: ServerResponse;
}

interface Held {
  slot: number;
  /** Requests read and not yet answered in full, oldest first (more than one only if pipelined). */
  waiting: Asked[];
  /** What is being written now: an answer, a raw write, or nothing. */
  answering: ServerResponse | 'raw' | undefined;
  /** Closed and told: its slot may already be another connection's, so it is written no more. */
  gone: boolean;
}

export class ConnectionIntake {
  private readonly held = new Map<Socket, Held>();
  private readonly records: ConnectionStateWriter;
  private drainedWaiters: Array<() => void> = [];
  /** Answers whose end is watched already. */
  private readonly known = new WeakSet<ServerResponse>();
  private closed = false;

  constructor(
    private readonly server: Server,
    stateFile: string,
  ) {
    this.records = new ConnectionStateWriter(stateFile);
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) =>
      this.asked(request, response),
    );
    process.on('message', (message: Partial<HandMessage>, handle: unknown) => {
      if (typeof message?.handConnection !== 'number' || !handle) return;
      this.take(message.handConnection, handle as Socket);
    });
  }

  /** Connections held now. */
  get size(): number {
    return this.held.size;
  }

  /** Resolves once no handed connection is left open. */
  drained(): Promise<void> {
    if (this.held.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainedWaiters.push(resolve));
  }

  private take(slot: number, socket: Socket): void {
    const held: Held = { slot, waiting: [], answering: undefined, gone: false };
    this.held.set(socket, held);
    this.watchWrites(socket, held);
    socket.once('close', () => {
      held.gone = true;
      this.held.delete(socket);
      try {
        process.send?.({ connectionClosed: slot } satisfies ClosedMessage);
      } catch {
        // The channel is gone: the primary is gone, and this process ends with it.
      }
      if (this.held.size === 0) for (const resolve of this.drainedWaiters.splice(0)) resolve();
    });
    // After the close, nothing is served any more (the catalogs are closing).
    if (this.closed) socket.destroy();
    else this.server.emit('connection', socket);
  }

  private asked(request: IncomingMessage, response: ServerResponse): void {
    const held = this.held.get(request.socket);
    if (!held) return;
    if (held.answering === 'raw') held.answering = undefined;
    const entry: Asked = { request, response };
    held.waiting.push(entry);
    this.known.add(response);
    if (held.waiting.length === 1 && held.answering === undefined) this.record(held, entry);
    response.once('close', () => this.answered(held, response));
  }

  /**
   * Node writes the next pipelined answer as soon as the one before it finishes, before that one
   * says 'close': so an answer's end resets the record only if it is still the one being written.
   */
  private answered(held: Held, response: ServerResponse): void {
    const entry = held.waiting.find((waiting) => waiting.response === response);
    if (held.gone) return;
    if (held.answering !== response && held.answering !== undefined) {
      held.waiting = held.waiting.filter((waiting) => waiting !== entry);
      return;
    }
    // An answer sent before its request's body was read in full: Node reads the rest and drops
    // it, and until it has, the connection's next bytes are not the start of a request.
    if (entry && !entry.request.complete && !entry.request.destroyed) {
      entry.request.once('end', () => this.answered(held, response));
      return;
    }
    held.waiting = held.waiting.filter((waiting) => waiting !== entry);
    held.answering = undefined;
    const next = held.waiting[0];
    if (next) this.record(held, next);
    else this.records.state(held.slot, IDLE);
  }

  private record(held: Held, entry: Asked): void {
    this.records.asked(held.slot, entry.request.method ?? '?', entry.request.url ?? '/');
  }

  /** Every write to the socket, whoever makes it, goes through write() or end(). */
  private watchWrites(socket: Socket, held: Held): void {
    const mark = () => {
      const writer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      // An interim answer (100 Continue, 103) is written before the answer's head.
      if (writer && !writer.headersSent) return;
      const now = writer ?? 'raw';
      if (held.answering === now || held.gone) return;
      held.answering = now;
      this.records.state(held.slot, ANSWERING);
      // An answer Node wrote without a request event (a 400 for a bad head, a 417).
      if (writer && !this.known.has(writer)) {
        this.known.add(writer);
        writer.once('close', () => this.answered(held, writer));
      }
    };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    const end = socket.end.bind(socket) as (...args: unknown[]) => Socket;
    socket.write = ((...args: unknown[]) => {
      mark();
      return write(...args);
    }) as typeof socket.write;
    socket.end = ((...args: unknown[]) => {
      if (args.length > 0 && typeof args[0] !== 'function') mark();
      return end(...args);
    }) as typeof socket.end;
  }

  /** After the server's close: connections still arriving are closed, and records are kept no more. */
  close(): void {
    this.closed = true;
    this.records.close();
  }
}
