import { describe, expect, it } from 'vitest';
import { CatalogError, ERROR_CODES, errors } from '../../../../src-shared/vocabulary/errors';
import {
  cleanLanceMessage,
  plainFieldMessage,
  lance,
  mapLanceError,
} from '../../../../src-main/catalog/dir/lance-errors';
import { expectCode } from '../../../support/expect-code';

/** Messages LanceDB 0.39 actually produced on this machine, and the code each must map to. */
const OBSERVED: ReadonlyArray<[raw: string, code: number, cleanedContains: string]> = [
  [
    'lance error: Namespace error: Namespace already exists: n1, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-namespace-impls-12.0.0/src/dir/manifest.rs:3340:14  Caused by: Namespace error: Namespace already exists: n1',
    ERROR_CODES.NamespaceAlreadyExists,
    'Namespace already exists: n1',
  ],
  [
    "lance error: Namespace error: Namespace not empty: 'n1' (contains 1 child objects), /usr/local/cargo/registry/src/x/manifest.rs:3414:14  Caused by: ...",
    ERROR_CODES.NamespaceNotEmpty,
    "Namespace not empty: 'n1' (contains 1 child objects)",
  ],
  [
    'lance error: Namespace error: Namespace not found: zz, /usr/local/cargo/registry/src/x/manifest.rs:3385:14  Caused by: ...',
    ERROR_CODES.NamespaceNotFound,
    'Namespace not found: zz',
  ],
  [
    "Table 'zz' was not found  Caused by: Namespace error: Table not found: zz, /usr/local/cargo/x.rs:3211:14",
    ERROR_CODES.TableNotFound,
    "Table 'zz' was not found",
  ],
  ["Table 't' already exists", ERROR_CODES.TableAlreadyExists, "Table 't' already exists"],
  [
    "lance error: LanceError(Index): Index name 's.x_idx' already exists with different fields, please specify a different name, /usr/local/cargo/registry/src/x/create.rs:313:24  Caused by: LanceError(",
    ERROR_CODES.TableIndexAlreadyExists,
    "Index name 's.x_idx' already exists",
  ],
  [
    'Failed to execute query stream: GenericFailure, Invalid input, Schema error: No field named nope. Valid fields are `id`, `s`.`x`.',
    ERROR_CODES.TableColumnNotFound,
    'No column named nope',
  ],
  [
    'Failed to execute query stream: GenericFailure, Invalid input, Error parsing statement: SELECT 1 FROM t WHERE id >>> 1 (sql parser error: Expected: an expression, found: >)',
    ERROR_CODES.InvalidInput,
    'sql parser error',
  ],
  [
    'Found field not in schema: zzz at row 0',
    ERROR_CODES.TableSchemaValidationError,
    'Found field not in schema: zzz',
  ],
  [
    'lance error: Dataset at path tmp/x/_versions/99.manifest was not found: Not found: tmp/x/_versions/99.manifest, /usr/local/cargo/registry/src/x/local.rs:27',
    ERROR_CODES.TableVersionNotFound,
    'Dataset at path tmp/x/_versions/99.manifest was not found',
  ],
  [
    'lance error: Not supported: Creating empty vector indices with train=False is not yet implemented.',
    ERROR_CODES.Unsupported,
    'Creating empty vector indices with train=False is not yet implemented',
  ],
  ['something unexpected', ERROR_CODES.Internal, 'something unexpected'],
  [
    // Seen when a describe opened a table that another process dropped at that moment.
    'Not found: tmp/cs-server-FM55Ig/36f58c5d_a$x/_versions',
    ERROR_CODES.TableNotFound,
    'Not found: tmp/cs-server-FM55Ig/36f58c5d_a$x/_versions',
  ],
  [
    // Seen when a describe raced a drop that had already emptied the table's versions folder.
    'Generic N/A error: Wrapped error: Not found: Wrapped error: Not found: /tmp/cs-server-wjA7TC/69a0f346_a$x/_versions/18446744073709551614.manifest',
    ERROR_CODES.TableNotFound,
    '18446744073709551614.manifest',
  ],
];

