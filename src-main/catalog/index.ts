/**
 * The catalog engine's public face: its entry points (connect.ts, the one file that picks a back
 * end) and the vocabulary its callers speak.
 */
export { connect, connectNamespace } from './connect';
export type { DirCatalog, RestCatalog, RestCatalogClient } from './connect';

export type {
  CatalogClient,
  TableHandle,
  TableDescription,
  NamespaceList,
  TableList,
} from './client';
export * from '../../src-shared/catalog-api';
export * from '../../src-shared/vocabulary/errors';
export * from '../../src-shared/vocabulary/ids';
export * from '../../src-shared/vocabulary/field-paths';
export * from '../../src-shared/index-request';
export * from '../../src-shared/index-advice';
export * from '../../src-shared/vocabulary/index-types/spec-table';
export * from '../../src-shared/vocabulary/index-types/spec-types';
export * from '../../src-shared/vocabulary/index-types/column-kinds';
export * from './schema-fields';
export type { TableData } from './arrow-data';
