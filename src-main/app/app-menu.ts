/**
 * The desktop app's menu, as a template Electron builds: Open Folder, and Serve Folder as REST
 * Catalog, which the host hands to the renderer (it knows which folder is in view and shows the
 * same Serve dialog as the tree's menu). Kept apart from main.ts so that tests can read it.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openFolder: () => void;
  serve: () => void;
}

export function appMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  return [
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openFolder() },
        { type: 'separator' },
        { label: 'Serve Folder as REST Catalog…', click: () => actions.serve() },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}