describe('mapLanceError on observed LanceDB messages', () => {
  it.each(OBSERVED)('maps %j to code %i', (raw, code, cleanedContains) => {
    const cause = new Error(raw);
    const mapped = mapLanceError(cause);
    expect(mapped).toBeInstanceOf(CatalogError);
    expect(mapped.code).toBe(code);
    expect(mapped.message).not.toContain('/usr/local/cargo');
    expect(mapped.message).not.toMatch(/\.rs:\d+/);
    expect(mapped.message).not.toContain('Caused by');
    expect(mapped.message).toContain(cleanedContains);
    expect(mapped.message).not.toMatch(/^lance error:/i);
    expect(mapped.message).not.toMatch(/[,:]$/);
    // The full text survives for diagnosis.
    expect(mapped.detail).toBe(raw);
    expect(mapped.cause).toBe(cause);
  });

  it('strips the repeated prefixes of namespace and query errors', () => {
    expect(mapLanceError(new Error(OBSERVED[0]![0])).message).toBe('Namespace already exists: n1');
    expect(mapLanceError(new Error(OBSERVED[2]![0])).message).toBe('Namespace not found: zz');
    expect(mapLanceError(new Error(OBSERVED[6]![0])).message).toBe(
      "No column named nope. The table's columns: id, s.x.",
    );
  });

  it('maps the full real Table-not-found text, whose path mentions index.crates.io, to TableNotFound', () => {
    const raw =
      "Table 'zz' was not found  Caused by: Namespace error: Table not found: zz, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-namespace-impls-12.0.0/src/dir/manifest.rs:3211:14";
    const mapped = mapLanceError(new Error(raw));
    expect(mapped.code).toBe(ERROR_CODES.TableNotFound);
    expect(mapped.message).toBe("Table 'zz' was not found");
  });
});

describe('mapLanceError', () => {
  it('passes a CatalogError through unchanged', () => {
    const original = errors.TableTagNotFound('tag v1 was not found', { detail: 'd' });
    expect(mapLanceError(original)).toBe(original);
    expect(mapLanceError(original, ERROR_CODES.InvalidInput)).toBe(original);
  });

  it('uses the fallback code when no rule matches', () => {
    expect(mapLanceError(new Error('weird'), ERROR_CODES.InvalidTableState).code).toBe(
      ERROR_CODES.InvalidTableState,
    );
    // A matching rule wins over the fallback.
    expect(mapLanceError(new Error("Table 't' already exists"), ERROR_CODES.Internal).code).toBe(
      ERROR_CODES.TableAlreadyExists,
    );
  });

  it('accepts non-Error values', () => {
    const fromString = mapLanceError('Namespace not found: a');
    expect(fromString.code).toBe(ERROR_CODES.NamespaceNotFound);
    expect(fromString.detail).toBe('Namespace not found: a');
    expect(mapLanceError(undefined).code).toBe(ERROR_CODES.Internal);
    expect(mapLanceError({ toString: () => 'Commit conflict for version 3' }).code).toBe(
      ERROR_CODES.ConcurrentModification,
    );
  });

  it.each([
    ['Index with name vec_idx does not exist', ERROR_CODES.TableIndexNotFound],
    ['Tag v2 does not exist', ERROR_CODES.TableTagNotFound],
    ['Retryable commit conflict for version 7', ERROR_CODES.ConcurrentModification],
    ['Append with different schema: original=..., new=...', ERROR_CODES.TableSchemaValidationError],
    ['Dataset already exists: /tmp/t.lance', ERROR_CODES.TableAlreadyExists],
    ['Invalid user input: limit must be positive', ERROR_CODES.InvalidInput],
  ])('maps %j to code %i', (raw, code) => {
    expect(mapLanceError(new Error(raw)).code).toBe(code);
  });
});

describe('cleanLanceMessage', () => {
  it('keeps the first part of the chain, without source locations', () => {
    expect(
      cleanLanceMessage('lance error: Boom happened, /home/me/src/lib.rs:10:2  Caused by: deeper'),
    ).toBe('Boom happened');
    expect(cleanLanceMessage('LanceDBError: x failed, /rustc/abc/library/core/src/x.rs:1')).toBe(
      'x failed',
    );
  });

  it('leaves a plain message alone, trimmed', () => {
    expect(cleanLanceMessage('  plain message  ')).toBe('plain message');
  });

  it('falls back to the raw text when cleaning would leave nothing', () => {
    expect(cleanLanceMessage('lance error: ')).toBe('lance error:');
  });
});

