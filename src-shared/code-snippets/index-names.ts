/**
 * What an index request means once its defaults are filled in, for every language alike: its
 * canonical type, the name it will have, and whether it replaces one of that name.
 */
import { defaultIndexName, type IndexRequest } from '../index-request';
import { parseFieldPath } from '../vocabulary/field-paths';
import { findIndexSpec } from '../vocabulary/index-types/spec-table';

export interface ResolvedIndex {
  type: string;
  name: string;
  /** The engine's default is to replace, as LanceDB's is. */
  replace: boolean;
}

export function resolveIndex(request: IndexRequest): ResolvedIndex {
  let segments: string[];
  try {
    segments = parseFieldPath(request.column);
  } catch {
    segments = [request.column];
  }
  return {
    type: findIndexSpec(request.index_type)?.type ?? request.index_type.toUpperCase(),
    name: request.name ?? defaultIndexName(segments),
    replace: request.replace ?? true,
  };
}
