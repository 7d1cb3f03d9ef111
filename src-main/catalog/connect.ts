/**
 * The composition root: the one file of the engine that picks a back end, so the rest of the core
 * stands on none (the `engine core` row of eslint-rules/layers.mjs). Entry points named as in the
 * specification: `connect(rootPath)` for a local folder, `connectNamespace(implName, properties)`
 * by name. Both hand out the catalog behind its argument checks (validated-client.ts).
 */
import type { CatalogClient } from './client';
import { errors } from '../../src-shared/vocabulary/errors';
import { openDirCatalog, type DirCatalogOptions } from './dir/dir-catalog';
import { openRestCatalog } from './rest/rest-catalog';

// The back ends' classes as types only: a catalog is made by connect() or connectNamespace().
export type { DirCatalog } from './dir/dir-catalog';
export type { RestCatalog, RestCatalogClient } from './rest/rest-catalog';

/** The directory catalog at `rootPath`, created if missing. */
export function connect(rootPath: string, options?: DirCatalogOptions): Promise<CatalogClient> {
  return openDirCatalog(rootPath, options);
}

/**
 * A catalog through a named implementation: `dir` takes `root`; `rest` takes `uri`,
 * `headers.<Name>`, `delimiter`, `tls.ssl_ca_cert`, `timeout_ms` and `retries`.
 */
export async function connectNamespace(
  implName: string,
  properties: Record<string, string>,
): Promise<CatalogClient> {
  switch (implName) {
    case 'dir': {
      const root = properties.root;
      if (typeof root !== 'string' || root.trim() === '') {
        throw errors.InvalidInput('The dir implementation needs the property "root"');
      }
      return openDirCatalog(root);
    }
    case 'rest':
      return openRestCatalog(properties);
    default:
      throw errors.Unsupported(
        `Unknown namespace implementation ${JSON.stringify(implName)}; use "dir" or "rest"`,
      );
  }
}
