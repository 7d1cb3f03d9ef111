/**
 * The IPC router on an in-memory pair that behaves like ipcMain/ipcRenderer. This is NOT
 * Electron (its runtime cannot be downloaded here); it runs the real router and the real host,
 * with only the channel plumbing stood in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import {
  EVENT_CHANNEL,
  isTrustedSender,
  registerFilePicker,
  registerIpc,
  rpcChannel,
  type IpcInvokeEventLike,
  type IpcMainLike,
} from '../../../src-main/ipc/ipc-router';
import { PROCEDURES } from '../../../src-shared/studio-procedures';
import { PICK_IMPORT_FILE_CHANNEL } from '../../../src-shared/procedure-names';

class InMemoryIpcMain implements IpcMainLike {
  readonly handlers = new Map<
    string,
    (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>
  >();
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>,
  ) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  /** What ipcRenderer.invoke does: run the handler with an event describing the sender. */
  invoke(event: IpcInvokeEventLike, channel: string, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    // Structured clone, as IPC does: nothing but data crosses.
    return handler(event, ...args.map((a) => structuredClone(a))).then((r) => structuredClone(r));
  }
}

const OUR_WINDOW = { webContentsId: 7, origin: 'file://' };
const fromOurWindow: IpcInvokeEventLike = {
  sender: { id: 7 },
  senderFrame: { url: 'file:///app/renderer/index.html', parent: null },
};

let dir: string;
let host: Host;
let ipc: InMemoryIpcMain;
let sent: unknown[][];
let unregister: () => void;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-ipc-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  ipc = new InMemoryIpcMain();
  sent = [];
  unregister = registerIpc(
    ipc,
    host,
    () => OUR_WINDOW,
    () => ({ isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) }),
  );
});
afterEach(async () => {
  unregister();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('IPC router (in-memory pair, not Electron)', () => {
  it('registers one handler per procedure of the contract', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual(
      Object.keys(PROCEDURES)
        .map((n) => rpcChannel(n as never))
        .sort(),
    );
  });

  it('round-trips procedures and delivers events to the window', async () => {
    const opened: any = await ipc.invoke(fromOurWindow, rpcChannel('connections:open-folder'), {
      path: join(dir, 'cat'),
      create: true,
    });
    expect(opened.ok).toBe(true);
    const created: any = await ipc.invoke(fromOurWindow, rpcChannel('namespaces:create'), {
      connectionId: opened.value.id,
      path: ['n'],
    });
    expect(created).toEqual({ ok: true, value: { properties: {} } });
    expect(
      sent.some(([channel, name]) => channel === EVENT_CHANNEL && name === 'catalog:changed'),
    ).toBe(true);
  });

  it('refuses a foreign sender, a subframe and another origin, as values', async () => {
    const refused = { ok: false, error: { code: 15, name: 'PermissionDenied' } };
    const channel = rpcChannel('connections:list-open');
    expect(await ipc.invoke({ ...fromOurWindow, sender: { id: 8 } }, channel, {})).toMatchObject(
      refused,
    );
    expect(
      await ipc.invoke(
        { ...fromOurWindow, senderFrame: { url: 'file:///x', parent: {} } },
        channel,
        {},
      ),
    ).toMatchObject(refused);
    expect(
      await ipc.invoke(
        { ...fromOurWindow, senderFrame: { url: 'https://evil.example/', parent: null } },
        channel,
        {},
      ),
    ).toMatchObject(refused);
    expect(await ipc.invoke({ ...fromOurWindow, senderFrame: null }, channel, {})).toMatchObject(
      refused,
    );
  });

  it('validates input and returns errors as values', async () => {
    const bad: any = await ipc.invoke(fromOurWindow, rpcChannel('namespaces:list'), {
      connectionId: 1,
      path: 'x',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 13, name: 'InvalidInput' } });
    const missing: any = await ipc.invoke(fromOurWindow, rpcChannel('tables:list'), {
      connectionId: 'nope',
      path: [],
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 13 } });
  });

  it('trusts only our window when no window exists yet', () => {
    expect(isTrustedSender(fromOurWindow, undefined)).toBe(false);
    expect(isTrustedSender(fromOurWindow, OUR_WINDOW)).toBe(true);
  });

  it('opens the native file dialog only for our window', async () => {
    let opened = 0;
    const stop = registerFilePicker(
      ipc,
      () => OUR_WINDOW,
      async () => {
        opened += 1;
        return '/data/items.csv';
      },
    );
    await expect(ipc.invoke(fromOurWindow, PICK_IMPORT_FILE_CHANNEL)).resolves.toBe(
      '/data/items.csv',
    );
    const foreign = { ...fromOurWindow, sender: { id: 8 } };
    await expect(ipc.invoke(foreign, PICK_IMPORT_FILE_CHANNEL)).resolves.toBeUndefined();
    expect(opened).toBe(1);
    stop();
    expect(ipc.handlers.has(PICK_IMPORT_FILE_CHANNEL)).toBe(false);
  });
});
