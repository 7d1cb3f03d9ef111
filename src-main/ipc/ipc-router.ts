/**
 * The Electron transport for the host: one `ipcMain.handle` per procedure (`rpc:<name>`), all
 * behind one gate that checks the sender is our window's main frame, then lets the host validate
 * the input; results and errors travel as values, never as thrown errors. Host events go to the
 * window on one channel.
 *
 * Only the shapes of Electron's objects that the gate reads are named here, so the router runs in
 * a test with an in-memory pair as well as in the app.
 */
import type { Host } from '../host/host';
import { PROCEDURES, type ProcedureName, type Result } from '../../src-shared/studio-procedures';
import { PICK_IMPORT_FILE_CHANNEL } from '../../src-shared/procedure-names';

export const EVENT_CHANNEL = 'studio:event';
export const rpcChannel = (name: ProcedureName) => `rpc:${name}`;

export interface IpcSenderLike {
  id: number;
}
export interface IpcFrameLike {
  url: string;
  /** Null for a top-level frame. */
  parent: unknown;
}
export interface IpcInvokeEventLike {
  sender: IpcSenderLike;
  senderFrame: IpcFrameLike | null;
}
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}
export interface EventTarget {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

export interface TrustedWindow {
  /** The webContents id of our window. */
  webContentsId: number;
  /** The origin our renderer is loaded from (file:// or the dev server). */
  origin: string;
}

function frameOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'file:' ? 'file://' : parsed.origin;
  } catch {
    return '';
  }
}

/** The gate: our window, its top frame, loaded from our origin. */
export function isTrustedSender(
  event: IpcInvokeEventLike,
  trusted: TrustedWindow | undefined,
): boolean {
  if (!trusted || event.sender.id !== trusted.webContentsId) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return frameOrigin(frame.url) === trusted.origin;
}

const REFUSED: Result<never> = {
  ok: false,
  error: {
    code: 15,
    name: 'PermissionDenied',
    message: 'This request did not come from the Catalog Studio window',
  },
};

export function registerIpc(
  ipcMain: IpcMainLike,
  host: Host,
  trusted: () => TrustedWindow | undefined,
  target: () => EventTarget | undefined,
): () => void {
  const names = Object.keys(PROCEDURES) as ProcedureName[];
  for (const name of names) {
    ipcMain.handle(rpcChannel(name), async (event, input) => {
      if (!isTrustedSender(event, trusted())) return REFUSED;
      return host.call(name, input);
    });
  }
  const unsubscribe = host.on((event, payload) => {
    const window = target();
    if (window && !window.isDestroyed()) window.send(EVENT_CHANNEL, event, payload);
  });
  return () => {
    unsubscribe();
    for (const name of names) ipcMain.removeHandler(rpcChannel(name));
  };
}

/**
 * The native open dialog for imports, behind the same sender check as the procedures: only the
 * app's own window may open it.
 */
export function registerFilePicker(
  ipcMain: IpcMainLike,
  trusted: () => TrustedWindow | undefined,
  pick: () => Promise<string | undefined>,
): () => void {
  ipcMain.handle(PICK_IMPORT_FILE_CHANNEL, async (event) =>
    isTrustedSender(event, trusted()) ? pick() : undefined,
  );
  return () => ipcMain.removeHandler(PICK_IMPORT_FILE_CHANNEL);
}
