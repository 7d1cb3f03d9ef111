/**
 * The Electron main process: one window running the renderer under the security policy in
 * ./security, the host behind the IPC gate, a menu with "Open Folder…", and single-instance
 * behaviour (a second launch focuses the first window).
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import { Host } from '../host/host';
import { registerIpc } from '../ipc/ipc-router';
import { SafeStorageSecrets } from './safe-storage-secrets';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedExternal,
  isAllowedNavigation,
  WEB_PREFERENCES,
} from './security';

const RENDERER_INDEX = join(__dirname, '../renderer/index.html');
const APP_ORIGIN = 'file://';

let window: BrowserWindow | undefined;

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Catalog Studio',
    show: false,
    webPreferences: { ...WEB_PREFERENCES, preload: join(__dirname, 'preload.cjs') },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, APP_ORIGIN)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void win.loadFile(RENDERER_INDEX);
  return win;
}

function buildMenu(host: Host): void {
  const openFolder = async () => {
    if (!window) return;
    const picked = await dialog.showOpenDialog(window, {
      properties: ['openDirectory', 'createDirectory'],
    });
    if (!picked.canceled && picked.filePaths[0])
      await host.call('connections:open-folder', { path: picked.filePaths[0], create: true });
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      {
        label: 'File',
        submenu: [
          { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => void openFolder() },
          { type: 'separator' },
          { role: 'quit' },
        ],
      },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]),
  );
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  void app.whenReady().then(() => {
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        },
      });
    });
    const host = new Host({
      userDataDir: app.getPath('userData'),
      secrets: new SafeStorageSecrets(join(app.getPath('userData'), 'secrets.bin'), safeStorage),
    });
    window = createWindow();
    registerIpc(
      ipcMain,
      host,
      () =>
        window && !window.isDestroyed()
          ? { webContentsId: window.webContents.id, origin: APP_ORIGIN }
          : undefined,
      () => window?.webContents,
    );
    buildMenu(host);
    app.on('window-all-closed', () => {
      void host.close().finally(() => app.quit());
    });
  });
}
