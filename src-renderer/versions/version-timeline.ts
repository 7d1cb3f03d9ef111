/**
 * A table's versions as the timeline shows them: newest first, each with what its commit did in
 * plain words, the rows and bytes Lance recorded for it, and the change in rows from the version
 * before. Row and byte totals come from the version's own metadata (`total_rows`,
 * `total_files_size`, which LanceDB writes with every version), so the timeline reads no rows.
 */
import type { TransactionInfo, VersionInfo } from '../../src-shared/catalog-api';
import { versionDataBytes } from '../../src-shared/table-sizes';

export interface TimelineEntry {
  version: number;
  timestampMillis: number;
  /** What the commit did; undefined until its transaction has been read. */
  operation: string | undefined;
  /** A detail of it: the index built, the version restored, the delete's filter. */
  detail: string | undefined;
  /** The commit changed the columns. */
  schemaChange: boolean;
  rows: number | undefined;
  /** Rows against the version before; undefined for the first or when either total is unknown. */
  rowsDelta: number | undefined;
  bytes: number | undefined;
  deletedRows: number | undefined;
  fragments: number | undefined;
}

function count(metadata: Record<string, string>, key: string): number | undefined {
  const value = metadata[key];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function describeOperation(
  t: TransactionInfo,
  isFirst: boolean,
): { operation: string; detail: string | undefined; schemaChange: boolean } {
  switch (t.operation) {
    case 'append':
      return { operation: 'Append', detail: undefined, schemaChange: false };
    case 'delete':
      return {
        operation: 'Delete',
        detail: t.predicate && `where ${t.predicate}`,
        schemaChange: false,
      };
    case 'overwrite':
      return isFirst
        ? { operation: 'Create', detail: undefined, schemaChange: false }
        : { operation: 'Overwrite', detail: 'every row replaced', schemaChange: true };
    case 'create_index': {
      const added = t.indexesAdded ?? [];
      const removed = (t.indexesRemoved ?? []).filter((name) => !added.includes(name));
      if (added.length === 0 && removed.length > 0) {
        return { operation: 'Drop index', detail: removed.join(', '), schemaChange: false };
      }
      const rebuilt = added.filter((name) => (t.indexesRemoved ?? []).includes(name));
      return {
        operation: rebuilt.length === added.length && added.length > 0 ? 'Index update' : 'Index',
        detail: added.join(', ') || undefined,
        schemaChange: false,
      };
    }
    case 'rewrite':
      return { operation: 'Compaction', detail: undefined, schemaChange: false };
    case 'merge':
    case 'project':
      return { ...describeColumns(t), schemaChange: true };
    case 'restore':
      return {
        operation: 'Restore',
        detail: t.restoredVersion !== undefined ? `of version ${t.restoredVersion}` : undefined,
        schemaChange: false,
      };
    case 'update':
      return { operation: 'Update', detail: undefined, schemaChange: false };
    case 'update_config':
      return { operation: 'Metadata', detail: undefined, schemaChange: false };
    case 'data_replacement':
      return { operation: 'Column data replaced', detail: undefined, schemaChange: false };
    case 'clone':
      return { operation: 'Branch created', detail: undefined, schemaChange: false };
    case 'unknown':
      return { operation: 'Unknown', detail: 'its transaction is gone', schemaChange: false };
    default:
      return { operation: t.operation.replace(/_/g, ' '), detail: undefined, schemaChange: false };
  }
}

/**
 * A schema commit in the words of what it did to the columns, when the engine read them (see
 * TransactionInfo.columns); otherwise the operation's own name, which covers both of its kinds.
 */
function describeColumns(t: TransactionInfo): { operation: string; detail: string | undefined } {
  const c = t.columns;
  const list = (paths: string[]) => paths.join(', ');
  if (c) {
    const parts: Array<{ operation: string; detail: string }> = [];
    if (c.retyped.length > 0) {
      parts.push({
        operation: c.retyped.length === 1 ? 'Change column type' : 'Change column types',
        detail: c.retyped.map((r) => `${r.path}: ${r.from} → ${r.to}`).join(', '),
      });
    }
    if (c.added.length > 0) {
      parts.push({
        operation: c.added.length === 1 ? 'Add column' : 'Add columns',
        detail: list(c.added),
      });
    }
    if (c.renamed.length > 0) {
      parts.push({
        operation: c.renamed.length === 1 ? 'Rename column' : 'Rename columns',
        detail: c.renamed.map((r) => `${r.from} → ${r.to}`).join(', '),
      });
    }
    if (c.dropped.length > 0) {
      parts.push({
        operation: c.dropped.length === 1 ? 'Drop column' : 'Drop columns',
        detail: list(c.dropped),
      });
    }
    if (parts.length > 0) {
      return {
        operation: parts.map((p) => p.operation).join(' and '),
        detail: parts.map((p) => p.detail).join('; '),
      };
    }
  }
  return t.operation === 'merge'
    ? { operation: 'Add or change columns', detail: undefined }
    : { operation: 'Drop or rename columns', detail: undefined };
}

const FIRST_VERSION = 1;

/** Newest first. `transactions` may hold any subset; the others show as not yet read. */
export function timelineOf(
  versions: readonly VersionInfo[],
  transactions: ReadonlyMap<number, TransactionInfo>,
): TimelineEntry[] {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  const entries = ordered.map((v, i): TimelineEntry => {
    const rows = count(v.metadata, 'total_rows');
    const before = i > 0 ? count(ordered[i - 1]!.metadata, 'total_rows') : undefined;
    const t = transactions.get(v.version);
    // A table is made at version 1: an overwrite there is its creation, wherever the list starts
    // (old versions cleaned up, or only the newest window read).
    const described = t ? describeOperation(t, v.version === FIRST_VERSION) : undefined;
    return {
      version: v.version,
      timestampMillis: v.timestampMillis,
      operation: described?.operation,
      detail: described?.detail,
      schemaChange: described?.schemaChange ?? false,
      rows,
      rowsDelta: rows !== undefined && before !== undefined ? rows - before : undefined,
      bytes: versionDataBytes(v),
      deletedRows: count(v.metadata, 'total_deletion_file_rows'),
      fragments: count(v.metadata, 'total_fragments'),
    };
  });
  return entries.reverse();
}
