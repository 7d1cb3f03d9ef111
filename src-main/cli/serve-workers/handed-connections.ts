/**
 * The primary's side of the hand-over (connection-intake.ts is the worker's): the client
 * connections one worker process holds. Each is passed to the worker over its IPC channel with
 * the primary keeping its own copy of the socket (`keepOpen`), never read while the worker
 * lives. So the client's connection outlives a worker that dies, and the primary can still say
 * what the client is owed, from the worker's record of it (connection-states.ts).
 *
 * Why hand connections over rather than relay requests: the relay cost two more process hops a
 * request (0.5–1.1 ms a search on two cores, and every byte of a bulk read copied once more),
 * and the crash containment it was there for holds as well this way.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { HandMessage } from './connection-intake';
import {
  clearConnectionRecord,
  readConnectionRecord,
  type ConnectionRecord,
} from './connection-states';

export interface Orphan {
  socket: Socket;
  record: ConnectionRecord;
}

export class HandedConnections {
  private readonly sockets = new Map<number, Socket>();
  private readonly freeSlots: number[] = [];
  private nextSlot = 0;
  private readonly fd: number;
  /** The worker has died and its connections were settled. */
  private settled = false;

  /**
   * `file` is this process's record file, emptied here for it; `unhanded` takes back a connection
   * whose hand-over failed, to route it again.
   */
  constructor(
    private readonly child: ChildProcess,
    file: string,
    private readonly unhanded: (socket: Socket) => void,
  ) {
    this.fd = openSync(file, 'w+', 0o600);
  }

  /** Connections this process holds. */
  get size(): number {
    return this.sockets.size;
  }

  /**
   * Passes `socket` to the worker. A send that fails (the worker is going) leaves the connection
   * here: it is an orphan of that worker's death like any other, and nothing was read from it.
   */
  hand(socket: Socket): void {
    const slot = this.freeSlots.pop() ?? this.nextSlot++;
    clearConnectionRecord(this.fd, slot);
    this.sockets.set(slot, socket);
    try {
      this.child.send(
        { handConnection: slot } satisfies HandMessage,
        socket,
        { keepOpen: true },
        () => {
          // A failed send is told here rather than as the child's 'error' (which the pool would
          // take for a worker that cannot start); the worker's exit then makes it an orphan.
        },
      );
    } catch {
      // The channel is closed already: the same.
    }
  }

  /** The worker closed the connection in `slot`: the primary's copy goes too. */
  closed(slot: number): void {
    const socket = this.sockets.get(slot);
    if (!socket) return;
    this.sockets.delete(slot);
    this.freeSlots.push(slot);
    socket.destroy();
  }

  /** After the worker's death: every connection it still held, with its record. Once. */
  orphans(): Orphan[] {
    if (this.settled) return [];
    this.settled = true;
    const orphans = [...this.sockets].map(([slot, socket]) => ({
      socket,
      record: readConnectionRecord(this.fd, slot),
    }));
    this.sockets.clear();
    closeSync(this.fd);
    return orphans;
  }
}
