/**
 * The policies of ./security in the shapes Electron calls them: the window's options, the
 * navigation and window-open handlers, the permission handlers, the header hook that adds the
 * CSP, and single-instance behaviour. Electron's objects appear only as the few members used, so
 * a test can install the policies on recording objects and call every handler with real input;
 * main.ts passes Electron's own objects, and the compiler checks they fit these shapes.
 */
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import {
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  isAllowedExternal,
  isAllowedNavigation,
  isAllowedPermission,
  WEB_PREFERENCES,
} from './security';

export type ResponseHeaders = Record<string, string[]>;
export interface PermissionDetails {
  requestingUrl?: string;
  isMainFrame: boolean;
}
export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: PermissionDetails,
) => void;
export type PermissionCheckHandler = (
  webContents: unknown,
  permission: string,
  requestingOrigin: string,
  details: PermissionDetails,
) => boolean;
export type HeadersListener = (
  details: { responseHeaders?: ResponseHeaders },
  callback: (response: { responseHeaders: ResponseHeaders }) => void,
) => void;
export type NavigationListener = (event: { preventDefault(): void }, url: string) => void;
export type WindowOpenHandler = (details: { url: string }) => { action: 'deny' };

export interface SessionLike {
  setPermissionRequestHandler(handler: PermissionRequestHandler): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler): void;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
}
export interface WebContentsLike {
  on(event: 'will-navigate', listener: NavigationListener): unknown;
  setWindowOpenHandler(handler: WindowOpenHandler): void;
}

/** The preload is bundled next to main.cjs (vite.config.ts), so it is found from main's folder. */
export function windowOptions(mainDir: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    title: 'Catalog Studio',
    // Shown on ready-to-show, so the user never sees an unpainted window.
    show: false,
    webPreferences: { ...WEB_PREFERENCES, preload: join(mainDir, 'preload.cjs') },
  };
}

export const blockForeignNavigation: NavigationListener = (event, url) => {
  if (!isAllowedNavigation(url, APP_ORIGIN)) event.preventDefault();
};

/** Allowlisted links go to the system browser; the app itself never gets a second window. */
export function windowOpenHandler(openExternal: (url: string) => unknown): WindowOpenHandler {
  return ({ url }) => {
    if (isAllowedExternal(url)) void openExternal(url);
    return { action: 'deny' };
  };
}

export const answerPermissionRequest: PermissionRequestHandler = (_, permission, callback, d) =>
  callback(isAllowedPermission(permission, d.requestingUrl, d.isMainFrame));

// Checks made for no document (a worker) carry no URL; the origin is then all there is to judge.
export const answerPermissionCheck: PermissionCheckHandler = (_, permission, origin, d) =>
  isAllowedPermission(permission, d.requestingUrl ?? origin, d.isMainFrame);

/** Ours replaces any CSP already present in whatever case, so exactly one policy is in force. */
export function withContentSecurityPolicy(headers: ResponseHeaders | undefined): ResponseHeaders {
  const kept = Object.entries(headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== 'content-security-policy',
  );
  return { ...Object.fromEntries(kept), 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}

export function applySessionPolicies(session: SessionLike): void {
  session.setPermissionRequestHandler(answerPermissionRequest);
  session.setPermissionCheckHandler(answerPermissionCheck);
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
  );
}

export function applyWindowPolicies(
  contents: WebContentsLike,
  openExternal: (url: string) => unknown,
): void {
  contents.on('will-navigate', blockForeignNavigation);
  contents.setWindowOpenHandler(windowOpenHandler(openExternal));
}

export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: () => void): unknown;
}
export interface RevealableWindow {
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
}

/**
 * Two processes would share one user-data folder (the recent list, the encrypted secrets) and
 * overwrite each other's writes, so a second launch quits and brings the first one's window
 * forward. Returns whether this process is the one that runs.
 */
export function claimSingleInstance(app: SingleInstanceApp, reveal: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', reveal);
  return true;
}

export function revealWindow(window: RevealableWindow | undefined): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}
