/**
 * The Versions tab in a real browser: the timeline newest first, a tag created, moved and deleted,
 * and a restore behind its confirmation, after which the table holds the old rows as a new version.
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
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Versions' }).click();
  });
  afterAll(async () => app?.close());

  it('shows the timeline, and tags, moves and deletes a tag', async () => {
    await versionRow(3).waitFor();
    const rows = timeline().locator('tbody tr');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.first().getAttribute('aria-label')).resolves.toBe('Version 3');
    await expect(versionRow(3).textContent()).resolves.toContain('latest');

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
      /as a new version 4 \(it holds 20 rows now\)/,
    );
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    await dialog.waitFor({ state: 'detached' });
    await versionRow(4).waitFor();
    expect(await table.countRows()).toBe(10);
  });
});
