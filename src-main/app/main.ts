/**
 * The Electron main process: one window running the renderer under the policies in
 * ./shell-policies, the host behind the IPC gate, the menu of ./app-menu, and one instance
 * per user. Every decision lives in those modules, where tests call it; this file only hands
 * them Electron's objects, because Electron's runtime is not available to run it in tests.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import { Host } from '../host/host';
import { registerFilePicker, registerIpc } from '../ipc/ipc-router';
import { IMPORT_EXTENSIONS } from '../host/imports/import-formats';
import { SafeStorageSecrets } from './safe-storage-secrets';
import { appMenuTemplate } from './app-menu';
import { APP_ORIGIN } from './security';
import { catalogServing } from '../server/serving';
import {
  applySessionPolicies,
  applyWindowPolicies,
  claimSingleInstance,
  revealWindow,
  windowOptions,
} from './shell-policies';

const RENDERER_INDEX = join(__dirname, '../renderer/index.html');

let window: BrowserWindow | undefined;

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(windowOptions(__dirname));
  win.once('ready-to-show', () => win.show());
  // The renderer's beforeunload holds the page while a table has pending changes; Electron does
  // not ask by itself (the close would silently not happen), so the question is asked here.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Discard and close', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: 'Some tables have changes that were not committed.',
      detail: 'Closing or reloading discards them.',
    });
    // preventDefault here lets the page go despite its beforeunload handler.
    if (choice === 0) event.preventDefault();
  });
  applyWindowPolicies(win.webContents, (url) => shell.openExternal(url));
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
    Menu.buildFromTemplate(
      appMenuTemplate({
        openFolder: () => void openFolder(),
        serve: () => host.appCommand('serve'),
      }),
    ),
  );
}

if (claimSingleInstance(app, () => revealWindow(window))) {
  void app.whenReady().then(() => {
    // Before the first window exists, so no page ever loads without the CSP or the permission rules.
    applySessionPolicies(session.defaultSession);
    const host = new Host({
      userDataDir: app.getPath('userData'),
      secrets: new SafeStorageSecrets(join(app.getPath('userData'), 'secrets.bin'), safeStorage),
      serving: catalogServing,
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
    registerFilePicker(
      ipcMain,
      () =>
        window && !window.isDestroyed()
          ? { webContentsId: window.webContents.id, origin: APP_ORIGIN }
          : undefined,
      async () => {
        if (!window) return undefined;
        const picked = await dialog.showOpenDialog(window, {
          properties: ['openFile'],
          filters: [{ name: 'Data files', extensions: IMPORT_EXTENSIONS }],
        });
        return picked.canceled ? undefined : picked.filePaths[0];
      },
    );
    buildMenu(host);
    app.on('window-all-closed', () => {
      void host.close().finally(() => app.quit());
    });
  });
}
