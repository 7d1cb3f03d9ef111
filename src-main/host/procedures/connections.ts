/** Opening, testing, closing and remembering connections. */
import { connect } from '../../catalog';
import type { ObjectStoreSettings } from '../../../src-shared/studio-procedures';
import { errors } from '../../../src-shared/vocabulary/errors';
import { testRemote } from '../connection-test';
import { keysToSecrets, resolveObjectStoreKeys, secretsToKeys } from '../object-store-credentials';
import {
  checkObjectStoreUri,
  objectStoreStorageOptions,
  recentObjectStore,
} from '../object-store-options';
import { testObjectStore } from '../object-store-test';
import type { HandlersFor, HostContext } from './context';
import { storeStatusOf, watchStoreStatus } from '../store-status';

type Names =
  | 'connections:list-open'
  | 'connections:list-recent'
  | 'connections:open-folder'
  | 'connections:connect-url'
  | 'connections:test'
  | 'connections:close'
  | 'connections:store-status'
  | 'connections:forget-recent';

export function connectionsProcedures(ctx: HostContext): HandlersFor<Names> {
  const c = ctx.connections;
  /** Each open object store's status, pushed to the renderer as it changes. */
  const statusWatches = new Map<string, () => void>();

  async function storedSecrets(
    url: string,
  ): Promise<{ apiKey?: string; bearerToken?: string; headers?: Record<string, string> }> {
    const stored = await ctx.secrets.get(url);
    if (!stored) return {};
    return {
      ...(stored.apiKey ? { apiKey: stored.apiKey } : {}),
      ...(stored.bearerToken ? { bearerToken: stored.bearerToken } : {}),
      ...(stored.headers ? { headers: JSON.parse(stored.headers) as Record<string, string> } : {}),
    };
  }

  /** The root and storage options of an object-store connection, its keys resolved. */
  async function objectStoreOpening(settings: ObjectStoreSettings) {
    const uri = checkObjectStoreUri(settings.uri);
    const keys = await resolveObjectStoreKeys(uri, settings.credentials, async () =>
      secretsToKeys(await ctx.secrets.get(uri)),
    );
    return { uri, keys, storageOptions: objectStoreStorageOptions(settings, keys) };
  }

  async function openObjectStore(
    settings: ObjectStoreSettings,
    display: { name?: string; color?: string; readOnly?: boolean },
  ) {
    const { uri, keys, storageOptions } = await objectStoreOpening(settings);
    const connection = await c.openObjectStore(uri, storageOptions, display);
    ctx.names.refresh(connection.id, c.get(connection.id).catalog);
    statusWatches.set(
      connection.id,
      watchStoreStatus(connection, (status) =>
        ctx.emit('connections:store-status', { connectionId: connection.id, ...status }),
      ),
    );
    // Only typed keys are kept: a profile is read again each time, and keys left from an earlier
    // choice of credentials for this URI would only be a secret kept for nothing.
    const typed = settings.credentials.source === 'keys' && keys;
    if (typed) await ctx.secrets.set(uri, keysToSecrets(keys));
    else await ctx.secrets.delete(uri);
    ctx.recent.remember({
      kind: 'object-store',
      name: connection.name,
      target: uri,
      color: connection.color,
      readOnly: connection.readOnly,
      lastOpenedAt: Date.now(),
      hasSecrets: Boolean(typed),
      objectStore: recentObjectStore(settings),
    });
    ctx.emit('connections:changed', {});
    return connection;
  }

  return {
    'connections:list-open': async () => c.list(),
    'connections:list-recent': async () => ctx.recent.list(),
    'connections:open-folder': async ({ path, create, ...display }) => {
      const connection = await c.openFolder(path, create ?? false, display);
      ctx.names.refresh(connection.id, c.get(connection.id).catalog);
      ctx.recent.remember({
        kind: 'folder',
        name: connection.name,
        target: connection.target,
        color: connection.color,
        readOnly: connection.readOnly,
        lastOpenedAt: Date.now(),
        hasSecrets: false,
      });
      ctx.emit('connections:changed', {});
      return connection;
    },
    'connections:connect-url': async ({ name, color, readOnly, ...given }) => {
      if ('kind' in given) return openObjectStore(given, { name, color, readOnly });
      // Reopening a recent connection sends only its URL: the stored secrets fill the rest,
      // so they never have to cross to the renderer.
      const settings =
        given.apiKey || given.bearerToken || given.headers
          ? given
          : { ...given, ...(await storedSecrets(given.url)) };
      // Opening a REST catalog sends nothing, so an address that is no catalog would be kept
      // and fail later as refused credentials; the test's one request tells it now.
      const probe = await testRemote(settings);
      if (probe.notCatalog) throw errors.InvalidInput(probe.message);
      const connection = await c.connectUrl(settings, { name, color, readOnly });
      ctx.names.refresh(connection.id, c.get(connection.id).catalog);
      const secrets = Object.fromEntries(
        Object.entries({
          apiKey: settings.apiKey,
          bearerToken: settings.bearerToken,
          headers: settings.headers ? JSON.stringify(settings.headers) : undefined,
        }).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      if (Object.keys(secrets).length > 0) await ctx.secrets.set(settings.url, secrets);
      ctx.recent.remember({
        kind: 'remote',
        name: connection.name,
        target: settings.url,
        color: connection.color,
        readOnly: connection.readOnly,
        lastOpenedAt: Date.now(),
        hasSecrets: Object.keys(secrets).length > 0,
      });
      ctx.emit('connections:changed', {});
      return connection;
    },
    'connections:test': async (settings) =>
      'kind' in settings
        ? testObjectStore(settings.uri, async () => {
            const { uri, storageOptions } = await objectStoreOpening(settings);
            return connect(uri, { storageOptions });
          })
        : testRemote(settings),
    'connections:close': async ({ connectionId }) => {
      statusWatches.get(connectionId)?.();
      statusWatches.delete(connectionId);
      await ctx.served.stopFor(connectionId);
      await ctx.names.forget(connectionId);
      await c.close(connectionId);
      ctx.emit('connections:changed', {});
      return {};
    },
    'connections:store-status': async ({ connectionId }) => storeStatusOf(c.get(connectionId)),
    'connections:forget-recent': async ({ target }) => {
      ctx.recent.forget(target);
      await ctx.secrets.delete(target);
      return {};
    },
  };
}
