/**
 * The shell's policies installed on recording stand-ins for Electron's session, webContents and
 * app (its runtime cannot be downloaded here), then called the way Electron calls them: real
 * URLs, every permission name Electron's types list, real header maps.
 */
import { isAbsolute, join, resolve } from 'node:path';
import type { Session } from 'electron';
import type { OutputOptions } from 'rollup';
import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { CONTENT_SECURITY_POLICY, WEB_PREFERENCES } from '../../../src-main/app/security';
import {
  applySessionPolicies,
  applyWindowPolicies,
  claimSingleInstance,
  revealWindow,
  windowOptions,
  withContentSecurityPolicy,
  type HeadersListener,
  type NavigationListener,
  type PermissionCheckHandler,
  type PermissionRequestHandler,
  type ResponseHeaders,
  type SessionLike,
  type WindowOpenHandler,
} from '../../../src-main/app/shell-policies';

type Permission = Parameters<NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>>[1];
// `satisfies` makes this a type error when Electron adds a permission the test does not try.
// prettier-ignore
const EVERY_PERMISSION = Object.keys({
  ar: 1, 'automatic-fullscreen': 1, 'background-fetch': 1, 'background-sync': 1,
  'captured-surface-control': 1, 'clipboard-read': 1, 'clipboard-sanitized-write': 1,
  'deprecated-sync-clipboard-read': 1, 'display-capture': 1, fileSystem: 1, fullscreen: 1,
  geolocation: 1, 'geolocation-approximate': 1, 'hand-tracking': 1, hid: 1, 'idle-detection': 1,
  keyboardLock: 1, 'local-fonts': 1, 'local-network': 1, 'local-network-access': 1,
  'loopback-network': 1, media: 1, mediaKeySystem: 1, midi: 1, midiSysex: 1, nfc: 1,
  notifications: 1, openExternal: 1, 'payment-handler': 1, 'periodic-background-sync': 1,
  'persistent-storage': 1, pointerLock: 1, 'screen-wake-lock': 1, sensors: 1, serial: 1,
  'smart-card': 1, 'speaker-selection': 1, 'storage-access': 1, 'system-wake-lock': 1,
  'top-level-storage-access': 1, usb: 1, vr: 1, 'web-app-installation': 1, 'web-printing': 1,
  'window-management': 1, unknown: 1,
} satisfies Record<Permission, 1>) as Permission[];

const APP_PAGE = 'file:///opt/Catalog Studio/resources/app.asar/dist/renderer/index.html';
const TOP = { requestingUrl: APP_PAGE, isMainFrame: true };

function installedOnSession() {
  const installed: {
    request?: PermissionRequestHandler;
    check?: PermissionCheckHandler;
    headers?: HeadersListener;
  } = {};
  const session: SessionLike = {
    setPermissionRequestHandler: (handler) => void (installed.request = handler),
    setPermissionCheckHandler: (handler) => void (installed.check = handler),
    webRequest: { onHeadersReceived: (listener) => void (installed.headers = listener) },
  };
  applySessionPolicies(session);
  return {
    request: installed.request!,
    check: installed.check!,
    headers: installed.headers!,
  };
}

function installedOnWindow() {
  const opened: string[] = [];
  const listeners = new Map<string, NavigationListener>();
  let openHandler: WindowOpenHandler | undefined;
  applyWindowPolicies(
    {
      on: (event, listener) => listeners.set(event, listener),
      setWindowOpenHandler: (handler) => void (openHandler = handler),
    },
    (url) => opened.push(url),
  );
  const navigate = (url: string) => {
    let prevented = false;
    listeners.get('will-navigate')!({ preventDefault: () => void (prevented = true) }, url);
    return prevented ? 'blocked' : 'allowed';
  };
  return { navigate, open: openHandler!, opened };
}

describe('the window options', () => {
  it('are the hardening preferences plus the preload, and start hidden', () => {
    const options = windowOptions('/opt/app/dist/main');
    expect(options).toMatchObject({ title: 'Catalog Studio', show: false });
    // Nothing may override a setting: the preferences are exactly the policy and a preload.
    expect(options.webPreferences).toEqual({
      ...WEB_PREFERENCES,
      preload: join('/opt/app/dist/main', 'preload.cjs'),
    });
    expect(isAbsolute(options.webPreferences!.preload!)).toBe(true);
  });

  it('name the preload vite bundles next to main.cjs', () => {
    const build = (mode: string): NonNullable<UserConfig['build']> =>
      viteConfig({ command: 'build', mode }).build!;
    const entry = (b: NonNullable<UserConfig['build']>) =>
      (b.rollupOptions!.output as OutputOptions).entryFileNames;
    const [main, preload] = [build('main'), build('preload')];
    expect(entry(main)).toBe('main.cjs');
    expect(preload.outDir).toBe(main.outDir);
    const mainDir = resolve(main.outDir!);
    expect(windowOptions(mainDir).webPreferences!.preload).toBe(
      join(mainDir, entry(preload) as string),
    );
  });
});

