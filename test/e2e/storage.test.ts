/**
 * The Storage tab in a real browser: figures and advice for a table of many small fragments and
 * an index that misses rows, then compaction from the tab, with the figures changing.
 */
import { join } from 'node:path';
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

describe.skipIf(!hasChromium)('storage tab in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    const table = await catalog.createTable('docs', sampleTable(10, 4));
    await catalog.waitForJob((await table.createIndex({ column: 'id', index_type: 'BTREE' })).id);
    for (let i = 1; i <= 5; i++) await table.insert(sampleTable(10, 4, { idOffset: i * 100 }));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Storage' }).click();
  });
  afterAll(async () => app?.close());

  it('shows the figures and the advice, and compacts with the figures changing', async () => {
    await expect.poll(() => page.getByTestId('storage-fragments').textContent()).toBe('6');
    const advice = page.getByRole('list', { name: 'Storage advice' });
    await advice
      .getByText("6 small fragments: compaction would merge the table's 6 fragments into about 1.")
      .waitFor();
    await advice.getByText(/^Index id_idx misses 50 rows/).waitFor();
    await screenshotBothThemes(page, 'storage-advice');

    await page.getByRole('button', { name: 'Compact…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Compact', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('storage-fragments').textContent()).toBe('1');
    await page
      .getByRole('status')
      .getByText(/^Nothing to do/)
      .waitFor();
  });
});
