/**
 * Building a catalog through the create dialogs in a real browser: nested namespaces from the
 * tree's context menu, a CSV with a vector column imported with an edited schema, IVF_PQ,
 * BTREE, FTS and FM indexes built to completion in the jobs panel, and an empty table from the
 * schema builder with a struct and a vector column. Results are checked through the engine.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';
import { createNamespaceInUi, treeMenu, writeVectorCsv } from './create-helpers';

let app: WebApp;
const ROWS = 2000;

describe.skipIf(!hasChromium)('create dialogs in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
  });
  afterAll(async () => app?.close());

  it('imports a CSV with a vector column into a nested namespace, then builds four indexes', async () => {
    const page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await createNamespaceInUi(page, 'catalog', 'sales');
    await createNamespaceInUi(page, 'sales', 'europe');

    const csv = join(app.dir, 'items.csv');
    writeVectorCsv(csv, ROWS, 16);
    await treeMenu(page, 'europe', 'New table…');
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByLabel('File path', { exact: true }).fill(csv);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    await dialog.getByLabel('Type of column id', { exact: true }).selectOption('int64');
    await dialog.getByLabel('Name of column embedding', { exact: true }).fill('vector');
    await dialog.getByLabel('Type of column embedding', { exact: true }).selectOption('vector');
    await dialog.getByLabel('Dimension of column embedding', { exact: true }).fill('16');
    await expect(dialog.getByLabel('Table name', { exact: true }).inputValue()).resolves.toBe(
      'items',
    );
    await screenshotBothThemes(page, 'create-table-import');
    await dialog.getByRole('button', { name: 'Import' }).click();
    // The dialog follows the job and closes when the table is verified, opening it.
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Table items' }).waitFor();

    const table = await app.catalogOf(connectionId).openTable('items', ['sales', 'europe']);
    expect(await table.countRows()).toBe(ROWS);
    const schema = await table.schema();
    expect(schema.fields.map((f) => [f.name, String(f.type)])).toEqual([
      ['id', 'Int64'],
      ['name', 'Utf8'],
      ['vector', 'FixedSizeList[16]<Float32>'],
    ]);

    // The type built, and the one the form offers first for that column: HNSW for a small
    // table's vectors, a B-tree for unique ids, full-text search for text (FM beside it).
    const indexes: Array<[string, string, string, string]> = [
      ['vector', 'IVF-PQ', 'IVF_PQ', 'IVF-HNSW-SQ'],
      ['id', 'B-tree', 'BTREE', 'B-tree'],
      ['name', 'Full-text (BM25)', 'FTS', 'Full-text (BM25)'],
      ['name', 'FM (substring)', 'FM', 'Full-text (BM25)'],
    ];
    for (const [column, label, type, offeredFirst] of indexes) {
      await page.getByRole('button', { name: 'Create index…' }).click();
      const form = page.getByRole('dialog', { name: 'Create index' });
      await form.getByLabel('Column', { exact: true }).selectOption(column);
      // Types in the Schema tab's words.
      await expect(
        form.getByLabel('Column', { exact: true }).locator('option').allTextContents(),
      ).resolves.toContain('vector · vector · float32 × 16');
      const first = form.getByRole('radio').first();
      await expect.poll(() => first.getAttribute('aria-label')).toBe(offeredFirst);
      await expect.poll(() => first.isChecked()).toBe(true);
      await form.getByTestId('index-type-advice').waitFor();
      await form.getByRole('radio', { name: label }).check();
      if (type === 'FTS') {
        // Each option's box sits just before its label, on the same line.
        const misaligned =
          await page.evaluate(`[...document.querySelectorAll('.params input[type=checkbox]')]
          .map((input) => {
            const box = input.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(input.closest('label'));
            range.setStartAfter(input);
            const text = range.getBoundingClientRect();
            const gap = text.left - box.right;
            const off = Math.abs((box.top + box.bottom) / 2 - (text.top + text.bottom) / 2);
            return box.width <= 24 && gap >= 0 && gap <= 16 && off <= 3 ? null : input.getAttribute('aria-label') + ' gap ' + gap + ' off ' + off + ' width ' + box.width;
          })
          .filter(Boolean)`);
        expect(misaligned).toEqual([]);
        await expect(form.locator('.params input[type=checkbox]').count()).resolves.toBeGreaterThan(
          2,
        );
      }
      await expect(form.getByLabel('Index name', { exact: true }).inputValue()).resolves.toBe(
        `${column}_idx`,
      );
      if (type === 'FM') {
        // Offered second for text, with the advice of when to choose it; it takes no parameters.
        await expect(form.getByRole('radio').nth(1).getAttribute('aria-label')).resolves.toBe(
          label,
        );
        await form.getByText(/Choose it to find rare fragments/).waitFor();
        await form.getByText('FM (substring) takes no parameters.').waitFor();
        // name_idx is the full-text index already; a new name keeps both.
        await form.getByLabel('Index name', { exact: true }).fill('name_fm');
        await screenshotBothThemes(page, 'create-index-fm');
      }
      if (type === 'IVF_PQ') {
        // Suggested from the table: √2000 partitions, 16 dimensions per sub-vector.
        await expect(form.getByLabel('Partitions', { exact: true }).inputValue()).resolves.toBe(
          '45',
        );
        await expect(form.getByLabel('Sub-vectors', { exact: true }).inputValue()).resolves.toBe(
          '1',
        );
        await form.getByLabel('Distance', { exact: true }).selectOption('cosine');
        await screenshotBothThemes(page, 'create-index');
      }
      await form.getByRole('button', { name: 'Create index' }).click();
      await form.waitFor({ state: 'detached' });
      const jobs = page.getByRole('complementary', { name: 'Jobs' });
      const row = jobs.getByRole('listitem', { name: new RegExp(`^${type} on ${column} of`) });
      await row.and(page.locator('[data-job-state="succeeded"]')).waitFor({ timeout: 90_000 });
      await expect(row.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    }
    // The bars animate to their width; shoot once every finished bar is full.
    // (A string, evaluated in the page: the tests' own typings have no DOM.)
    await page.waitForFunction(`[...document.querySelectorAll('.job-succeeded .progress-fill')]
      .every((el) => el.getBoundingClientRect().width === el.parentElement.getBoundingClientRect().width)`);
    await screenshotBothThemes(page, 'jobs-panel');

    // The Indexes tab shows each index's parameters and build time.
    await page.getByRole('tab', { name: 'Indexes' }).click();
    await page.getByRole('button', { name: 'Details of vector_idx' }).click();
    const details = page.getByRole('definition').filter({ hasText: 'num_partitions = 45' });
    await details.waitFor();
    await expect(details.textContent()).resolves.toMatch(/distance_type = cosine/);
    await page
      .getByLabel('Details of index vector_idx')
      .getByText(/^\d+(\.\d)? (ms|s), finished/)
      .waitFor();
    await screenshotBothThemes(page, 'index-details');

    const built = await table.listIndices();
    expect(built.map((i) => [i.name, i.indexType, i.columns]).sort()).toEqual(
      [
        ['id_idx', 'BTREE', ['id']],
        ['name_fm', 'FM', ['name']],
        ['name_idx', 'FTS', ['name']],
        ['vector_idx', 'IVF_PQ', ['vector']],
      ].sort(),
    );
    // A substring filter goes through the FM index and finds what the data holds.
    const filter = "contains(name, 'fox 4')";
    expect(await table.explainPlan({ filter })).toMatch(
      /ScalarIndexQuery: query=\[contains\(name, Utf8\("fox 4"\)\)\]@name_fm\(Fm\)/,
    );
    const found = (await table.query({ filter, columns: ['id'] })).getChild('id')!.toArray();
    expect([...found].map(Number).sort((a, b) => a - b)).toEqual(
      // writeVectorCsv names row i `${words[i % 7]} ${i}`, and 'fox' is word 4.
      Array.from({ length: ROWS }, (_, i) => i).filter(
        (i) => i % 7 === 4 && String(i).startsWith('4'),
      ),
    );
    await page.close();
  });

  it('creates an empty table with a struct and a vector column from the schema builder', async () => {
    const page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'empty-catalog'));
    await treeMenu(page, 'empty-catalog', 'New table…');
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByRole('tab', { name: 'Empty, from a schema' }).click();
    await dialog.getByLabel('Table name', { exact: true }).fill('people');
    await expect(dialog.getByLabel('Field 1 name', { exact: true }).inputValue()).resolves.toBe(
      'id',
    );
    await dialog.getByLabel('Field 1 nullable', { exact: true }).uncheck();

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Field 2 name', { exact: true }).fill('profile');
    await dialog.getByLabel('Field 2 type', { exact: true }).selectOption('struct');
    await dialog.getByRole('button', { name: 'Add a field inside Field 2' }).click();
    await dialog.getByLabel('Field 2.1 name', { exact: true }).fill('age');
    await dialog.getByLabel('Field 2.1 type', { exact: true }).selectOption('int32');
    await dialog.getByRole('button', { name: 'Add a field inside Field 2' }).click();
    await dialog.getByLabel('Field 2.2 name', { exact: true }).fill('city');

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Field 3 name', { exact: true }).fill('embedding');
    await dialog.getByLabel('Field 3 type', { exact: true }).selectOption('vector');
    await dialog.getByLabel('Field 3 dimension', { exact: true }).fill('8');

    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Field 4 name', { exact: true }).fill('tags');
    await dialog.getByLabel('Field 4 type', { exact: true }).selectOption('list');
    await dialog.getByLabel('Field 4 item type', { exact: true }).selectOption('utf8');
    await screenshotBothThemes(page, 'create-table-empty');

    await dialog.getByRole('button', { name: 'Create table' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Table people' }).waitFor();

    const table = await app.catalogOf(connectionId).openTable('people');
    const schema = await table.schema();
    expect(schema.fields.map((f) => [f.name, String(f.type), f.nullable])).toEqual([
      ['id', 'Int64', false],
      ['profile', 'Struct<{age:Int32, city:Utf8}>', true],
      ['embedding', 'FixedSizeList[8]<Float32>', true],
      ['tags', 'List<Utf8>', true],
    ]);
    expect(await table.countRows()).toBe(0);
    await page.close();
  });
});
