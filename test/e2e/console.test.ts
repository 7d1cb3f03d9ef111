/**
 * The query console in a real browser: SQL typed in the editor and run with Ctrl+Enter, results
 * in the grid, a refusal marked with its line and column, a vector search written as SQL, recent
 * queries, and the whole result exported to a CSV file read back from disk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const consolePanel = () => page.getByRole('region', { name: 'Query console' });
const editor = () => consolePanel().getByRole('textbox', { name: 'SQL query' });

async function typeAndRun(sql: string) {
  await editor().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.keyboard.press('Control+Enter');
}

describe.skipIf(!hasChromium)('query console in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    await catalog.createNamespace(['lib']);
    await catalog.createTable('docs', sampleTable(300, 8), ['lib']);
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'lib', exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Query console' }).click();
  });
  afterAll(async () => app?.close());

  it('runs SQL with Ctrl+Enter and shows the rows', async () => {
    // The suggested query names the namespace's first table once the list has loaded.
    await expect.poll(() => editor().textContent()).toBe('SELECT * FROM lib.docs LIMIT 100');
    await typeAndRun(
      "SELECT id, category FROM lib.docs WHERE category = 'c2' ORDER BY id DESC LIMIT 5",
    );
    const grid = consolePanel().getByRole('grid', { name: 'Rows of docs' });
    await grid
      .locator('[role="row"][aria-rowindex="2"]')
      .getByRole('gridcell', { name: '297', exact: true })
      .waitFor();
    await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('6');
    await expect(consolePanel().getByTestId('console-summary').textContent()).resolves.toMatch(
      /^5 rows · [\d.]+ ms$/,
    );
    await screenshotBothThemes(page, 'console-result');
  });

  it('groups and counts with SQL that DuckDB runs over the table', async () => {
    // 300 rows, category c0…c4 by id % 5: ids below 100 give 20 a category, c4's last being 99.
    await typeAndRun(
      'SELECT category, count(*) AS n, max(id) AS top FROM lib.docs WHERE id < 100\nGROUP BY category HAVING count(*) > 1 ORDER BY category DESC',
    );
    const grid = consolePanel().getByRole('grid', { name: 'Rows of docs' });
    const first = grid.locator('[role="row"][aria-rowindex="2"]');
    await first.getByRole('gridcell', { name: 'c4', exact: true }).waitFor();
    await expect(first.getByRole('gridcell', { name: '20', exact: true }).count()).resolves.toBe(1);
    await expect(first.getByRole('gridcell', { name: '99', exact: true }).count()).resolves.toBe(1);
    await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('6');
    await screenshotBothThemes(page, 'console-aggregate');
  });

  it('marks what the mapping refuses, at its line and column', async () => {
    await typeAndRun('SELECT max(id)\nFROM lib.docs\nGROUP BY id HAVING text = 1');
    const problem = consolePanel().getByRole('alert', { name: 'Query problem' });
    await expect(problem.textContent()).resolves.toMatch(
      /^Line 3, column 20: text must be in GROUP BY/,
    );
    // The refused column is selected in the editor.
    await expect(page.evaluate('String(window.getSelection())')).resolves.toBe('text');
  });

  it('runs a vector search written as SQL', async () => {
    const vector = Array.from({ length: 8 }, () => 0.5).join(', ');
    await typeAndRun(
      `SELECT id, _distance FROM lib.docs ORDER BY nearest(vector, ARRAY[${vector}], exact()) LIMIT 4`,
    );
    const grid = consolePanel().getByRole('grid', { name: 'Rows of docs' });
    await grid.getByRole('columnheader', { name: /^_distance/ }).waitFor();
    await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('5');
  });

  it('keeps recent queries and exports the whole result to CSV', async () => {
    await consolePanel()
      .getByText(/^Recent queries/)
      .click();
    await consolePanel()
      .getByRole('button', { name: /ORDER BY id DESC LIMIT 5/ })
      .click();
    await expect(editor().textContent()).resolves.toMatch(/ORDER BY id DESC LIMIT 5$/);
    await page.keyboard.press('Control+Enter');
    // The export form belongs to one result: wait for this query's five rows (the last test's
    // result had four), or the path typed into the old form is gone when the new one replaces it.
    const grid = consolePanel().getByRole('grid', { name: 'Rows of docs' });
    await expect.poll(() => grid.getAttribute('aria-rowcount'), { timeout: 30_000 }).toBe('6');
    const out = join(app.dir, 'export.csv');
    const form = consolePanel().getByRole('form', { name: 'Export result' });
    // The web mode offers a download first (web-downloads.test.ts); this is the path on the host.
    await form.getByLabel('Save to').selectOption('file');
    await form.getByLabel('To file').fill(out);
    await form.getByRole('button', { name: 'Export' }).click();
    await expect(form.getByRole('status').textContent()).resolves.toMatch(/^Wrote 5 rows/);
    const rows = parseCsv(readFileSync(out), { columns: true }) as Array<{ id: string }>;
    expect(rows.map((r) => r.id)).toEqual(['297', '292', '287', '282', '277']);
  });
});
