/**
 * A new user's first hour, scripted, in the web mode in Chromium: from a fresh folder to an
 * imported, indexed, sorted and edited table. Each step waits for what the user would see, never
 * for time; screenshots of each step in both themes go to test-results/screenshots/journey-*.
 * Later features add their steps here.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
let page: Page;

const ROWS = 2_000;

function peopleCsv(): string {
  const lines = ['id,name,joined,bio'];
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${i},person ${i},2024-02-${day},"likes ${i % 2 ? 'tea' : 'coffee'} and lance"`);
  }
  return `${lines.join('\n')}\n`;
}

const tree = () => page.getByRole('tree', { name: 'Catalog tree' });
const shot = (step: string) => screenshotBothThemes(page, `journey-${step}`);

describe.skipIf(!hasChromium)('a new user, from a fresh folder to an edited table', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
  });
  afterAll(async () => app?.close());

  it('creates a catalog, imports, indexes, sorts and edits', async () => {
    // 1. A fresh folder becomes a catalog.
    await page.getByRole('button', { name: 'New folder catalog…' }).first().click();
    await page.getByLabel('Folder path').fill(join(app.dir, 'first-hour'));
    await page.getByRole('button', { name: 'Create catalog', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await tree().getByRole('treeitem', { name: 'first-hour' }).waitFor();
    await shot('1-catalog');

    // 2. A CSV from this machine, uploaded; its date column is recognised.
    await tree().getByRole('treeitem', { name: 'first-hour' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'New table…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByLabel('File to upload').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(peopleCsv()),
    });
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    await dialog.getByText('read as date32 (YYYY-MM-DD)').waitFor();
    await expect(dialog.getByLabel('Table name', { exact: true }).inputValue()).resolves.toBe(
      'people',
    );
    await shot('2-import');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // 3. The new table opens, and the tree shows it selected.
    await page.getByRole('region', { name: 'Table people' }).waitFor();
    await expect
      .poll(() => tree().getByRole('treeitem', { name: 'people' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect(page.getByTestId('row-count').textContent()).resolves.toBe(
      ROWS.toLocaleString('en-US'),
    );

    // 4. A full-text index on the text column: offered first, built as a job.
    await page.getByRole('button', { name: 'Create index…' }).click();
    const form = page.getByRole('dialog', { name: 'Create index' });
    await form.getByLabel('Column', { exact: true }).selectOption('bio');
    await expect
      .poll(() => form.getByRole('radio').first().getAttribute('aria-label'))
      .toBe('Full-text (BM25)');
    await shot('4-index-form');
    await form.getByRole('button', { name: 'Create index' }).click();
    await form.waitFor({ state: 'detached' });
    const jobs = page.getByRole('complementary', { name: 'Jobs' });
    await jobs
      .getByRole('listitem', { name: /^FTS on bio of/ })
      .and(page.locator('[data-job-state="succeeded"]'))
      .waitFor({ timeout: 90_000 });
    await page.getByRole('tab', { name: 'Indexes' }).click();
    await page.getByRole('button', { name: 'Details of bio_idx' }).click();
    await page
      .getByLabel('Details of index bio_idx')
      .getByText(/finished/)
      .waitFor();
    await shot('4-indexes');

    // 5. The data, sorted by a header.
    await page.getByRole('tab', { name: 'Data' }).click();
    const grid = page.getByRole('grid', { name: 'Rows of people' });
    const header = grid.getByRole('columnheader').filter({ hasText: /^id/ });
    await header.getByRole('button', { name: 'Sort by id' }).click();
    await header.getByRole('button', { name: 'Sort by id' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const firstRow = grid.locator('[role="row"][aria-rowindex="2"]');
    await firstRow.getByRole('gridcell', { name: `person ${ROWS - 1}`, exact: true }).waitFor();
    await shot('5-sorted');

    // 6. One value edited in its cell, then committed through its update shown first.
    await firstRow.getByRole('gridcell', { name: `person ${ROWS - 1}`, exact: true }).dblclick();
    const editor = grid.getByRole('textbox', { name: 'name of row 1' });
    await editor.fill('the last person');
    await editor.press('Enter');
    await page
      .getByRole('toolbar', { name: 'Pending changes' })
      .getByRole('button', { name: 'Review…' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Review pending changes' });
    // As the host will run it (rows:plan): one row, named by the id its predicate was resolved
    // to, so its value needs no condition.
    const update = await edit.getByLabel('The update to run').textContent();
    expect(update).toContain(
      `UPDATE people SET\n  name = array_element(make_array(name, 'the last person'), 2)\n`,
    );
    expect(update).toMatch(/\nWHERE _rowid IN \(\d+\)$/);
    await edit.getByRole('cell', { name: '1 row', exact: true }).waitFor();
    await shot('6-edit');
    await edit.getByRole('button', { name: 'Commit' }).click();
    await edit.waitFor({ state: 'detached' });
    // Sorted by id, the edited row is still first; the inspector's old copy of it is gone.
    await firstRow.getByRole('gridcell', { name: 'the last person', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('complementary', { name: 'Row 1' }).count()).toBe(0);
    await shot('6-edited');
  });
});
