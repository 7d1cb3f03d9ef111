/**
 * What each view is called, and the other words people look for it by, so the palette finds the
 * console for "query" or "sql" and the Versions tab for "history" (cmdk matches its keywords as
 * it matches the visible text).
 */
import type { TableTab } from '../state/deep-link';

export const TAB_WORDS: Record<TableTab, { label: string; keywords: string[] }> = {
  overview: { label: 'Overview', keywords: ['overview', 'summary', 'details', 'about'] },
  schema: { label: 'Schema', keywords: ['schema', 'columns', 'fields', 'types', 'add column'] },
  data: {
    label: 'Data',
    keywords: ['data', 'rows', 'records', 'grid', 'browse', 'filter', 'sort', 'edit'],
  },
  search: {
    label: 'Search',
    keywords: ['search', 'vector', 'nearest', 'similar', 'knn', 'full-text', 'fts', 'hybrid'],
  },
  map: {
    label: 'Map',
    keywords: ['map', 'embeddings', 'umap', 'pca', 'projection', 'clusters', 'scatter'],
  },
  indexes: {
    label: 'Indexes',
    keywords: ['indexes', 'index', 'indices', 'ivf', 'hnsw', 'btree', 'bitmap'],
  },
  versions: {
    label: 'Versions',
    keywords: ['versions', 'history', 'timeline', 'time travel', 'restore', 'branches', 'tags'],
  },
  storage: {
    label: 'Storage',
    keywords: ['storage', 'size', 'disk', 'fragments', 'compact', 'compaction', 'cleanup'],
  },
};

export const CONSOLE_WORDS = ['query', 'console', 'sql', 'select'];
export const IMPORT_WORDS = ['import', 'upload', 'load', 'csv', 'parquet', 'json', 'file'];
export const EXPORT_WORDS = ['export', 'download', 'save', 'csv', 'parquet', 'json'];
export const START_WORDS = ['start', 'home', 'welcome', 'recent'];
export const JOB_WORDS = ['jobs', 'progress', 'tasks', 'running', 'builds'];
export const CONNECTION_WORDS = ['connection', 'catalog', 'root', 'namespaces'];
