/**
 * Schema evolution on a local table: add columns (from an SQL expression over the row, or all
 * null of a type), alter columns (rename, nullability, a cast to a compatible type) and drop
 * columns. Each is one LanceDB commit: it happens whole or not at all, and a refused change leaves
 * the table at the same version.
 *
 * Every column is resolved against the schema first, so a missing one is TableColumnNotFound
 * naming it, and a clash or an impossible change is said before LanceDB is asked.
 */
import type { Table as LanceTable } from '@lancedb/lancedb';
import type {
  AddColumn,
  ColumnAlteration,
  SchemaChangeResult,
} from '../../../../src-shared/catalog-api';
import { errors, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { resolveFieldPath } from '../../schema-fields';
import { arrowTypeOf, lanceTypeNameOf } from '../../json-arrow-schema';
import { arrow } from '../../arrow';
import { assertTopLevelColumnNames } from './column-names';
import { lance } from '../lance-errors';

export async function addColumns(
  table: LanceTable,
  columns: readonly AddColumn[],
): Promise<SchemaChangeResult> {
  const schema = await lance(() => table.schema());
  const names = new Set(schema.fields.map((f) => f.name));
  for (const column of columns) {
    if (names.has(column.name)) {
      throw errors.TableSchemaValidationError(`The table already has a column ${column.name}`);
    }
    names.add(column.name);
  }
  assertTopLevelColumnNames(
    new arrow.Schema(columns.map((c) => new arrow.Field(c.name, new arrow.Null()))),
  );
  const computed = columns.filter(
    (c): c is AddColumn & { expression: string } => 'expression' in c,
  );
  const nulls = columns.filter(
    (c): c is AddColumn & { dataType: { type: string } } => 'dataType' in c,
  );
  if (computed.length > 0 && nulls.length > 0) {
    // LanceDB adds either kind in one commit, not both; two commits would not be one change.
    throw errors.InvalidInput('Add computed columns and all-null columns in separate requests');
  }
  let version: number;
  if (nulls.length > 0) {
    const fields = nulls.map((c) => {
      try {
        return new arrow.Field(c.name, arrowTypeOf(c.dataType), true);
      } catch (cause) {
        throw errors.InvalidInput(`Column ${c.name}: ${(cause as Error).message}`, { cause });
      }
    });
    version = (await lance(() => table.addColumns(fields))).version;
  } else {
    version = (
      await withColumnContext(() =>
        table.addColumns(computed.map((c) => ({ name: c.name, valueSql: c.expression }))),
      )
    ).version;
  }
  return { version };
}

export async function alterColumns(
  table: LanceTable,
  alterations: readonly ColumnAlteration[],
): Promise<SchemaChangeResult> {
  const schema = await lance(() => table.schema());
  const taken = new Set(schema.fields.map((f) => f.name));
  const changes = alterations.map((alteration) => {
    const resolved = resolveFieldPath(schema, alteration.path);
    // Checked once the column is known to exist: a missing column is the first thing to say.
    if (
      alteration.rename === undefined &&
      alteration.nullable === undefined &&
      alteration.dataType === undefined
    ) {
      throw errors.InvalidInput(
        `The alteration of ${resolved.canonicalPath} changes nothing: give a new name, nullability or type`,
      );
    }
    if (alteration.rename !== undefined && alteration.rename !== resolved.field.name) {
      if (resolved.segments.length === 1 && taken.has(alteration.rename)) {
        throw errors.TableSchemaValidationError(
          `Cannot rename ${resolved.canonicalPath} to ${alteration.rename}: the table already has a column ${alteration.rename}`,
        );
      }
      if (resolved.segments.length === 1) {
        assertTopLevelColumnNames(
          new arrow.Schema([new arrow.Field(alteration.rename, new arrow.Null())]),
        );
      }
    }
    if (alteration.nullable === false && resolved.field.nullable) {
      throw errors.TableSchemaValidationError(
        `Column ${resolved.canonicalPath} is nullable and cannot be made non-nullable (its rows may hold nulls)`,
      );
    }
    let dataType: string | undefined;
    if (alteration.dataType) {
      try {
        dataType = lanceTypeNameOf(alteration.dataType);
      } catch (cause) {
        throw errors.InvalidInput(`Column ${resolved.canonicalPath}: ${(cause as Error).message}`, {
          cause,
        });
      }
    }
    return {
      path: resolved.canonicalPath,
      ...(alteration.rename !== undefined ? { rename: alteration.rename } : {}),
      ...(alteration.nullable !== undefined ? { nullable: alteration.nullable } : {}),
      ...(dataType !== undefined ? { dataType } : {}),
    };
  });
  const result = await withColumnContext(() => table.alterColumns(changes));
  return { version: result.version };
}

export async function dropColumns(
  table: LanceTable,
  columns: readonly string[],
): Promise<SchemaChangeResult> {
  const schema = await lance(() => table.schema());
  const resolved = columns.map((path) => resolveFieldPath(schema, path));
  const topLevel = new Set(
    resolved.filter((r) => r.segments.length === 1).map((r) => r.field.name),
  );
  if (schema.fields.every((f) => topLevel.has(f.name))) {
    throw errors.TableSchemaValidationError(
      'A table keeps at least one column: drop the table instead of all its columns',
    );
  }
  // LanceDB drops an index together with the column it covers; say which went.
  const indexes = await lance(() => table.listIndices());
  const gone = new Set(resolved.map((r) => r.canonicalPath));
  const droppedIndexes = indexes
    .filter((index) => index.columns.some((column) => gone.has(column) || topLevel.has(column)))
    .map((index) => index.name);
  const result = await withColumnContext(() =>
    table.dropColumns(resolved.map((r) => r.canonicalPath)),
  );
  return { version: result.version, ...(droppedIndexes.length ? { droppedIndexes } : {}) };
}

/**
 * Runs a LanceDB schema change, saying a refused cast or an unparsable expression as the
 * specification's codes: a cast LanceDB cannot make is a schema validation error (20); an
 * expression that does not parse stays invalid input (13), with LanceDB's parser message.
 */
async function withColumnContext<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await lance(call);
  } catch (error) {
    if (isCatalogError(error) && /Cannot cast column/i.test(error.message)) {
      throw errors.TableSchemaValidationError(
        `${error.message.replace(/^.*?(Cannot cast)/i, '$1')}: the values would not survive the cast`,
        { cause: error },
      );
    }
    throw error;
  }
}
