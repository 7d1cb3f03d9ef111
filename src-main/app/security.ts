/**
 * The app window's security policy, as data and pure checks, so that tests can assert it from
 * the code that builds the window: isolation and sandbox on, no Node in the renderer, a strict
 * CSP, no navigation away, no new windows, and one allowlisted way out to the browser.
 */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sites the app may open in the system browser; anything else is refused. */
export const EXTERNAL_ALLOWLIST = [
  'https://lancedb.com',
  'https://docs.lancedb.com',
  'https://lance.org',
  'https://github.com/lancedb',
];

export function isAllowedNavigation(url: string, appOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'file:' ? 'file://' : parsed.origin) === appOrigin;
  } catch {
    return false;
  }
}

export function isAllowedExternal(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return false;
    return EXTERNAL_ALLOWLIST.some((allowed) => url === allowed || url.startsWith(`${allowed}/`));
  } catch {
    return false;
  }
}
