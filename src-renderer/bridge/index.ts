/** The renderer's one way to the backend: Electron's preload bridge if present, else the web mode. */
import type { StudioApi } from '../../src-shared/studio-api';
import { tokenOf, webBridge } from './web-bridge';

declare global {
  interface Window {
    studio?: StudioApi;
  }
}

export function studio(): StudioApi {
  if (window.studio) return window.studio;
  return webBridge(tokenOf(window.location));
}