describe('the session policies', () => {
  const { request, check, headers } = installedOnSession();

  it('answer every permission request once, granting only clipboard writes to the app', () => {
    const answers = new Map<string, boolean[]>();
    for (const permission of EVERY_PERMISSION) {
      const said: boolean[] = [];
      request({}, permission, (granted) => said.push(granted), TOP);
      answers.set(permission, said);
    }
    expect(EVERY_PERMISSION.length).toBeGreaterThan(40);
    for (const [permission, said] of answers)
      expect(said, permission).toEqual([permission === 'clipboard-sanitized-write']);
  });

  it('refuse the clipboard to a subframe and to any other origin', () => {
    const said: boolean[] = [];
    const write = 'clipboard-sanitized-write';
    request({}, write, (g) => said.push(g), { ...TOP, isMainFrame: false });
    request({}, write, (g) => said.push(g), {
      requestingUrl: 'https://x.example/',
      isMainFrame: true,
    });
    expect(said).toEqual([false, false]);
  });

  it('answer permission checks the same way, judging by origin when no URL is given', () => {
    for (const permission of EVERY_PERMISSION)
      expect(check(null, permission, 'file:///', TOP), permission).toBe(
        permission === 'clipboard-sanitized-write',
      );
    const write = 'clipboard-sanitized-write';
    expect(check(null, write, 'file:///', { isMainFrame: true })).toBe(true);
    expect(check(null, write, 'https://x.example', { isMainFrame: true })).toBe(false);
    // A URL, when present, outranks the origin.
    expect(
      check(null, write, 'file:///', { requestingUrl: 'https://x.example/', isMainFrame: true }),
    ).toBe(false);
  });

  it('put the CSP on every response and keep the other headers', () => {
    const replies: ResponseHeaders[] = [];
    headers({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) =>
      replies.push(r.responseHeaders),
    );
    headers({}, (r) => replies.push(r.responseHeaders));
    expect(replies).toEqual([
      { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
      { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    ]);
  });
});

describe('the CSP header', () => {
  it('replaces a policy already present in any case, without touching the input', () => {
    const incoming = { 'content-security-policy': ['script-src *'], 'X-Other': ['1'] };
    expect(withContentSecurityPolicy(incoming)).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    expect(incoming['content-security-policy']).toEqual(['script-src *']);
  });
});

describe('the window policies', () => {
  it('keep navigation inside the app', () => {
    const { navigate } = installedOnWindow();
    expect(navigate(APP_PAGE)).toBe('allowed');
    expect(navigate('file:///opt/app/dist/renderer/index.html#/tables')).toBe('allowed');
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8080/',
      'data:text/html,x',
      'nonsense',
    ])
      expect(navigate(url), url).toBe('blocked');
  });

  it('deny every new window and hand only allowlisted links to the opener', () => {
    const { open, opened } = installedOnWindow();
    const urls = [
      'https://docs.lancedb.com/tables',
      'https://evil.example/',
      'https://lancedb.com.evil.example/',
      APP_PAGE,
      'https://github.com/lancedb/lance',
    ];
    expect(urls.map((url) => open({ url }))).toEqual(urls.map(() => ({ action: 'deny' })));
    expect(opened).toEqual(['https://docs.lancedb.com/tables', 'https://github.com/lancedb/lance']);
  });
});

describe('one instance per user', () => {
  function fakeApp(gotLock: boolean) {
    const calls: string[] = [];
    const listeners = new Map<string, () => void>();
    const app = {
      requestSingleInstanceLock: () => gotLock,
      quit: () => void calls.push('quit'),
      on: (event: 'second-instance', listener: () => void) => void listeners.set(event, listener),
    };
    return { app, calls, listeners };
  }

  it('quits a second launch without touching the first', () => {
    const { app, calls, listeners } = fakeApp(false);
    expect(claimSingleInstance(app, () => calls.push('reveal'))).toBe(false);
    expect(calls).toEqual(['quit']);
    expect(listeners.size).toBe(0);
  });

  it('brings the first window forward when a second launch is made', () => {
    const { app, calls, listeners } = fakeApp(true);
    expect(claimSingleInstance(app, () => calls.push('reveal'))).toBe(true);
    expect(calls).toEqual([]);
    listeners.get('second-instance')!();
    expect(calls).toEqual(['reveal']);
  });

  it('restores a minimised window before focusing it', () => {
    const calls: string[] = [];
    const window = (minimized: boolean) => ({
      isMinimized: () => minimized,
      restore: () => void calls.push('restore'),
      focus: () => void calls.push('focus'),
    });
    revealWindow(window(true));
    revealWindow(window(false));
    revealWindow(undefined);
    expect(calls).toEqual(['restore', 'focus', 'focus']);
  });
});
