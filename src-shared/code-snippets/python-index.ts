/**
 * An index request as LanceDB Python's index configuration (`lancedb.index`), whose parameters
 * carry the contract's snake_case names already.
 */
import type { IndexRequest } from '../index-request';
import { pyValue } from './literals';

const CLASSES: Record<string, string> = {
  IVF_PQ: 'IvfPq',
  IVF_FLAT: 'IvfFlat',
  IVF_SQ: 'IvfSq',
  IVF_RQ: 'IvfRq',
  IVF_HNSW_FLAT: 'HnswFlat',
  IVF_HNSW_SQ: 'HnswSq',
  IVF_HNSW_PQ: 'HnswPq',
  BTREE: 'BTree',
  BITMAP: 'Bitmap',
  LABEL_LIST: 'LabelList',
  FTS: 'FTS',
};

/** Fields of a request that are not the configuration's parameters. */
const GENERAL = new Set(['column', 'index_type', 'name', 'branch', 'replace']);

/** The class to import and its constructor call, or undefined for a type Python has no class for. */
export function pythonIndexConfig(
  type: string,
  request: IndexRequest,
): { className: string; call: string } | undefined {
  const className = CLASSES[type];
  if (!className) return undefined;
  const args = Object.entries(request)
    .filter(([key, value]) => value !== undefined && !GENERAL.has(key) && /^[a-z_]+$/.test(key))
    .map(([key, value]) => `${key}=${pyValue(value)}`);
  return { className, call: `${className}(${args.join(', ')})` };
}
