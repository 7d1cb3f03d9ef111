/**
 * The Versions tab in a real browser: the timeline newest first with what each commit did and its
 * rows; the diff of two versions; a checkout shown read-only under a banner on the Data and Schema
 * tabs, and the way back; a branch made from a version, switched to and written on; a tag created,
 * moved and deleted; and a restore behind its confirmation, after which the table holds the old
 * rows as a new version.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableHandle } from '../../src-main/catalog/client';
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
let table: TableHandle;

const timeline = () => page.getByRole('table', { name: 'Version timeline' });
const versionRow = (v: number) =>
  timeline().getByRole('row', { name: `Version ${v}`, exact: true });

describe.skipIf(!hasChromium)('versions tab in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    table = await app.catalogOf(connectionId).createTable('docs', sampleTable(10, 4));
    await table.insert(sampleTable(5, 4, { idOffset: 100 }));
    await table.insert(sampleTable(5, 4, { idOffset: 200 }));
    await table.addColumns({ columns: [{ name: 'twice', expression: 'id * 2' }] });
    await table.delete('id >= 200');
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Versions' }).click();
  });
  afterAll(async () => app?.close());

  it('shows what each version did, with its rows, and a chart of rows and size', async () => {
    await versionRow(5).waitFor();
    const rows = timeline().locator('tbody tr');
    await expect(rows.count()).resolves.toBe(5);
    await expect(rows.first().getAttribute('aria-label')).resolves.toBe('Version 5');
    await expect
      .poll(() => versionRow(5).textContent())
      .toMatch(/latest.*Delete.*where id >= 200.*15 \(−5\)/);
    await expect(versionRow(4).textContent()).resolves.toMatch(/Add column twice.*schema/);
    await expect(versionRow(2).textContent()).resolves.toMatch(/Append.*15 \(\+5\)/);
    await expect(versionRow(1).textContent()).resolves.toMatch(/Create.*10/);
    await page.getByRole('img', { name: 'Rows over 5 versions' }).waitFor();
    await page.getByRole('img', { name: 'Size over 5 versions' }).waitFor();
  });

  it('diffs two versions', async () => {
    await page.getByLabel('Compare version', { exact: true }).selectOption('1');
    await page.getByLabel('with version', { exact: true }).selectOption('5');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const result = page.getByLabel('Changes from version 1 to 5');
    await result.waitFor();
    await expect(result.textContent()).resolves.toMatch(/Rows: 10 → 15 \(\+5\)/);
    await expect(result.getByLabel('Column changes').textContent()).resolves.toMatch(/\+ twice/);
    await screenshotBothThemes(page, 'versions-timeline-diff');
  });

  it('checks out a version read-only on every tab, and goes back to latest', async () => {
    await page.getByRole('button', { name: 'Check out version 2' }).click();
    const banner = page.getByRole('status', { name: 'Checked-out version' });
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toMatch(/Viewing version 2, read-only/);
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toMatch(/^15 rows/);
    await expect(page.getByRole('button', { name: 'Create index…' }).isDisabled()).resolves.toBe(
      true,
    );
    await screenshotBothThemes(page, 'versions-checkout-data');
    await page.getByRole('tab', { name: 'Schema' }).click();
    await expect(
      page.getByRole('table', { name: 'Schema' }).getByText('twice', { exact: true }).count(),
    ).resolves.toBe(0);
    await banner.getByRole('button', { name: 'Back to latest' }).click();
    await banner.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Schema' })
      .getByText('twice', { exact: true })
      .first()
      .waitFor();
    expect(await table.countRows()).toBe(15);
    await page.getByRole('tab', { name: 'Versions' }).click();
  });

  it('makes a branch from a version, switches to it and writes there only', async () => {
    await page.getByRole('button', { name: 'Branch from version 3' }).click();
    await page.getByLabel('Branch name').fill('trial');
    await expect(page.getByLabel('From version', { exact: true }).inputValue()).resolves.toBe('3');
    await page.getByRole('button', { name: 'Create branch', exact: true }).click();
    await expect.poll(() => page.getByLabel('Branch', { exact: true }).inputValue()).toBe('trial');
    await page.getByLabel('Version summary').filter({ hasText: 'on branch trial' }).waitFor();
    await screenshotBothThemes(page, 'versions-branch');
    await page.getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toMatch(/^20 rows/);
    await page.getByLabel('Branch', { exact: true }).selectOption('');
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toMatch(/^15 rows/);
    expect((await table.listBranches()).map((b) => b.name)).toEqual(['trial']);
    expect(await table.countRows({ branch: 'trial' })).toBe(20);
    await page.getByRole('tab', { name: 'Versions' }).click();
  });

  it('tags, moves and deletes a tag', async () => {
    await page.getByRole('button', { name: 'Tag version 1' }).click();
    await page.getByLabel('Tag name').fill('first-load');
    await page.getByRole('button', { name: 'Create tag', exact: true }).click();
    await versionRow(1).getByLabel('Tag first-load', { exact: true }).waitFor();
    expect(await table.getTagVersion('first-load')).toBe(1);
    await screenshotBothThemes(page, 'versions-timeline');

    await versionRow(1).getByRole('button', { name: 'Move tag first-load' }).click();
    await page.getByLabel('On version').selectOption('2');
    await page.getByRole('button', { name: 'Move tag', exact: true }).click();
    await versionRow(2).getByLabel('Tag first-load', { exact: true }).waitFor();
    expect(await table.getTagVersion('first-load')).toBe(2);

    await versionRow(2).getByRole('button', { name: 'Delete tag first-load' }).click();
    await expect
      .poll(() => versionRow(2).getByLabel('Tag first-load', { exact: true }).count())
      .toBe(0);
    expect((await table.listTags()).map((t) => t.name)).toEqual([]);
  });

  it('restores a version as a new one, after saying what changes', async () => {
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore version 1' });
    await expect(dialog.textContent()).resolves.toMatch(
      /as a new version 6\. Rows go from 15 to 10\./,
    );
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    await dialog.waitFor({ state: 'detached' });
    await versionRow(6).waitFor();
    await expect.poll(() => versionRow(6).textContent()).toMatch(/Restore.*of version 1/);
    expect(await table.countRows()).toBe(10);
  });
});
