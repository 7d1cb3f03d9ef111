/** The renderer's one way to the backend: Electron's preload bridge if present, else the web mode. */
import type { StudioApi } from '../../src-main/shared/studio-api';
import { webBridge } from './web-bridge';

declare global {
  interface Window {
    studio?: StudioApi;
  }
}

export function studio(): StudioApi {
  if (window.studio) return window.studio;
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  return webBridge(token);
}
