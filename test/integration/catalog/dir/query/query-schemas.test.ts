/**
 * Queries resolve their column paths against a remembered schema (one request fewer per query on
 * an object store). A column another process added since is still found: a path that does not
 * resolve makes the engine read the schema again, and only then is it TableColumnNotFound.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../../../src-main/catalog';
import { arrow } from '../../../../../src-main/catalog/arrow';
import { ERROR_CODES } from '../../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../../support/expect-code';

let root: string;
let mine: CatalogClient;
let theirs: CatalogClient;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-query-schema-'));
  mine = await connect(root);
  theirs = await connect(root);
});
afterEach(async () => {
  await mine.close();
  await theirs.close();
  rmSync(root, { recursive: true, force: true });
});

it('finds a column another process added after this one remembered the schema', async () => {
  await mine.createTable('t', arrow.tableFromArrays({ id: Int32Array.from([1, 2]) }));
  const table = await mine.openTable('t');
  expect((await table.query({ columns: ['id'] })).numRows).toBe(2);

  // Another process replaces the table's data with a wider schema.
  await (
    await theirs.openTable('t')
  ).insert(arrow.tableFromArrays({ id: Int32Array.from([3]), label: ['three'] }), {
    mode: 'overwrite',
  });
  const rows = await table.query({ columns: ['id', 'label'] });
  expect(rows.getChild('label')?.get(0)).toBe('three');

  // A column that exists nowhere is still refused, naming it.
  const error = await expectCode(
    table.query({ columns: ['nope'] }),
    ERROR_CODES.TableColumnNotFound,
  );
  expect(error.message).toMatch(/nope/);
});
