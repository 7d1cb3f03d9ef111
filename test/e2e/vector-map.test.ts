/**
 * The Map tab in a real browser on real tables with a 128-dimension vector column: the projection
 * (PCA, then UMAP in the worker) drawn and coloured by a column, hover, a lasso that becomes the
 * grid's filter, "Find similar" from a point and the search marked on the map; then 50,000 rows,
 * whose paint time and the longest main-thread task during pan and zoom are the goals,
 * and cancel. Screenshots in both themes.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { seededRandom } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const DIM = 128;

/** Rows around `clusters` centres (cluster k's rows are those with id % clusters = k). */
function clusteredTable(rows: number, clusters: number, seed: number) {
  const random = seededRandom(seed);
  const centres = Array.from({ length: clusters }, () =>
    Float32Array.from({ length: DIM }, () => (random() - 0.5) * 8),
  );
  const values = new Float32Array(rows * DIM);
  for (let r = 0; r < rows; r += 1) {
    const centre = centres[r % clusters]!;
    for (let i = 0; i < DIM; i += 1) values[r * DIM + i] = centre[i]! + (random() - 0.5);
  }
  const item = new arrow.Field('item', new arrow.Float32(), true);
  const vector = arrow.makeVector(
    arrow.makeData({
      type: new arrow.FixedSizeList(DIM, item),
      length: rows,
      nullCount: 0,
      child: arrow.makeData({ type: new arrow.Float32(), length: rows * DIM, data: values }),
    }),
  );
  return new arrow.Table({
    id: arrow.makeVector(Int32Array.from({ length: rows }, (_, i) => i)),
    cluster: arrow.vectorFromArray(
      Array.from({ length: rows }, (_, i) => `k${i % clusters}`),
      new arrow.Utf8(),
    ),
    score: arrow.makeVector(Float64Array.from({ length: rows }, (_, i) => (i % 100) / 10)),
    vector,
  });
}

let app: WebApp;
let page: Page;

const status = () => page.getByTestId('map-status');
const canvas = () => page.getByRole('img', { name: /^Map of / });
const settings = () => page.getByRole('form', { name: 'Map settings' });

async function openMap(table: string) {
  await page.getByRole('treeitem', { name: table }).click();
  await page.getByRole('tab', { name: 'Map' }).click();
  await settings().waitFor();
}

async function draw(rows: number, colour: string) {
  await settings().getByLabel('Colour by').selectOption(colour);
  await settings().getByLabel('At most rows').fill(String(rows));
  await settings().getByRole('button', { name: 'Draw map' }).click();
}

/** Moves the pointer over the canvas until a point's tooltip shows; returns where. */
async function hoverSomePoint(): Promise<{ x: number; y: number }> {
  const box = (await canvas().boundingBox())!;
  for (let gy = 1; gy < 24; gy += 1) {
    for (let gx = 1; gx < 24; gx += 1) {
      const at = { x: box.x + (box.width * gx) / 24, y: box.y + (box.height * gy) / 24 };
      await page.mouse.move(at.x, at.y);
      if (await page.getByRole('tooltip').isVisible()) return at;
    }
  }
  throw new Error('no point found under the pointer');
}

const LONG_TASKS = `(() => {
  window.mapLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.mapLongTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
})()`;

