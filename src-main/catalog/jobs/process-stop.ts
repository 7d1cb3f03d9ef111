/**
 * Whether this process is stopping for good (a service's SIGTERM), as opposed to one catalog
 * being closed while the process goes on (the app closing a connection). A job still queued or
 * running when its registry closes is then ended as interrupted, the state every other process
 * sharing the root would give it had the process died, and which says to run it again; otherwise
 * it is cancelled, as a close the user asked for. Process-wide because it is a fact about the
 * process: `serve` sets it, and the engine does not know who embeds it.
 */
let stopping = false;

export function markProcessStopping(): void {
  stopping = true;
}

export function isProcessStopping(): boolean {
  return stopping;
}
