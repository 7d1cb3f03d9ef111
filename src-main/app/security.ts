/**
 * The app window's security policy as data and pure checks: isolation and sandbox on, no Node in
 * the renderer, a strict CSP, no navigation away, no new windows, one allowlisted way out to the
 * browser and one permission. ./shell-policies shapes these into Electron's handlers; keeping the
 * decisions here, free of Electron, lets tests call them without Electron's runtime.
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

/** The renderer is the packaged index.html, so every file: URL is ours and nothing else is. */
export const APP_ORIGIN = 'file://';

/** Sites the app may open in the system browser; anything else is refused. */
export const EXTERNAL_ALLOWLIST = [
  'https://lancedb.com',
  'https://docs.lancedb.com',
  'https://lance.org',
  'https://github.com/lancedb',
];

/**
 * Chromium asks for this before every navigator.clipboard.writeText; refusing it would make each
 * Copy button in the renderer report "Copy failed". Nothing else the renderer does needs one.
 */
export const GRANTED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

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

/** A granted permission still goes only to our own top frame, never to a frame it embeds. */
export function isAllowedPermission(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean,
): boolean {
  return (
    isMainFrame &&
    requestingUrl !== undefined &&
    GRANTED_PERMISSIONS.includes(permission) &&
    isAllowedNavigation(requestingUrl, APP_ORIGIN)
  );
}
