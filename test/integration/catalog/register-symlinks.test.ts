/**
 * Registering adopts a folder that is already inside the catalog; a symlink planted anywhere in it
 * that leads out of the catalog would let every later read follow it, so such a folder is refused.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import type { CatalogClient } from '../../../src-main/catalog/client';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';

let root: string;
let outside: string;
let catalog: CatalogClient;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-register-links-'));
  outside = mkdtempSync(join(tmpdir(), 'cs-outside-'));
  catalog = await connect(root);
  await catalog.createNamespace(['ns']);
  // A Lance dataset written into a folder of the catalog by plain LanceDB, ready to adopt.
  const plain = await lancedb.connect(join(root, 'stash'));
  await plain.createTable('t', [{ id: 1 }]);
  plain.close();
});
afterEach(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('register and symlinks inside the folder', () => {
  it('refuses a folder holding a symlink that leads out of the catalog, and adopts nothing', async () => {
    symlinkSync(outside, join(root, 'stash', 't.lance', 'data', 'escape'));
    const error = await expectCode(
      catalog.registerTable('t', ['ns'], 'stash/t.lance'),
      ERROR_CODES.InvalidInput,
    );
    expect(error.message).toMatch(/symlinks that lead out of the catalog/);
    expect(await catalog.tableExists('t', ['ns'])).toBe(false);
  });

  it('adopts the same folder without the link', async () => {
    await catalog.registerTable('t', ['ns'], 'stash/t.lance');
    expect(await (await catalog.openTable('t', ['ns'])).countRows()).toBe(1);
  });
});
