/**
 * Exports downloaded by the browser in the web mode, in Chromium: a table's filtered rows and a
 * console result, each run as a job and then saved by the browser's own download, whose file is
 * parsed; a download address without the run's token is refused; a cancelled export leaves no
 * file on the host. Screenshots of the dialog in both themes, before and after.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
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

/** Files (partial ones included) in the host's folder of downloads. */
const hostDownloads = () => {
  const root = join(app.dir, 'data', 'downloads');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
};

async function savedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

describe.skipIf(!hasChromium)('downloads in the web mode, in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    await catalog.createTable('docs', sampleTable(300, 4));
    // About 40 MB as JSON in ten of an export's batches: still running when Cancel is clicked.
    await catalog.createTable('big', sampleTable(20_000, 256));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
  });
  afterAll(async () => app?.close());

  it('downloads a table’s filtered rows as CSV through the export dialog', async () => {
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByLabel('Filter rows (SQL WHERE)').fill("category = 'c1'");
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toMatch(/^60 of 300/);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export docs' });
    // The web mode offers the download first, and no path to type.
    await expect(dialog.getByLabel('Save to').inputValue()).resolves.toBe('download');
    await expect(dialog.getByLabel('To file').count()).resolves.toBe(0);
    await screenshotBothThemes(page, 'web-download-dialog');

    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('docs.csv');
    const rows = parseCsv(await savedText(download), { columns: true }) as Array<{
      id: string;
      category: string;
    }>;
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['c1']));
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(
      /^Wrote 60 rows .*your browser saves them as docs\.csv\.$/,
    );
    await screenshotBothThemes(page, 'web-download-done');
    // Sent whole, the host's copy is gone.
    await expect.poll(hostDownloads).toEqual([]);

    // A file on the host stays on offer, by path.
    await dialog.getByLabel('Save to').selectOption('file');
    await dialog.getByLabel('To file').waitFor();
    await expect(
      dialog.getByRole('button', { name: 'Export', exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('downloads a console result as NDJSON', async () => {
    await page.getByRole('treeitem', { name: 'catalog', exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Query console' }).click();
    const panel = page.getByRole('region', { name: 'Query console' });
    await panel.getByRole('textbox', { name: 'SQL query' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      "SELECT id, category FROM docs WHERE category = 'c2' ORDER BY id DESC LIMIT 5",
    );
    await page.keyboard.press('Control+Enter');
    const grid = panel.getByRole('grid', { name: 'Rows of docs' });
    await expect.poll(() => grid.getAttribute('aria-rowcount'), { timeout: 30_000 }).toBe('6');
    const form = panel.getByRole('form', { name: 'Export result' });
    await form.getByLabel('Format').selectOption('ndjson');
    const downloaded = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('docs-result.ndjson');
    const lines = (await savedText(download)).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([
      297, 292, 287, 282, 277,
    ]);
    await form
      .getByRole('status')
      .getByText(/saves them as docs-result\.ndjson/)
      .waitFor();
    await screenshotBothThemes(page, 'web-download-console');
  });

  it('offers in the jobs panel a download this page has not started', async () => {
    // Started elsewhere (another tab, or a dialog closed while it ran): the panel has the link.
    const [connectionId] = await app.openConnectionIds();
    const started = await app.host.call('tables:export', {
      connectionId: connectionId!,
      path: [],
      table: 'docs',
      format: 'csv',
      filter: 'id < 10',
      download: true,
    });
    expect(started.ok).toBe(true);
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Jobs' });
    const link = panel.getByRole('button', { name: 'Download docs.csv' });
    const downloaded = page.waitForEvent('download');
    await link.click();
    const rows = parseCsv(await savedText(await downloaded), { columns: true }) as unknown[];
    expect(rows).toHaveLength(10);
    // Once asked for, it is gone from the panel: the host sends the file once.
    await expect(link.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Close jobs panel' }).click();
  });

  it('refuses a download address without the run token', async () => {
    const origin = new URL(app.url).origin;
    const refused = await app.browser.newPage();
    const response = await refused.goto(`${origin}/download/not-the-token/some-job`);
    expect(response?.status()).toBe(401);
    await refused.close();
    // The page's own request context, without the token in the path, is refused too.
    const bare = await page.request.get(`${origin}/download/some-job`);
    expect(bare.status()).toBe(401);
  });

  it('cancels a download’s export and leaves no file on the host', async () => {
    await page.getByRole('treeitem', { name: 'big' }).click();
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export big' });
    await dialog.getByLabel('Format').selectOption('json');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel the export' }).click();
    await dialog.getByRole('status').getByText('The export was cancelled.').waitFor();
    await expect.poll(hostDownloads).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
