/**
 * Layout that fits (issue 35, item 8 and the Create index friction), measured in Chromium at
 * 1280×720 and 1440×900: every action button of a screen is whole and either in view or
 * reachable by scrolling its own container; a results grid scrolls sideways to its last column;
 * a cell or header too long for its column says its whole text on hover; a dialog's acting
 * button is in view however long its form. Boxes come from the browser, not from the CSS.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { sampleTable } from '../support/sample-data';
import { finishedJob } from '../support/host-calls';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';
import { unreachableButtons } from './fit-checks';

let app: WebApp;
let page: Page;
let connectionId: string;

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

const LONG_NOTE = `${'a remark that goes on and on '.repeat(8)}until its end`;
const GRID = (table: string) => `[role="grid"][aria-label="Rows of ${table}"]`;

async function buildIndex(request: object) {
  const started = await app.host.call('indexes:create', {
    connectionId,
    path: [],
    table: 'reviews',
    request,
  });
  if (!started.ok) throw new Error(started.error.message);
  const job = await finishedJob(app.host, (started.value as { id: string }).id);
  expect(job.state).toBe('succeeded');
}

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const form = () => page.getByRole('form', { name: 'Search' });
const treeItem = (name: string) =>
  page.getByRole('tree', { name: 'Catalog tree' }).getByRole('treeitem', { name, exact: true });

describe.skipIf(!hasChromium)('screens that fit, in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    const table = await catalog.createTable('reviews', sampleTable(600, 128));
    await table.createTag('first', 1);
    await buildIndex({
      column: 'vector',
      index_type: 'IVF_PQ',
      num_partitions: 4,
      num_sub_vectors: 8,
    });
    await buildIndex({ column: 'text', index_type: 'FTS', with_position: true });
    await catalog.createTable(
      'notes',
      new arrow.Table({
        id: arrow.vectorFromArray([1, 2], new arrow.Int32()),
        note: arrow.vectorFromArray([LONG_NOTE, 'short'], new arrow.Utf8()),
      }),
    );
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await treeItem('reviews').click();
  });
  afterAll(async () => app?.close());

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;

    it(`keeps the Indexes tab's buttons whole with the jobs panel open, at ${at}`, async () => {
      await page.setViewportSize(size);
      await treeItem('reviews').click();
      await tab('Indexes').click();
      await page.getByRole('table', { name: 'Indexes' }).waitFor();
      if ((await page.getByRole('complementary', { name: 'Jobs' }).count()) === 0)
        await page.getByRole('button', { name: /^Jobs/ }).click();
      await page.getByRole('complementary', { name: 'Jobs' }).waitFor();
      // The tab offers its own create button (item 18), whole like the rest.
      await page.getByRole('button', { name: 'New index…' }).waitFor();
      await screenshotBothThemes(page, `fit-indexes-${at}`);
      await expect(unreachableButtons(page, 'main')).resolves.toEqual([]);
      await page.getByRole('button', { name: /^Jobs/ }).click();
    });

    it(`keeps the Versions table's buttons whole, at ${at}`, async () => {
      await page.setViewportSize(size);
      await treeItem('reviews').click();
      await tab('Versions').click();
      await page.getByRole('table', { name: 'Version timeline' }).waitFor();
      await screenshotBothThemes(page, `fit-versions-${at}`);
      await expect(unreachableButtons(page, 'main')).resolves.toEqual([]);
      // "Branch…" reads whole, not "Bran".
      const cut = (await page.evaluate(`(() => {
        const b = document.querySelector('[aria-label="Branch from version 1"]');
        return b.scrollWidth > b.clientWidth;
      })()`)) as boolean;
      expect(cut).toBe(false);
    });

    it(`scrolls hybrid search results to their last column, at ${at}`, async () => {
      await page.setViewportSize(size);
      await treeItem('reviews').click();
      await tab('Search').click();
      await form().getByRole('radio', { name: 'Hybrid' }).check();
      await form().getByRole('button', { name: 'Random row' }).click();
      await expect.poll(() => form().getByLabel('Query vector').inputValue()).toMatch(/^\[/);
      await form().getByLabel('Words').fill('mountain');
      await form().getByRole('button', { name: 'Search', exact: true }).click();
      const results = page.locator(GRID('reviews'));
      const score = results.getByRole('columnheader', { name: /^_relevance_score/ });
      await score.waitFor();
      // A header cut short says its whole name on hover.
      await score.locator('.header-name').hover();
      const named = (await page.evaluate(`(() => {
        const name = [...document.querySelectorAll('${GRID('reviews')} .header-name')]
          .find((n) => n.textContent.startsWith('_relevance_score'));
        return name.scrollWidth <= name.clientWidth ||
          (name.closest('[title]')?.title ?? '').includes('_relevance_score');
      })()`)) as boolean;
      expect(named).toBe(true);
      await screenshotBothThemes(page, `fit-search-${at}`);
      // Every column of the answer can be scrolled to inside the grid: at the right end the
      // answer's last column is drawn, whole, inside the grid's box.
      const scrolls = (await page.evaluate(`(() => {
        const grid = document.querySelector('${GRID('reviews')}');
        grid.scrollLeft = grid.scrollWidth;
        return grid.scrollWidth > grid.clientWidth &&
          /(auto|scroll)/.test(getComputedStyle(grid).overflowX);
      })()`)) as boolean;
      expect(scrolls).toBe(true);
      const header = results.getByRole('columnheader', { name: /^vector/ });
      await header.waitFor();
      const box = (await header.boundingBox())!;
      const gridBox = (await results.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
      expect(box.x).toBeGreaterThanOrEqual(gridBox.x - 1);
      await screenshotBothThemes(page, `fit-search-right-${at}`);
      await expect(unreachableButtons(page, '.search-grid')).resolves.toEqual([]);
    });

    it(`says a long cell's whole text on hover, at ${at}`, async () => {
      await page.setViewportSize(size);
      await treeItem('notes').click();
      await tab('Data').click();
      const cell = page
        .locator(GRID('notes'))
        .getByRole('gridcell')
        .filter({ hasText: 'a remark that goes on' });
      await cell.locator('.cell-text').hover();
      await expect
        .poll(() =>
          page.evaluate(`(() => {
            const cell = [...document.querySelectorAll('${GRID('notes')} [role="gridcell"]')]
              .find((c) => c.textContent.includes('a remark'));
            return cell.querySelector('[title]')?.title ?? cell.title;
          })()`),
        )
        .toBe(LONG_NOTE);
      // A cell that fits keeps no tooltip that would only repeat it.
      const short = page.locator(GRID('notes')).getByRole('gridcell', { name: 'short' });
      await short.locator('.cell-text').hover();
      await expect(short.locator('[title]').count()).resolves.toBe(0);
    });

    it(`keeps Create index in view under a long index form, at ${at}`, async () => {
      await page.setViewportSize(size);
      await treeItem('reviews').click();
      await page.getByRole('button', { name: 'Create index…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create index' });
      await dialog.getByLabel('Column', { exact: true }).selectOption('vector');
      await dialog.getByRole('radio', { name: /IVF-HNSW-PQ/ }).check();
      const button = dialog.getByRole('button', { name: 'Create index', exact: true });
      const inView = async () => {
        const b = (await button.boundingBox())!;
        return b.y >= 0 && b.y + b.height <= size.height;
      };
      await expect(inView()).resolves.toBe(true);
      await screenshotBothThemes(page, `fit-create-index-${at}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
