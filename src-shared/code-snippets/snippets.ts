/**
 * "Show code": an action the app performs, as the same action in TypeScript (`@lancedb/lancedb`),
 * Python (`lancedb`) and a `curl` call to the REST routes our server implements.
 */
import type { CodeAction, CodeSnippets, SnippetConnection } from './actions';
import { curlSnippet } from './curl-snippet';
import { pythonSnippet } from './python-snippet';
import { typescriptSnippet } from './typescript-snippet';

export type { CodeAction, CodeSnippets, SnippetConnection } from './actions';
export { DEFAULT_SERVE_URL } from './serve-url';

export function codeFor(action: CodeAction, connection: SnippetConnection): CodeSnippets {
  return {
    typescript: typescriptSnippet(action, connection),
    python: pythonSnippet(action, connection),
    curl: curlSnippet(action, connection),
  };
}
