/** The window's security policy, asserted from the code that builds the window. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  isAllowedExternal,
  isAllowedNavigation,
  WEB_PREFERENCES,
} from '../../../src-main/app/security';

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

  it('uses these preferences, the CSP and the guards when it builds the window', () => {
    const main = readFileSync(join(__dirname, '../../../src-main/app/main.ts'), 'utf8');
    expect(main).toContain('webPreferences: { ...WEB_PREFERENCES');
    expect(main).toContain("'Content-Security-Policy': [CONTENT_SECURITY_POLICY]");
    expect(main).toContain("return { action: 'deny' }");
    expect(main).toMatch(/will-navigate[\s\S]*isAllowedNavigation/);
    expect(main).toContain('requestSingleInstanceLock');
  });

  it('has a strict CSP', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('denies navigation away from the app and external links outside the allowlist', () => {
    expect(isAllowedNavigation('file:///app/index.html', 'file://')).toBe(true);
    expect(isAllowedNavigation('https://evil.example/', 'file://')).toBe(false);
    expect(isAllowedNavigation('not a url', 'file://')).toBe(false);
    expect(isAllowedExternal('https://lancedb.com/docs')).toBe(true);
    expect(isAllowedExternal('https://lancedb.com.evil.example/')).toBe(false);
    expect(isAllowedExternal('http://lancedb.com/')).toBe(false);
    expect(isAllowedExternal('file:///etc/passwd')).toBe(false);
  });
});
