/**
 * A root-level table that lives somewhere other than `<name>.lance`, found through its manifest
 * row. The contract lets RegisterTable adopt any relative location; LanceDB's directory namespace
 * in its compatibility mode (the connection the catalog uses, so that plain `<name>.lance`
 * folders keep working) looks a root-level table up only by that folder when opening or
 * writing it, although it drops one by its row. So an open or a create that the compatibility
 * connection answers with "not found" for a root-level id is asked again of a second connection
 * on the same root that reads only the manifest (`dir_listing_enabled=false`), which is how
 * LanceDB finds every table below the root. That connection is made on first need.
 */
import * as lancedb from '@lancedb/lancedb';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { mapLanceError } from '../lance-errors';

export function withRootTablesByManifest(
  compat: lancedb.Connection,
  properties: Record<string, string>,
  options: Partial<lancedb.ConnectNamespaceOptions>,
): lancedb.Connection {
  let byManifest: Promise<lancedb.Connection> | undefined;
  const manifestOnly = () =>
    (byManifest ??= lancedb.connectNamespace(
      'dir',
      { ...properties, dir_listing_enabled: 'false' },
      options,
    ));

  /** Runs `call` on the compatibility connection, and on the manifest's after its "not found". */
  async function rootAware<T>(
    namespacePath: readonly string[] | undefined,
    call: (db: lancedb.Connection) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(compat);
    } catch (error) {
      if ((namespacePath?.length ?? 0) > 0) throw error;
      if (mapLanceError(error).code !== ERROR_CODES.TableNotFound) throw error;
      // Where the manifest has no such row either, the first answer is the one to give.
      return call(await manifestOnly()).catch(() => Promise.reject(error as Error));
    }
  }

  return new Proxy(compat, {
    get(target, property, receiver) {
      switch (property) {
        case 'openTable':
          return (name: string, namespacePath?: string[], ...rest: unknown[]) =>
            rootAware(namespacePath, (db) =>
              (db.openTable as (...a: unknown[]) => Promise<lancedb.Table>)(
                name,
                namespacePath,
                ...rest,
              ),
            );
        case 'createTable':
        case 'createEmptyTable':
          return (name: string, data: unknown, namespacePath?: string[], ...rest: unknown[]) =>
            rootAware(namespacePath, (db) =>
              (db[property] as (...a: unknown[]) => Promise<lancedb.Table>)(
                name,
                data,
                namespacePath,
                ...rest,
              ),
            );
        case 'close':
          return () => {
            target.close();
            void byManifest?.then((db) => db.close()).catch(() => undefined);
          };
        default: {
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        }
      }
    },
  });
}
