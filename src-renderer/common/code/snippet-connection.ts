/**
 * The connection as the code snippets address it. The renderer never holds a secret, so a remote
 * connection's snippets read the key from the environment; its header is the API key's, the
 * contract's usual one (a bearer token's users change one word).
 */
import type { SnippetConnection } from '../../../src-shared/code-snippets/actions';
import type { Connection } from '../../../src-shared/studio-procedures';

export function snippetConnection(connection: Connection): SnippetConnection {
  if (connection.kind === 'remote')
    return { kind: 'remote', url: connection.target, authHeader: 'x-api-key' };
  return {
    kind: connection.kind === 'object-store' ? 'object-store' : 'folder',
    uri: connection.target,
  };
}
