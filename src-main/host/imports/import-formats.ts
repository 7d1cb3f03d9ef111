/**
 * Which files an import reads, by their extension: one table for the format detection and for
 * the file browser, which lists only these.
 */
import { extname } from 'node:path';
import type { ImportFormat } from './source';

const BY_EXTENSION: Record<string, ImportFormat> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.tab': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.parquet': 'parquet',
  '.pq': 'parquet',
  '.arrow': 'arrow',
  '.arrows': 'arrow',
  '.ipc': 'arrow',
  '.feather': 'arrow',
};

export function formatOfName(name: string): ImportFormat | undefined {
  return BY_EXTENSION[extname(name).toLowerCase()];
}

export function isImportableName(name: string): boolean {
  return formatOfName(name) !== undefined;
}

/** The extensions without their dots, for a native dialog's filter. */
export const IMPORT_EXTENSIONS = Object.keys(BY_EXTENSION).map((ext) => ext.slice(1));
