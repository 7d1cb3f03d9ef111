/**
 * The serving capability the app's host is given (host/serving/serving.ts): one catalog served by
 * the same server as `catalog-studio serve` (build-server.ts), on the address the user chose,
 * with a generated key, an auth file of the `serve --auth` format, or no auth.
 */
import type { CatalogClient } from '../catalog/client';
import { errors } from '../../src-shared/vocabulary/errors';
import { Authenticator } from './auth/authenticator';
import { loadAuthFile, type AuthConfig } from './auth/auth-config';
import { buildServer } from './build-server';

export interface CatalogServingRequest {
  catalog: CatalogClient;
  host: string;
  port: number;
  access:
    | { kind: 'none' }
    | { kind: 'key'; apiKey: string; role: 'reader' | 'admin' }
    | { kind: 'file'; path: string };
  readOnly: boolean;
  onRequest: (status: number) => void;
}

function authenticatorFor(access: CatalogServingRequest['access']): Authenticator | undefined {
  if (access.kind === 'none') return undefined;
  if (access.kind === 'key') {
    const config: AuthConfig = {
      principals: [{ name: 'studio-key', api_keys: [access.apiKey], role: access.role }],
    };
    return new Authenticator(config);
  }
  const { config, jwks } = loadAuthFile(access.path);
  return new Authenticator(config, jwks);
}

export const catalogServing = {
  async listen(request: CatalogServingRequest): Promise<{ port: number; close(): Promise<void> }> {
    const authenticator = authenticatorFor(request.access);
    const app = buildServer({
      databases: new Map([['default', request.catalog]]),
      defaultDatabase: 'default',
      ...(authenticator ? { authenticator } : {}),
      readOnly: request.readOnly,
      accessLog: (entry) => request.onRequest(entry.status),
    });
    const { host, port } = request;
    try {
      await app.listen({ host, port });
    } catch (cause) {
      await app.close();
      const code = (cause as { code?: string }).code;
      throw errors.InvalidInput(
        code === 'EADDRINUSE'
          ? `Port ${port} on ${host} is already in use; choose another (0 picks a free one)`
          : `Could not listen on ${host}:${port}: ${(cause as Error).message}`,
      );
    }
    const address = app.server.address();
    return {
      port: typeof address === 'object' && address ? address.port : port,
      close: () => app.close(),
    };
  },
};
