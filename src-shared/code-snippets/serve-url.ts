/**
 * Where `catalog-studio serve` listens unless told otherwise (src-main/cli/serve.ts): snippets
 * that need the server for a folder (a curl call, a rename) address it here.
 */
export const DEFAULT_SERVE_URL = 'http://127.0.0.1:2333';

/** The command that serves a folder or object-store catalog there. */
export function serveCommand(uri: string, quote: (text: string) => string): string {
  return `catalog-studio serve --root ${quote(uri)}`;
}
