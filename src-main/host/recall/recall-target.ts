/**
 * What a recall check measures: the vector column and the one vector index on it, found and
 * checked before any search runs, so a wrong column or index fails at once and by name.
 */
import type { TableHandle } from '../../catalog/client';
import type { IndexInfo } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { findIndexSpec } from '../../../src-shared/vocabulary/index-types/spec-table';
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';
import { resolveFieldPath } from '../../catalog/schema-fields';
import { toJsonArrowField } from '../../catalog/json-arrow-schema';

export interface RecallTarget {
  /** The column's canonical path. */
  column: string;
  dimension: number;
  index: IndexInfo;
}

const isVectorIndex = (info: IndexInfo) => findIndexSpec(info.indexType)?.kind === 'vector';

export async function resolveRecallTarget(
  table: TableHandle,
  request: { column: string; index?: string | undefined; branch?: string | undefined },
): Promise<RecallTarget> {
  const branchOption = request.branch === undefined ? {} : { branch: request.branch };
  const schema = await table.schema(branchOption);
  // An unknown column is TableColumnNotFound, with the resolver's own hints.
  const resolved = resolveFieldPath(schema, request.column);
  const column = resolved.canonicalPath;
  const dimension = vectorDimension(toJsonArrowField(resolved.field));
  if (dimension === undefined) {
    throw errors.InvalidInput(
      `column: ${column} is not a vector column (a fixed-size list), so it has no vector index to check`,
    );
  }

  const indices = await table.listIndices(branchOption);
  const onColumn = indices.filter((i) => i.columns.length === 1 && i.columns[0] === column);
  let index: IndexInfo | undefined;
  if (request.index !== undefined) {
    index = indices.find((i) => i.name === request.index);
    if (!index) {
      throw errors.TableIndexNotFound(`index: ${request.index} does not exist on ${table.name}`);
    }
    if (!onColumn.includes(index) || !isVectorIndex(index)) {
      throw errors.InvalidInput(
        `index: ${index.name} is a ${index.indexType} index on ${index.columns.join(', ')}, not a vector index on ${column}`,
      );
    }
  } else {
    const vectorIndices = onColumn.filter(isVectorIndex);
    if (vectorIndices.length === 0) {
      throw errors.InvalidInput(
        `column: ${column} has no vector index; build one (IVF_PQ, IVF_HNSW_SQ, …) before checking its recall`,
      );
    }
    if (vectorIndices.length > 1) {
      throw errors.InvalidInput(
        `index: column ${column} has ${vectorIndices.length} vector indexes (${vectorIndices.map((i) => i.name).join(', ')}); name the one to check`,
      );
    }
    index = vectorIndices[0]!;
  }
  if (index.status === 'building') {
    throw errors.InvalidTableState(
      `Index ${index.name} is still being built${index.jobId ? ` (job ${index.jobId})` : ''}; check its recall once it is ready`,
    );
  }
  return { column, dimension, index };
}
