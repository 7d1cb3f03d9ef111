/**
 * A copy between two open connections, as a job of the app: a table or a namespace with
 * everything under it, from one connection to another (or within one), with rows done as its
 * progress and cancel between chunks. What a copy does is src-main/catalog/copy; this names the
 * two sides after the connections (their folder, store or URL and the id), so that a later run can
 * resume or remove it.
 */
import type { CatalogClient } from '../../catalog/client';
import type { JobRegistry } from '../../catalog/jobs/job-registry';
import { copyTable, removePartialCopy, type CopyMode } from '../../catalog/copy/copy-table';
import { copyNamespace, tableLabel } from '../../catalog/copy/copy-namespace';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';

export interface CopySide {
  catalog: CatalogClient;
  /** The connection's folder, store URI or URL. */
  location: string;
  path: string[];
  /** A table; absent for a namespace. */
  table?: string | undefined;
}

export interface CopyJobRequest {
  mode: CopyMode;
  indexes: boolean;
  resume: boolean;
}

export function startCopy(
  jobs: JobRegistry,
  source: CopySide,
  target: CopySide,
  request: CopyJobRequest,
): JobRecord {
  if ((source.table === undefined) !== (target.table === undefined)) {
    throw errors.InvalidInput('Copy a table to a table, or a namespace to a namespace');
  }
  const from = describe(source);
  const to = describe(target);
  return jobs.submit({
    kind: 'copy',
    target: {
      namespacePath: [...target.path],
      table: target.table ?? '',
      params: { from, to, mode: request.mode },
    },
    run: async ({ signal, update }) => {
      update({ phase: 'copying' });
      const options = {
        mode: request.mode,
        indexes: request.indexes,
        resume: request.resume,
        signal,
      };
      const report = (phase: string, p: { rowsDone: number; rowsTotal: number }) =>
        update({ phase, progress: { rowsDone: p.rowsDone, rowsTotal: p.rowsTotal } });
      if (source.table !== undefined && target.table !== undefined) {
        if (target.path.length > 0) {
          await target.catalog.createNamespace(target.path, { mode: 'exist_ok' });
        }
        await copyTable(endpoint(source), endpoint(target), {
          ...options,
          onProgress: (p) =>
            report(p.phase === 'indexes' ? `building index ${p.index}` : p.phase, p),
        });
        return;
      }
      await copyNamespace(
        { catalog: source.catalog, namespacePath: source.path, location: source.location },
        { catalog: target.catalog, namespacePath: target.path, location: target.location },
        { ...options, onProgress: (p) => report(`${p.table}: ${p.phase}`, p) },
      );
    },
  });
}

export function removePartial(source: CopySide, target: CopySide): Promise<void> {
  if (source.table === undefined || target.table === undefined) {
    throw errors.InvalidInput('A partial copy is removed table by table');
  }
  return removePartialCopy(endpoint(source), endpoint(target));
}

function endpoint(side: CopySide) {
  return {
    catalog: side.catalog,
    namespacePath: side.path,
    name: side.table!,
    label: tableLabel(side.location, side.path, side.table!),
  };
}

function describe(side: CopySide): string {
  return side.table === undefined
    ? `${side.location}#${side.path.join('/')}/`
    : tableLabel(side.location, side.path, side.table);
}
