/**
 * Issue 35, group B, in a real browser: the versions charts' axes (item 3), the recall plot's
 * labels (6), one date format (10), the timeline's words for schema changes and a diff of an
 * update (11), the branch form after a restore (14), and the storage figures (17). One server and
 * one browser for all; each case takes screenshots in both themes.
 *
 * SCREENS_B_RENDERER=<folder> runs the cases against another renderer build (the code before the
 * fixes, say), to see them fail there.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogClient, TableHandle } from '../../src-main/catalog/client';
import { callOk, finishedJob } from '../support/host-calls';
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
let connectionId: string;
let catalog: CatalogClient;
let sized: TableHandle;

const timeline = () => page.getByRole('table', { name: 'Version timeline' });
const versionRow = (v: number) =>
  timeline().getByRole('row', { name: `Version ${v}`, exact: true });
/** A timeline row's cells: version, written, operation, rows, size, tags. */
const cell = (v: number, column: number) => versionRow(v).locator('td').nth(column);

async function openTable(name: string, tab: string) {
  await page.getByRole('treeitem', { name, exact: true }).click();
  await page.getByRole('tab', { name: tab }).click();
}

/** The Versions tab of `sized`, which lies in namespace shop (each case may run alone). */
async function openSized() {
  const item = page.getByRole('treeitem', { name: 'sized', exact: true });
  if (!(await item.isVisible())) {
    await page.getByRole('treeitem', { name: 'shop' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    await page
      .getByRole('table', { name: 'Tables inside' })
      .getByRole('button', { name: 'sized' })
      .click();
  } else {
    await item.click();
  }
  await page.getByRole('tab', { name: 'Versions' }).click();
}

/** The text boxes of an SVG's labels, and the SVG's own box. */
async function labelBoxes(figure: string, labels: string) {
  return (await page.evaluate(`(() => {
    const svg = document.querySelector(${JSON.stringify(figure)});
    const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: el.textContent }; };
    return { svg: box(svg), labels: [...svg.querySelectorAll(${JSON.stringify(labels)})].map(box) };
  })()`)) as {
    svg: { left: number; right: number; top: number; bottom: number };
    labels: Array<{ left: number; right: number; top: number; bottom: number; text: string }>;
  };
}

describe.skipIf(!hasChromium)('issue 35 group B screens in Chromium', () => {
  beforeAll(async () => {
    const rendererDir = process.env.SCREENS_B_RENDERER;
    app = await startWebApp(rendererDir ? { rendererDir } : {});
    page = await app.newPage();
    connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    catalog = app.catalogOf(connectionId);
    await catalog.createNamespace(['shop']);
    // Three versions, for the charts' axes and the sizes on every page.
    sized = await catalog.createTable('sized', sampleTable(2000, 32), ['shop']);
    await sized.insert(sampleTable(2000, 32, { idOffset: 10_000 }));
    await sized.insert(sampleTable(1000, 32, { idOffset: 20_000 }));
    // A schema's life: a column added, cast, renamed, one dropped, then an update.
    const hist = await catalog.createTable('hist', sampleTable(10, 4));
    await hist.addColumns({ columns: [{ name: 'twice', expression: 'id * 2' }] });
    await hist.alterColumns({ alterations: [{ path: 'twice', dataType: { type: 'int64' } }] });
    await hist.alterColumns({ alterations: [{ path: 'category', rename: 'kind' }] });
    await hist.dropColumns({ columns: ['tags'] });
    await hist.update({ updates: { text: "'changed'" }, filter: 'id < 3' });
    // 18 deleted of 20,000 rows in one fragment; and a table of one version.
    const single = await catalog.createTable('single', sampleTable(20_000, 4));
    await single.delete('id < 18');
    await catalog.createTable('fresh', sampleTable(100, 4));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
  });
  afterAll(async () => app?.close());

  it('tells a table its size once: the namespace page, Overview, Storage and Versions agree', async () => {
    await page.getByRole('treeitem', { name: 'shop' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    const tables = page.getByRole('table', { name: 'Tables inside' });
    const row = tables.getByRole('row').filter({ hasText: 'sized' });
    await expect.poll(() => row.locator('td').nth(1).textContent()).toMatch(/iB$/);
    const onNamespacePage = await row.locator('td').nth(1).textContent();
    await screenshotBothThemes(page, 'screens-b-namespace-sizes');
    await row.getByRole('button', { name: 'sized' }).click();
    await expect.poll(() => page.getByTestId('size').textContent()).toBe(onNamespacePage);
    await page.getByRole('tab', { name: 'Storage' }).click();
    await expect.poll(() => page.getByTestId('storage-bytes').textContent()).toBe(onNamespacePage);
    await page.getByText("Latest version's data").waitFor();
    await screenshotBothThemes(page, 'screens-b-storage-sizes');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect.poll(() => cell(3, 4).textContent()).toBe(onNamespacePage);
  });

  it('ticks the versions charts from the real range, in units, one tick per version', async () => {
    await openSized();
    const size = page.getByRole('img', { name: 'Size over 3 versions' });
    await size.waitFor();
    const ticks = (axis: 'x' | 'y') =>
      size.locator(`[aria-label="${axis}-axis tick label"] text`).allTextContents();
    const y = await ticks('y');
    expect(y.length).toBeGreaterThan(1);
    for (const label of y) expect(label).toMatch(/^\d+(\.\d+)? (B|KiB|MiB)$/);
    expect(await ticks('x')).toEqual(['1', '2', '3']);
    const rows = page.getByRole('img', { name: 'Rows over 3 versions' });
    const rowTicks = await rows.locator('[aria-label="y-axis tick label"] text').allTextContents();
    expect(rowTicks[0]).toBe('0');
    await screenshotBothThemes(page, 'screens-b-versions-charts');
  });

  it('writes every date and time in one format, the locale’s', async () => {
    await openSized();
    const [first] = (await sized.listVersions()).sort((a, b) => a.version - b.version);
    const expected = await page.evaluate(
      `new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(${first!.timestampMillis})`,
    );
    await expect(cell(1, 1).textContent()).resolves.toBe(expected);
  });

  it('moves the branch form to the new latest after a restore', async () => {
    await openSized();
    await expect(page.getByLabel('From version', { exact: true }).inputValue()).resolves.toBe('3');
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore version 1' }).click();
    await versionRow(4).waitFor();
    await expect
      .poll(() => page.getByLabel('From version', { exact: true }).inputValue())
      .toBe('4');
    await screenshotBothThemes(page, 'screens-b-branch-after-restore');
  });

  it('names schema changes by what they did, and a diff of an update shows the rows', async () => {
    await openTable('hist', 'Versions');
    await versionRow(6).waitFor();
    await expect.poll(() => cell(2, 2).textContent()).toMatch(/^Add column twice/);
    await expect
      .poll(() => cell(3, 2).textContent())
      .toMatch(/^Change column type twice: int32 → int64/);
    await expect.poll(() => cell(4, 2).textContent()).toMatch(/^Rename column category → kind/);
    await expect.poll(() => cell(5, 2).textContent()).toMatch(/^Drop column tags/);
    await screenshotBothThemes(page, 'screens-b-timeline-schema');
    await page.getByLabel('Compare version', { exact: true }).selectOption('5');
    await page.getByLabel('with version', { exact: true }).selectOption('6');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const result = page.getByLabel('Changes from version 5 to 6');
    await result.waitFor();
    await expect(result.getByTestId('diff-data').textContent()).resolves.toMatch(
      /Update \(version 6\).*3 rows rewritten by the update/,
    );
    await screenshotBothThemes(page, 'screens-b-diff-update');
  });

  it('reads storage figures as they are: a share never 0.0%, a lone fragment not small', async () => {
    await openTable('single', 'Storage');
    await expect.poll(() => page.getByTestId('storage-deleted').textContent()).toBe('18');
    await page.getByText('<0.1% of stored rows').waitFor();
    await expect(page.getByTestId('storage-fragments').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('storage-small').textContent()).resolves.toBe('none to merge');
    await screenshotBothThemes(page, 'screens-b-storage-deleted');

    // Cleanup's dialog says what it really does: no new version unless there is work.
    await page.getByRole('button', { name: 'Clean up old versions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clean up single' });
    await expect(dialog.textContent()).resolves.not.toMatch(/as a new version/);
    await expect(dialog.textContent()).resolves.toMatch(
      /Only when there is something to merge or to index does that write a new version/,
    );
    await screenshotBothThemes(page, 'screens-b-cleanup-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await openTable('fresh', 'Storage');
    await expect.poll(() => page.getByTestId('storage-old-bytes').textContent()).toBe('nothing');
    await page.getByText('cleanup would free nothing').waitFor();
    await screenshotBothThemes(page, 'screens-b-storage-fresh');
  });

  it("keeps the recall plot's labels inside it, none over another", async () => {
    await catalog.createTable('vecs', sampleTable(600, 16));
    const job = await callOk<{ id: string }>(app.host, 'indexes:create', {
      connectionId,
      path: [],
      table: 'vecs',
      request: { column: 'vector', index_type: 'IVF_PQ', num_partitions: 4, num_sub_vectors: 4 },
    });
    expect((await finishedJob(app.host, job.id)).state).toBe('succeeded');
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await openTable('vecs', 'Indexes');
    const recall = page.getByRole('group', { name: 'Recall of index vector_idx' });
    await recall.getByRole('button', { name: 'Check recall…' }).click();
    const form = page.getByRole('form', { name: 'Recall check settings for vector_idx' });
    await form.getByLabel('k (neighbours)').fill('10');
    await form.getByLabel('nprobes to try').fill('1, 2, 3, 4');
    await form.getByLabel('Sampled queries').fill('20');
    await form.getByRole('button', { name: 'Start check' }).click();
    const report = recall.getByRole('region', { name: 'Recall of vector_idx' });
    await report.waitFor({ timeout: 60_000 });
    await report.getByRole('img', { name: /Recall against latency/ }).waitFor();
    // The labels as this code draws them, or as Plot's text mark drew them before.
    const { svg, labels } = await labelBoxes(
      '.recall-chart svg',
      'g[aria-label="setting labels"] text, g[aria-label="text"] text',
    );
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(label.left, label.text).toBeGreaterThanOrEqual(svg.left);
      expect(label.right, label.text).toBeLessThanOrEqual(svg.right);
    }
    for (let i = 0; i < labels.length; i++) {
      for (const other of labels.slice(i + 1)) {
        const a = labels[i]!;
        const overlap =
          a.left < other.right - 1 &&
          other.left < a.right - 1 &&
          a.top < other.bottom - 1 &&
          other.top < a.bottom - 1;
        expect(overlap, `${a.text} over ${other.text}`).toBe(false);
      }
    }
    await report.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, 'screens-b-recall-labels');
  });
});
