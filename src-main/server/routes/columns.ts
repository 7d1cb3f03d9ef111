/**
 * Schema evolution routes: add, alter and drop columns, and replace the schema metadata. The
 * table is resolved first (a missing one is 404 code 4), then the request is checked against it;
 * each change is one commit.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonArrowDataType } from '../../../src-shared/vocabulary/json-arrow-types';
import { errors } from '../../../src-shared/vocabulary/errors';
import { SchemaMetadataSchema } from '../../../src-shared/catalog-api';
import { parseOptions } from '../../catalog/parse-options';
import { queryString } from '../http/query-params';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

export function registerColumnRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.addColumns, async ({ body, openTable }) => {
    const handle = await openTable();
    const columns = body.new_columns.map((entry) => {
      if (entry.virtual_column !== undefined && entry.virtual_column !== null) {
        throw errors.Unsupported(
          `Column ${entry.name}: virtual (UDF) columns are not supported by this server`,
        );
      }
      const expression = entry.expression ?? entry.computed;
      if (!expression) {
        throw errors.InvalidInput(
          `Column ${entry.name} needs an expression: an SQL expression over the row, or CAST(NULL AS <type>) for an all-null column`,
        );
      }
      return { name: entry.name, expression };
    });
    const result = await handle.addColumns({
      columns,
      ...(body.branch ? { branch: body.branch } : {}),
    });
    return { version: result.version };
  });

  defineRoute(app, state, REST.alterColumns, async ({ body, openTable }) => {
    const handle = await openTable();
    const alterations = body.alterations.map((entry) => {
      if (entry.virtual_column !== undefined && entry.virtual_column !== null) {
        throw errors.Unsupported(
          `Column ${entry.path}: virtual (UDF) columns are not supported by this server`,
        );
      }
      return {
        path: entry.path,
        ...(entry.rename ? { rename: entry.rename } : {}),
        ...(entry.nullable !== undefined && entry.nullable !== null
          ? { nullable: entry.nullable }
          : {}),
        ...(entry.data_type ? { dataType: entry.data_type as JsonArrowDataType } : {}),
      };
    });
    const result = await handle.alterColumns({
      alterations,
      ...(body.branch ? { branch: body.branch } : {}),
    });
    return { version: result.version };
  });

  defineRoute(app, state, REST.dropColumns, async ({ body, openTable }) => {
    const handle = await openTable();
    const result = await handle.dropColumns({
      columns: body.columns,
      ...(body.branch ? { branch: body.branch } : {}),
    });
    // `dropped_indexes` goes beyond the contract: which indexes went with their columns.
    return {
      version: result.version,
      ...(result.droppedIndexes ? { dropped_indexes: result.droppedIndexes } : {}),
    };
  });

  defineRoute(app, state, REST.updateSchemaMetadata, async ({ body, query, openTable }) => {
    // The body is the bare map, so a `branch` in it is a metadata key; the branch is a query.
    const branch = queryString(query, 'branch');
    const handle = await openTable();
    // Values are checked after the lookup, so a missing table is 404 code 4 whatever the body.
    const metadata = parseOptions(SchemaMetadataSchema, body);
    return handle.updateSchemaMetadata(metadata, branch === undefined ? {} : { branch });
  });
}
