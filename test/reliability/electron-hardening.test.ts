/**
 * Electron hardening, checked from the code that builds the window and the IPC gate (Electron's
 * runtime cannot be downloaded here, so the shell itself does not run). The basics are in
 * test/unit/app/security.test.ts (preferences, CSP, the window wiring in main.ts) and
 * test/unit/ipc/ipc-router.test.ts (the gate on one channel); this adds what a reviewer would
 * ask next: every hardening preference, every CSP directive, generated navigation and open
 * attempts, and the gate on every procedure channel with every kind of foreign sender.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  EXTERNAL_ALLOWLIST,
  isAllowedExternal,
  isAllowedNavigation,
  WEB_PREFERENCES,
} from '../../src-main/app/security';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import {
  isTrustedSender,
  registerIpc,
  rpcChannel,
  type IpcInvokeEventLike,
  type IpcMainLike,
} from '../../src-main/ipc/ipc-router';
import { PROCEDURES, type ProcedureName } from '../../src-shared/studio-procedures';
import { reportFigures } from '../support/reliability-scale';

const MAIN = readFileSync(join(__dirname, '../../src-main/app/main.ts'), 'utf8');
const OUR_WINDOW = { webContentsId: 7, origin: 'file://' };
const OURS: IpcInvokeEventLike = {
  sender: { id: 7 },
  senderFrame: { url: 'file:///app/renderer/index.html', parent: null },
};

describe('the window', () => {
  it('turns on every isolation setting and off every way into Node', () => {
    expect(WEB_PREFERENCES).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
    // Spread first, then only the preload path: nothing in main.ts overrides a setting.
    expect(MAIN).toContain(
      "webPreferences: { ...WEB_PREFERENCES, preload: join(__dirname, 'preload.cjs') }",
    );
  });

  it('serves a CSP that allows only its own files', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    for (const [name, values] of directives) {
      for (const value of values) {
        expect(value, `${name} allows ${value}`).not.toMatch(
          /^(\*|https?:|ws:|wss:|'unsafe-eval')/,
        );
      }
    }
    expect(MAIN).toContain("'Content-Security-Policy': [CONTENT_SECURITY_POLICY]");
  });

  it('denies every new window and navigates nowhere but its own origin', () => {
    // The only answer the open handler gives is deny; allowed links go to the system browser.
    const handler = /setWindowOpenHandler\(([\s\S]*?)\n {2}\}\);/.exec(MAIN)?.[1] ?? '';
    expect(handler).toContain("return { action: 'deny' }");
    expect(handler).not.toContain("'allow'");
    expect(MAIN).toMatch(
      /will-navigate[\s\S]*?if \(!isAllowedNavigation\(url, APP_ORIGIN\)\) event\.preventDefault\(\)/,
    );

    let checked = 0;
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        checked += 1;
        expect(isAllowedNavigation(url, 'file://')).toBe(false);
        const allowed = isAllowedExternal(url);
        const listed = EXTERNAL_ALLOWLIST.some((a) => url === a || url.startsWith(`${a}/`));
        expect(allowed).toBe(listed && url.startsWith('https://'));
      }),
      { numRuns: 500, seed: 7 },
    );
    for (const sneaky of [
      'https://lancedb.com.evil.example/',
      'https://lancedb.com@evil.example/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://lancedb.com/',
      'https://github.com/lancedbx',
    ])
      expect(isAllowedExternal(sneaky), sneaky).toBe(false);
    expect(checked).toBe(500);
  });
});

describe('the IPC gate on every procedure', () => {
  let dir: string;
  let host: Host;
  const handlers = new Map<
    string,
    (event: IpcInvokeEventLike, input: unknown) => Promise<unknown>
  >();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener as never),
    removeHandler: (channel) => void handlers.delete(channel),
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cs-gate-'));
    host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 's.json')),
    });
    registerIpc(
      ipcMain,
      host,
      () => OUR_WINDOW,
      () => undefined,
    );
  });
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const FOREIGN: Array<[string, IpcInvokeEventLike]> = [
    ['another webContents', { ...OURS, sender: { id: 8 } }],
    ['a subframe', { ...OURS, senderFrame: { url: 'file:///app/x.html', parent: {} } }],
    ['another origin', { ...OURS, senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a destroyed frame', { ...OURS, senderFrame: null }],
    ['a data: URL', { ...OURS, senderFrame: { url: 'data:text/html,x', parent: null } }],
  ];

  it('refuses every foreign sender on every channel, before the input is even read', async () => {
    const names = Object.keys(PROCEDURES) as ProcedureName[];
    expect(names.length).toBeGreaterThan(20);
    let refusals = 0;
    for (const name of names) {
      const handler = handlers.get(rpcChannel(name));
      expect(handler, name).toBeDefined();
      for (const [label, event] of FOREIGN) {
        // Deliberately invalid input: a gate that looked at it first would answer InvalidInput.
        const reply = await handler!(event, { bogus: true });
        expect(reply, `${name} from ${label}`).toMatchObject({
          ok: false,
          error: { code: 15, name: 'PermissionDenied' },
        });
        refusals += 1;
      }
    }
    expect(isTrustedSender(OURS, OUR_WINDOW)).toBe(true);
    reportFigures('electron-gate', { procedures: names.length, refusals });
  });
});