describe('plainFieldMessage', () => {
  it("names the table's columns, without Lance's own row columns", () => {
    expect(
      plainFieldMessage(
        'Invalid input, Schema error: No field named nme. Valid fields are t.id, t.name, `s`.`x`, t._rowid, t._rowaddr, t._row_created_at_version, t._row_last_updated_at_version.',
      ),
    ).toBe("No column named nme. The table's columns: id, name, s.x.");
  });

  it("keeps DataFusion's suggestion", () => {
    expect(
      plainFieldMessage("Invalid input, Schema error: No field named nme. Did you mean 'name'?."),
    ).toBe('No column named nme. Did you mean name?');
  });

  it('leaves other messages alone', () => {
    expect(plainFieldMessage('sql parser error: Expected: an expression')).toBe(
      'sql parser error: Expected: an expression',
    );
  });
});

describe('lance()', () => {
  it('returns the value of a successful call', async () => {
    await expect(lance(async () => 42)).resolves.toBe(42);
  });

  it('rethrows a failure as a mapped CatalogError', async () => {
    const error = await expectCode(
      lance(async () => {
        throw new Error("Table 't' already exists");
      }),
      ERROR_CODES.TableAlreadyExists,
    );
    expect((error as CatalogError).detail).toBe("Table 't' already exists");
  });

  it('uses the fallback for unrecognised failures and passes CatalogErrors through', async () => {
    await expectCode(
      lance(async () => {
        throw new Error('odd');
      }, ERROR_CODES.InvalidTableState),
      ERROR_CODES.InvalidTableState,
    );
    const original = errors.PermissionDenied('no');
    await expect(
      lance(async () => {
        throw original;
      }),
    ).rejects.toBe(original);
  });
});

/**
 * Failures a request's own expression causes, as LanceDB 0.39 reported them on this machine
 * (captured from real calls on a table of Int32 `id`, Utf8 `s`, Int64 `big`): each is the
 * caller's, 400 InvalidInput, never 500; a branch with dependants is 409 InvalidTableState.
 */
