/**
 * The Storage tab in a real browser: figures, the rows-per-fragment histogram, deleted rows and
 * advice for a table of many small fragments, deleted rows and an index that misses rows; then
 * compaction from the tab, with the figures changing; then a cleanup of old versions that keeps
 * the tagged one and everything after it.
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
let tagged: number;

describe.skipIf(!hasChromium)('storage tab in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    const table = await catalog.createTable('docs', sampleTable(10, 4));
    await catalog.waitForJob((await table.createIndex({ column: 'id', index_type: 'BTREE' })).id);
    for (let i = 1; i <= 5; i++) await table.insert(sampleTable(10, 4, { idOffset: i * 100 }));
    await table.delete('id >= 505');
    tagged = (await table.listVersions()).length - 2;
    await table.createTag('keep', tagged);
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Storage' }).click();
  });
  afterAll(async () => app?.close());

  it('shows the figures and the advice, and compacts with the figures changing', async () => {
    await expect.poll(() => page.getByTestId('storage-fragments').textContent()).toBe('6');
    await expect.poll(() => page.getByTestId('storage-deleted').textContent()).toBe('5');
    const histogram = page.getByRole('table', { name: 'Rows per fragment histogram' });
    // Live rows: five fragments of 10, one of 5 (half deleted).
    await expect
      .poll(() => histogram.locator('tbody tr').allTextContents())
      .toEqual(['4–71', '8–155']);
    const advice = page.getByRole('list', { name: 'Storage advice' });
    await advice
      .getByText("6 small fragments: compaction would merge the table's 6 fragments into about 1.")
      .waitFor();
    await advice.getByText(/^Index id_idx misses 45 rows/).waitFor();
    await screenshotBothThemes(page, 'storage-advice');

    await page.getByRole('button', { name: 'Compact and update indexes…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Compact', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('storage-fragments').textContent()).toBe('1');
    await page
      .getByRole('status')
      .getByText(/^Nothing to do/)
      .waitFor();
    // The compaction ran as a job: the tab lists it with what it did.
    const jobs = page.getByRole('list', { name: 'Maintenance jobs' });
    const job = jobs.getByRole('listitem', { name: 'Compaction of docs' });
    await job.getByText(/^6 fragments merged into 1 \(version \d+\)$/).waitFor();
    await expect(job.getAttribute('data-job-state')).resolves.toBe('succeeded');
    // The six fragments compaction replaced are now only old versions' bytes, one tagged.
    await expect.poll(() => page.getByTestId('storage-old-bytes').textContent()).toMatch(/KiB$/);
    await page.getByText(/^cleanup frees .+; tags keep .+$/).waitFor();
    await screenshotBothThemes(page, 'storage-maintenance');
  });

  it('cleans up old versions, keeping the tagged one and every later one', async () => {
    await page.getByRole('button', { name: 'Clean up old versions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clean up docs' });
    await dialog.getByLabel('Days').fill('0');
    await dialog
      .getByTestId('cleanup-frees')
      .getByText(/^Old versions hold .+ that no tag keeps/)
      .waitFor();
    await expect(dialog.textContent()).resolves.toMatch(/Tagged versions\s+stay/);
    await screenshotBothThemes(page, 'storage-cleanup');
    await dialog.getByRole('button', { name: 'Clean up', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('listitem', { name: 'Cleanup of old versions of docs' })
      .getByText(new RegExp(`; kept from where tag keep is on version ${tagged}$`))
      .waitFor();
    await expect
      .poll(() => page.getByTestId('storage-versions').textContent())
      .not.toBe(String(tagged + 4));
    await page.getByRole('tab', { name: 'Versions' }).click();
    const timeline = page.getByRole('table', { name: 'Version timeline' });
    await expect
      .poll(
        async () => (await timeline.locator('tbody tr').last().getAttribute('aria-label')) ?? '',
      )
      .toBe(`Version ${tagged}`);
  });
});
