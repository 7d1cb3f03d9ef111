/**
 * Exporting a table from the Data tab in a real browser: the rows the filter matches, as CSV, run
 * as a job whose end the dialog shows, and the file read back from disk; then rows selected in
 * the grid, as an Arrow IPC stream read back by Arrow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { sampleTable } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

let app: WebApp;
let page: Page;

describe.skipIf(!hasChromium)('export from the data tab in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await app.catalogOf(connectionId).createTable('docs', sampleTable(300, 4));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Data' }).click();
  });
  afterAll(async () => app?.close());

  it('exports the filtered rows to CSV and the file holds exactly them', async () => {
    await page.getByLabel('Filter rows (SQL WHERE)').fill("category = 'c1'");
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toMatch(/^60 of 300/);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export docs' });
    await expect(
      dialog.getByRole('radio', { name: "The rows matching category = 'c1'" }).isChecked(),
    ).resolves.toBe(true);
    const out = join(app.dir, 'c1.csv');
    // The web mode offers a download first (web-downloads.test.ts); this is the path on the host.
    await dialog.getByLabel('Save to').selectOption('file');
    await dialog.getByLabel('To file').fill(out);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/^Wrote 60 rows/);
    await screenshotBothThemes(page, 'export-dialog');
    const rows = parseCsv(readFileSync(out), { columns: true }) as Array<{ category: string }>;
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['c1']));

    // The same file again is refused unless it may be replaced.
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog
      .getByRole('alert', { name: 'Export error' })
      .getByText(/already exists/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('exports the rows selected in the grid as an Arrow IPC stream', async () => {
    const grid = page.getByRole('grid', { name: 'Rows of docs' });
    const row = (n: number) => grid.locator(`[role="row"][aria-rowindex="${n + 2}"]`);
    await row(0)
      .getByRole('gridcell')
      .first()
      .click({ modifiers: ['Control'] });
    await row(2)
      .getByRole('gridcell')
      .first()
      .click({ modifiers: ['Shift'] });
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByText('3 rows selected').waitFor();
    await bar.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export docs' });
    await expect(
      dialog.getByRole('radio', { name: 'The 3 selected rows' }).isChecked(),
    ).resolves.toBe(true);
    await dialog.getByLabel('Format').selectOption('arrow');
    const out = join(app.dir, 'picked.arrow');
    await dialog.getByLabel('Save to').selectOption('file');
    await dialog.getByLabel('To file').fill(out);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/^Wrote 3 rows/);
    const back = arrow.tableFromIPC(readFileSync(out));
    expect([...back.getChild('id')!.toArray()]).toEqual([1, 6, 11]);
    expect(new Set(back.getChild('category')!.toArray())).toEqual(new Set(['c1']));
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
