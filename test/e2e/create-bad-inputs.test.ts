/**
 * Bad input in every create form, in a real browser: each mistake gets its own clear message
 * (live, or from the host as title and detail), and nothing is created.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { hasChromium, openFolderInUi, startWebApp, type WebApp } from '../support/web-app';
import { treeItem, treeMenu, writeVectorCsv } from './create-helpers';

let app: WebApp;

async function alertWith(scope: Locator | Page, text: string | RegExp) {
  await scope.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe.skipIf(!hasChromium)('create forms refuse bad input in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
  });
  afterAll(async () => app?.close());

  it('import: missing path, missing file, unparseable file, bad columns, bad name, bad vector', async () => {
    const page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'imports'));
    await treeMenu(page, 'imports', 'New table…');
    const dialog = page.getByRole('dialog', { name: 'New table' });
    const path = dialog.getByLabel('File path', { exact: true });
    const preview = dialog.getByRole('button', { name: 'Preview' });

    await preview.click();
    await alertWith(dialog, 'Enter the path of a file to import');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await alertWith(dialog, 'Enter the path of a file to import');

    await path.fill(join(app.dir, 'missing.csv'));
    await preview.click();
    await alertWith(dialog, /Invalid input.*missing\.csv does not exist/);

    writeFileSync(join(app.dir, 'broken.json'), '[{"a": 1}, {oops');
    await path.fill(join(app.dir, 'broken.json'));
    await preview.click();
    await alertWith(dialog, /Invalid input.*The file cannot be read: Malformed JSON/);

    writeFileSync(join(app.dir, 'notes.txt'), 'hello');
    await path.fill(join(app.dir, 'notes.txt'));
    await preview.click();
    await alertWith(dialog, /Cannot tell the format of .*notes\.txt/);

    const csv = join(app.dir, 'vectors.csv');
    writeVectorCsv(csv, 50, 4);
    await path.fill(csv);
    await preview.click();
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();

    const name = dialog.getByLabel('Name of column name', { exact: true });
    await name.fill('');
    await alertWith(dialog, 'Every column needs a name');
    await name.fill('id');
    await alertWith(dialog, 'The name id is used twice');
    await name.fill('title');
    const dimension = dialog.getByLabel('Dimension of column embedding', { exact: true });
    await dimension.fill('0');
    await alertWith(dialog, 'The dimension must be at least 1');
    await dimension.fill('2.5');
    await alertWith(dialog, 'The dimension must be a whole number, not 2.5');
    // The first Import click armed the form's summary; it now names the column at fault.
    await alertWith(dialog, 'Column embedding: The dimension must be a whole number, not 2.5');
    await expect(
      dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled(),
    ).resolves.toBe(true);

    // A dimension the file's vectors do not have: the job fails naming the row and column.
    await dimension.fill('8');
    const tableName = dialog.getByLabel('Table name', { exact: true });
    await tableName.fill('bad/name');
    await alertWith(dialog, 'The name may contain only letters, digits');
    await tableName.fill('vectors');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = dialog.getByRole('region', { name: 'Import progress' });
    await progress.and(page.locator('[data-job-state="failed"]')).waitFor();
    await alertWith(
      progress,
      'Row 1, column "embedding" (from "embedding"): expected a vector of 8 numbers, got 4',
    );
    await expect(app.catalogOf(connectionId).tableExists('vectors')).resolves.toBe(false);

    // The same file with the right dimension then imports.
    await dimension.fill('4');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = await app.catalogOf(connectionId).openTable('vectors');
    expect(await table.countRows()).toBe(50);
    expect((await table.schema()).fields.map((f) => f.name)).toEqual(['id', 'title', 'embedding']);
    await page.close();
  });

  it('schema builder: empty and invalid names, duplicates, bad dimensions, empty struct', async () => {
    const page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'empties'));
    await treeMenu(page, 'empties', 'New table…');
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByRole('tab', { name: 'Empty, from a schema' }).click();
    const create = dialog.getByRole('button', { name: 'Create table' });

    await create.click();
    await alertWith(dialog, 'The name must not be empty');
    await dialog.getByLabel('Table name', { exact: true }).fill('..');
    await alertWith(dialog, 'The name must not be ".."');
    await dialog.getByLabel('Table name', { exact: true }).fill('things');

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await alertWith(dialog, 'Field a field without a name: Every field needs a name');
    await dialog.getByLabel('Field 2 name', { exact: true }).fill('id');
    await alertWith(dialog, 'The name id is used twice here');
    await dialog.getByLabel('Field 2 name', { exact: true }).fill('v');
    await dialog.getByLabel('Field 2 type', { exact: true }).selectOption('vector');
    await alertWith(dialog, 'A vector needs a dimension');
    await dialog.getByLabel('Field 2 dimension', { exact: true }).fill('0');
    await alertWith(dialog, 'The dimension must be at least 1');
    await dialog.getByLabel('Field 2 dimension', { exact: true }).fill('1.5');
    await alertWith(dialog, 'The dimension must be a whole number, not 1.5');
    await dialog.getByLabel('Field 2 dimension', { exact: true }).fill('4');

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Field 3 name', { exact: true }).fill('meta');
    await dialog.getByLabel('Field 3 type', { exact: true }).selectOption('struct');
    await alertWith(dialog, 'Field meta: A struct needs at least one field');
    await dialog.getByRole('button', { name: 'Add a field inside Field 3' }).click();
    await dialog.getByLabel('Field 3.1 name', { exact: true }).fill('a');
    await dialog.getByRole('button', { name: 'Add a field inside Field 3' }).click();
    await dialog.getByLabel('Field 3.2 name', { exact: true }).fill('a');
    await alertWith(dialog, 'Field meta.a: The name a is used twice here');
    await expect(create.isDisabled()).resolves.toBe(true);
    await expect(app.catalogOf(connectionId).tableExists('things')).resolves.toBe(false);

    // A table that exists already: the host's refusal, as title and detail.
    await app.catalogOf(connectionId).createTable('taken', sampleTable(2, 4));
    await dialog.getByRole('button', { name: 'Remove Field 3', exact: true }).click();
    await dialog.getByLabel('Table name', { exact: true }).fill('taken');
    await create.click();
    await alertWith(dialog, /Table already exists/);
    await page.close();
  });

  it('index form: wrong parameter values and names are refused before anything is sent', async () => {
    const page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'indexed'));
    const catalog = app.catalogOf(connectionId);
    const table = await catalog.createTable('docs', sampleTable(300, 8));
    // Made behind the app's back: a refresh of the connection's listing shows it.
    await treeMenu(page, 'indexed', 'Refresh');
    await treeItem(page, 'docs').click();
    await page.getByRole('button', { name: 'Create index…' }).click();
    const form = page.getByRole('dialog', { name: 'Create index' });
    const column = form.getByLabel('Column', { exact: true });
    // Nested struct children are offered under their canonical paths, once the schema has loaded.
    await expect
      .poll(() => column.locator('option').allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('meta.score · float64'),
          expect.stringContaining('meta.`a.b` · utf8'),
        ]),
      );
    await column.selectOption('vector');
    // A 300-row table is offered HNSW first; the checks below are IVF_PQ's.
    await form.getByRole('radio', { name: 'IVF-PQ' }).check();
    const submit = form.getByRole('button', { name: 'Create index' });
    const partitions = form.getByLabel('Partitions', { exact: true });
    await partitions.fill('0');
    await alertWith(form, 'Parameter num_partitions must be at least 1 (got 0)');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await partitions.fill('500');
    await alertWith(form, 'num_partitions 500 exceeds the 300 rows in the table; use at most 300');
    await partitions.fill('');
    await form.getByLabel('Rows per partition', { exact: true }).fill('50');
    await form.getByRole('button', { name: /Use suggested \(17\)/ }).click();
    await alertWith(form, 'Give num_partitions or target_partition_size, not both');
    await form.getByLabel('Rows per partition', { exact: true }).fill('');
    await form.getByLabel('Sub-vectors', { exact: true }).fill('3');
    await alertWith(form, 'num_sub_vectors 3 does not divide the vector dimension 8; try 1');
    await form.getByLabel('Sub-vectors', { exact: true }).fill('2');
    await form.getByLabel('Index name', { exact: true }).fill('');
    await alertWith(form, 'The index needs a name');
    await form.getByLabel('Index name', { exact: true }).fill('bad name');
    await alertWith(form, /Invalid index name "bad name"/);
    await expect(submit.isDisabled()).resolves.toBe(true);

    // Unsupported types are shown, disabled, with their reason.
    await expect(form.getByRole('radio', { name: 'IVF-SQ' }).isDisabled()).resolves.toBe(true);
    await form
      .getByText(/Not available: not available in the pinned/)
      .first()
      .waitFor();
    // A struct column takes no index type at all.
    await column.selectOption('meta');
    await alertWith(form, 'No index type fits column meta (struct · 2 fields)');

    await column.selectOption('text');
    await form.getByRole('radio', { name: 'Full-text (BM25)' }).check();
    await form.getByLabel('Tokenizer', { exact: true }).fill('bogus');
    await alertWith(form, /Parameter base_tokenizer must be simple, whitespace, raw/);
    await form.getByLabel('Max token length', { exact: true }).fill('-1');
    await form.getByLabel('Tokenizer', { exact: true }).fill('simple');
    await alertWith(form, 'Parameter max_token_length must be at least 0 (got -1)');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await table.listIndices()).toEqual([]);
    await page.close();
  });
});
