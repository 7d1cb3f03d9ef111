/**
 * The preload: exposes the typed API to the renderer through contextBridge, never the raw
 * ipcRenderer. Only the contract's procedure names can be invoked; the preload imports just their
 * list, so it bundles no schemas.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { PICK_IMPORT_FILE_CHANNEL, PROCEDURE_NAMES } from '../../../src-shared/procedure-names';
import type { StudioApi } from '../../../src-shared/studio-api';

const NAMES = new Set<string>(PROCEDURE_NAMES);

const api: StudioApi = {
  files: {
    pick: () => ipcRenderer.invoke(PICK_IMPORT_FILE_CHANNEL) as Promise<string | undefined>,
    // A dropped file's path on disk: Electron no longer puts it on File itself.
    pathOf: (file) => webUtils.getPathForFile(file) || undefined,
  },
  call: (name, input) =>
    NAMES.has(name)
      ? ipcRenderer.invoke(`rpc:${name}`, input)
      : Promise.resolve({
          ok: false,
          error: { code: 0, name: 'Unsupported', message: `Unknown procedure ${name}` },
        }),
  on: (listener) => {
    const handler = (_event: IpcRendererEvent, name: string, payload: unknown) =>
      listener(name as never, payload as never);
    ipcRenderer.on('studio:event', handler);
    return () => ipcRenderer.removeListener('studio:event', handler);
  },
};

contextBridge.exposeInMainWorld('studio', api);
