/**
 * A namespace copied with everything under it: each child namespace made on the target (kept if it
 * is there already), then each table copied as copy-table.ts copies one, in the order a listing
 * gives them. A failure stops at that table; the ones before it are whole, and it can be resumed.
 */
import type { CatalogClient } from '../client';
import { collectPages } from '../../../src-shared/vocabulary/pagination';
import { copyTable, type CopyOptions, type CopyProgress, type CopyResult } from './copy-table';

export interface NamespaceEndpoint {
  catalog: CatalogClient;
  namespacePath: string[];
  /** The root or URL, for the copies' `copied_from` and messages. */
  location: string;
}

export interface NamespaceCopyProgress extends CopyProgress {
  table: string;
  tablesDone: number;
}

export interface NamespaceCopyResult {
  tables: Array<{ path: string[]; name: string } & CopyResult>;
}

/** How a copy names a table: its catalog's location, `#`, and its id joined by `/`. */
export function tableLabel(location: string, path: readonly string[], name: string): string {
  return `${location}#${[...path, name].join('/')}`;
}

export async function copyNamespace(
  source: NamespaceEndpoint,
  target: NamespaceEndpoint,
  options: Omit<CopyOptions, 'onProgress'> & {
    onProgress?: (progress: NamespaceCopyProgress) => void;
  },
): Promise<NamespaceCopyResult> {
  // The whole source tree is listed before anything is made, so that a copy into the source's
  // own subtree (a to a/b) copies what was there, and does not find its own copies to copy again.
  const plan: Array<{ relative: string[]; names: string[] }> = [];
  const list = async (relative: string[]): Promise<void> => {
    const from = [...source.namespacePath, ...relative];
    const names = await collectPages((pageToken) =>
      source.catalog
        .listTables(from, pageToken ? { pageToken } : {})
        .then((r) => ({ items: r.tables, ...(r.pageToken ? { pageToken: r.pageToken } : {}) })),
    );
    plan.push({ relative, names });
    const children = await collectPages((pageToken) =>
      source.catalog
        .listNamespaces(from, pageToken ? { pageToken } : {})
        .then((r) => ({ items: r.namespaces, ...(r.pageToken ? { pageToken: r.pageToken } : {}) })),
    );
    for (const child of children) await list([...relative, child]);
  };
  await list([]);

  const tables: NamespaceCopyResult['tables'] = [];
  for (const { relative, names } of plan) {
    const from = [...source.namespacePath, ...relative];
    const to = [...target.namespacePath, ...relative];
    if (to.length > 0) await target.catalog.createNamespace(to, { mode: 'exist_ok' });
    for (const name of names) {
      // Resuming a namespace: the tables the stopped run never reached are copied afresh.
      const resume = options.resume === true && (await target.catalog.tableExists(name, to));
      const result = await copyTable(
        {
          catalog: source.catalog,
          namespacePath: from,
          name,
          label: tableLabel(source.location, from, name),
        },
        {
          catalog: target.catalog,
          namespacePath: to,
          name,
          label: tableLabel(target.location, to, name),
        },
        {
          ...options,
          resume,
          onProgress: (p) =>
            options.onProgress?.({
              ...p,
              table: [...to, name].join('/'),
              tablesDone: tables.length,
            }),
        },
      );
      tables.push({ path: to, name, ...result });
    }
  }
  return { tables };
}