const CALLER_ERRORS: ReadonlyArray<[call: string, raw: string, code: number, cleaned: string]> = [
  [
    "countRows('id / 0 > 1'), delete and update's filter alike",
    'lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Divide by zero error, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33  Caused by: Query Execution error: Error applying filter expression to batch: Arrow error: Divide by zero error, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33',
    ERROR_CODES.InvalidInput,
    'Query Execution error: Error applying filter expression to batch: Arrow error: Divide by zero error',
  ],
  [
    "query().where('id / 0 > 1')",
    'Failed to get next batch from stream: lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Divide by zero error, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33',
    ERROR_CODES.InvalidInput,
    'Query Execution error: Error applying filter expression to batch: Arrow error: Divide by zero error',
  ],
  [
    "update({ valuesSql: { id: 'id / 0' } })",
    'lance error: LanceError(Arrow): Divide by zero error, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/task/poll.rs:291:44  Caused by: LanceError(Arrow): Divide by zero error, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/task/poll.rs:291:44',
    ERROR_CODES.InvalidInput,
    'Divide by zero error',
  ],
  [
    "query().select({ x: 'id / 0' })",
    'Failed to get next batch from stream: lance error: LanceError(Arrow): Divide by zero error, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/dataset/scanner.rs:7238:66',
    ERROR_CODES.InvalidInput,
    'Divide by zero error',
  ],
  [
    "mergeInsert whenMatchedUpdateAll({ where: 'target.id / 0 > 1' })",
    'Failed to execute merge insert: GenericFailure, lance error: LanceError(Arrow): Divide by zero error, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/task/poll.rs:291:44  Caused by: LanceError(Arrow): Divide by zero error, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/task/poll.rs:291:44',
    ERROR_CODES.InvalidInput,
    'Divide by zero error',
  ],
  [
    "countRows('CAST(s AS INT) > 1')",
    "lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Cast error: Cannot cast string 'a' to value of Int32 type, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33  Caused by: Query Execution error: Error applying filter expression to batch: Arrow error: Cast error: Cannot cast string 'a' to value of Int32 type, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33",
    ERROR_CODES.InvalidInput,
    "Cannot cast string 'a' to value of Int32 type",
  ],
  [
    'countRows("CAST(\'x\' AS INT) > 1")',
    "Invalid input, Error optimizing sql filter: CAST('x' AS INT) > 1 (LanceError(Arrow): Cast error: Cannot cast string 'x' to value of Int32 type, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-datafusion-12.0.0/src/signed_zero.rs:99:8)",
    ERROR_CODES.InvalidInput,
    "Cannot cast string 'x' to value of Int32 type",
  ],
  [
    "countRows('abs(big) > 0') with big = i64::MIN",
    'lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Compute error: Int64Array overflow on abs(-9223372036854775808), /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33',
    ERROR_CODES.InvalidInput,
    'Int64Array overflow on abs(-9223372036854775808)',
  ],
  [
    "countRows('factorial(big) > 0')",
    'lance error: Query Execution error: Error applying filter expression to batch: Execution error: Overflow happened on FACTORIAL(9223372036854775000), /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33',
    ERROR_CODES.InvalidInput,
    'Overflow happened on FACTORIAL',
  ],
  [
    'countRows("regexp_match(s, \'(\')")',
    'lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Compute error: Regular expression did not compile: Syntax(\n~~~~~~\nregex parse error:\n    (\n    ^\nerror: unclosed group\n~~~~~~\n), /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33',
    ERROR_CODES.InvalidInput,
    'Regular expression did not compile',
  ],
  [
    'countRows("arrow_cast(s, \'Nope\') > 0")',
    "lance error: Query Execution error: Execution error: Unsupported type 'Nope'. Must be a supported arrow type name such as 'Int32' or 'Timestamp(ns)'. Error unknown token: Nope, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/dataset/scanner.rs:802:33  Caused by: Query Execution error: Execution error: Unsupported type 'Nope'.",
    ERROR_CODES.InvalidInput,
    "Unsupported type 'Nope'",
  ],
  [
    'countRows("date_trunc(\'nope\', now()) > now()")',
    "lance error: Query Execution error: Error applying filter expression to batch: Execution error: Unsupported date_trunc granularity: 'nope'. Supported values are: microsecond, millisecond, second, minute, hour, day, week, month, quarter, year, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33",
    ERROR_CODES.InvalidInput,
    "Unsupported date_trunc granularity: 'nope'",
  ],
  [
    'countRows("to_timestamp(s) > now()")',
    "lance error: Query Execution error: Error applying filter expression to batch: Arrow error: Parser error: Error parsing timestamp from 'a': timestamp must contain at least 10 characters, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/io/exec/filtered_read.rs:1578:33",
    ERROR_CODES.InvalidInput,
    "Error parsing timestamp from 'a'",
  ],
  [
    'branches().delete(parent) while a child branch was made from it',
    'lance error: Ref conflict error: Branch b0 is referenced by [("b0child", 2)] versions, can not delete  Caused by: Ref conflict error: Branch b0 is referenced by [("b0child", 2)] versions, can not delete',
    ERROR_CODES.InvalidTableState,
    'Branch b0 is referenced by [("b0child", 2)] versions, can not delete',
  ],
  // Casts of a value into a column the column's type refuses stay a schema error (20, also 400):
  // the text cannot tell an update's value from an insert's or an alteration's.
  [
    "update({ valuesSql: { id: 'CAST(s AS INT)' } })",
    "lance error: LanceError(Arrow): Cast error: Cannot cast string 'a' to value of Int32 type, /rustc/2d8144b7880597b6e6d3dfd63a9a9efae3f533d3/library/core/src/task/poll.rs:291:44  Caused by: LanceError(Arrow): Cast error: Cannot cast string 'a' to value of Int32 type",
    ERROR_CODES.TableSchemaValidationError,
    "Cast error: Cannot cast string 'a' to value of Int32 type",
  ],
  [
    "alterColumns([{ path: 'big', dataType: Int32 }])",
    "lance error: LanceError(Arrow): Cast error: Can't cast value 9223372036854775000 to type Int32, /usr/local/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/lance-12.0.0/src/dataset/schema_evolution.rs:925:27",
    ERROR_CODES.TableSchemaValidationError,
    "Can't cast value 9223372036854775000 to type Int32",
  ],
];

describe('mapLanceError on failures the request caused', () => {
  it.each(CALLER_ERRORS)('%s', (_call, raw, code, cleaned) => {
    const mapped = mapLanceError(new Error(raw));
    expect(mapped.code).toBe(code);
    expect(mapped.status).toBeLessThan(500);
    expect(mapped.message).toContain(cleaned);
    expect(mapped.message).not.toMatch(/\.rs:\d+|Caused by|^Failed to get next batch/);
  });

  it('still answers 500 for a failure no request could cause', () => {
    const raw =
      'lance error: LanceError(IO): Generic LocalFileSystem error: Unable to open file /t.lance/data/x.lance: Permission denied (os error 13), /usr/local/cargo/registry/src/x/local.rs:1:1';
    expect(mapLanceError(new Error(raw)).code).toBe(ERROR_CODES.Internal);
  });
});
