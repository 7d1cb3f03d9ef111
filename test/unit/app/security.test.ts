/** The window's security policy as data and pure checks; the Electron-shaped handlers are in shell-policies.test.ts. */
import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  isAllowedExternal,
  isAllowedNavigation,
  isAllowedPermission,
  WEB_PREFERENCES,
} from '../../../src-main/app/security';

const APP_PAGE = 'file:///opt/Catalog Studio/resources/app.asar/dist/renderer/index.html';

describe('window security policy', () => {
  it('isolates and sandboxes the renderer without Node', () => {
    expect(WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
    });
  });

  it('has a strict CSP', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('denies navigation away from the app and external links outside the allowlist', () => {
    expect(APP_ORIGIN).toBe('file://');
    expect(isAllowedNavigation(APP_PAGE, APP_ORIGIN)).toBe(true);
    expect(isAllowedNavigation('https://evil.example/', APP_ORIGIN)).toBe(false);
    expect(isAllowedNavigation('not a url', APP_ORIGIN)).toBe(false);
    expect(isAllowedExternal('https://lancedb.com/docs')).toBe(true);
    expect(isAllowedExternal('https://lancedb.com.evil.example/')).toBe(false);
    expect(isAllowedExternal('http://lancedb.com/')).toBe(false);
    expect(isAllowedExternal('file:///etc/passwd')).toBe(false);
  });

  it('grants clipboard writes to its own top frame and nothing else to anyone', () => {
    expect(isAllowedPermission('clipboard-sanitized-write', APP_PAGE, true)).toBe(true);
    // The same permission from a frame the page embeds, from the web, or from nowhere known.
    expect(isAllowedPermission('clipboard-sanitized-write', APP_PAGE, false)).toBe(false);
    expect(isAllowedPermission('clipboard-sanitized-write', 'https://evil.example/', true)).toBe(
      false,
    );
    expect(isAllowedPermission('clipboard-sanitized-write', undefined, true)).toBe(false);
    expect(isAllowedPermission('clipboard-sanitized-write', 'not a url', true)).toBe(false);
    // Reading the clipboard is a different permission, and refused even to the app.
    expect(isAllowedPermission('clipboard-read', APP_PAGE, true)).toBe(false);
    expect(isAllowedPermission('media', APP_PAGE, true)).toBe(false);
  });
});