describe.skipIf(!hasChromium)('vector map in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await app.catalogOf(connectionId).createTable('embeddings', clusteredTable(3_000, 6, 5));
    await app.catalogOf(connectionId).createTable('big', clusteredTable(50_000, 12, 6));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
  });
  afterAll(async () => app?.close());

  it('draws the map, refines it by UMAP, colours it by a column and shows a row on hover', async () => {
    await openMap('embeddings');
    await draw(3_000, 'cluster');
    await expect
      .poll(() => status().getAttribute('data-status'), { timeout: 120_000 })
      .toBe('done');
    await expect(status().textContent()).resolves.toMatch(
      /^3,000 rows: UMAP \(PCA [\d.]+ ms, UMAP [\d.]+ (ms|s)\)$/,
    );
    await expect.poll(() => canvas().getAttribute('data-painted')).toBe('3000');
    const legend = page.getByRole('figure', { name: 'Colour by cluster' });
    await expect(legend.getByRole('listitem').allTextContents()).resolves.toEqual([
      'k0',
      'k1',
      'k2',
      'k3',
      'k4',
      'k5',
    ]);
    await hoverSomePoint();
    await expect(page.getByRole('tooltip').textContent()).resolves.toMatch(/^id \d+cluster k\d$/);
    await screenshotBothThemes(page, 'vector-map');
  });

  it('lassoes a region into the grid’s filter', async () => {
    await page
      .getByRole('group', { name: 'Pointer mode' })
      .getByRole('button', { name: 'Lasso' })
      .click();
    const box = (await canvas().boundingBox())!;
    // The left half of the map, as a polygon of many steps (as a hand draws it).
    const corners = [
      [0.02, 0.02],
      [0.5, 0.02],
      [0.5, 0.98],
      [0.02, 0.98],
    ];
    await page.mouse.move(box.x + box.width * 0.02, box.y + box.height * 0.02);
    await page.mouse.down();
    for (const [fx, fy] of [...corners.slice(1), corners[0]!]) {
      await page.mouse.move(box.x + box.width * fx!, box.y + box.height * fy!, { steps: 8 });
    }
    await page.mouse.up();
    const region = page.getByRole('region', { name: 'Lassoed rows' });
    const text = (await region.locator('span').first().textContent())!;
    const lassoed = Number(/^([\d,]+) rows in the lasso$/.exec(text)![1]!.replaceAll(',', ''));
    expect(lassoed).toBeGreaterThan(0);
    expect(lassoed).toBeLessThan(3_000);
    await screenshotBothThemes(page, 'vector-map-lasso');
    await region.getByRole('button', { name: 'Show in grid' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Data' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect(page.getByLabel('Filter rows (SQL WHERE)').inputValue()).resolves.toMatch(
      /^id (IN \(|= )/,
    );
    await expect
      .poll(() => page.getByTestId('data-row-count').textContent())
      .toBe(`${lassoed.toLocaleString('en-US')} of 3,000 rows match`);
  });

  it('opens a point’s row, finds rows similar to it, and marks that search on the map', async () => {
    await page.getByRole('tab', { name: 'Map' }).click();
    await page
      .getByRole('group', { name: 'Pointer mode' })
      .getByRole('button', { name: 'Pan and zoom' })
      .click();
    const at = await hoverSomePoint();
    const key = /^id (\d+)/.exec((await page.getByRole('tooltip').textContent())!)![1]!;
    await page.mouse.click(at.x, at.y);
    const picked = page.getByRole('region', { name: 'Picked row' });
    await expect(picked.textContent()).resolves.toContain(`id = ${key}`);
    // The row inspector shows the whole row.
    await page.getByRole('complementary').getByText('cluster').first().waitFor();
    await picked.getByRole('button', { name: 'Find similar' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Search' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByTestId('search-summary').waitFor();
    await page.getByRole('tab', { name: 'Map' }).click();
    await expect(page.locator('.map-search-note').textContent()).resolves.toMatch(
      /results are ringed; its query is the cross \(10 of 10 results are among these rows\)/,
    );
    await screenshotBothThemes(page, 'vector-map-search');
  });

  it('paints 50,000 points within 200 ms, pans and zooms without a long task, and cancels', async () => {
    await openMap('big');
    await draw(50_000, 'score');
    // The PCA picture is on screen while UMAP finds neighbours.
    await expect
      .poll(() => canvas().getAttribute('data-painted'), { timeout: 120_000 })
      .toBe('50000');
    // From the frame's arrival on the page (React, the hit grid, the pixel loop) to the pixels.
    const toScreenMs = Number(await canvas().getAttribute('data-frame-to-paint-ms'));
    const box = (await canvas().boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    /** One gesture (zoom in, drag, zoom out): the longest main-thread task during it. */
    const gesture = async () => {
      await page.evaluate(LONG_TASKS);
      await page.mouse.move(centre.x, centre.y);
      for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, -240);
      await page.mouse.down();
      await page.mouse.move(centre.x + 200, centre.y + 120, { steps: 20 });
      await page.mouse.up();
      for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, 240);
      // Two frames, so the last paint is in.
      await page.evaluate(
        'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
      );
      return (await page.evaluate('Math.max(0, ...window.mapLongTasks)')) as number;
    };
    // Three gestures, judged by the best: a task our code makes long comes back every time,
    // while one stretched by other processes on this two-core machine does not.
    const longest = [await gesture(), await gesture(), await gesture()];
    const paintMs = Number(await canvas().getAttribute('data-paint-ms'));
    console.warn(
      `vector map, 50,000 points: frame to screen ${toScreenMs} ms, last paint ${paintMs} ms, longest task per pan/zoom gesture ${longest.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    expect(toScreenMs).toBeLessThan(200);
    expect(Math.min(...longest)).toBeLessThanOrEqual(50);
    await settings().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => status().getAttribute('data-status')).toBe('cancelled');
    await expect(status().textContent()).resolves.toMatch(/^50,000 rows: cancelled; showing the/);
    await screenshotBothThemes(page, 'vector-map-50k');
  });
});
