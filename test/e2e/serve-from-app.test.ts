/**
 * Serving a folder from the app, in a real browser: the tree's menu opens the Serve dialog, the
 * server starts read-only with a generated key, LanceDB's own remote client connects with the URL
 * and key read off the dialog, its requests are counted in the dialog, a write is refused, and
 * Stop ends it.
 */
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
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

describe.skipIf(!hasChromium)('serve from the app in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await app.catalogOf(connectionId).createTable('docs', sampleTable(30, 4));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
  });
  afterAll(async () => app?.close());

  it('serves the folder, which LanceDB’s remote client reads, and stops', async () => {
    await page.getByRole('treeitem', { name: 'catalog' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Serve as REST catalog…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Serve catalog' });
    await dialog.getByLabel('Port').fill('0');
    await expect(dialog.getByLabel('Read-only (every write is refused)').isChecked()).resolves.toBe(
      true,
    );
    await dialog.getByLabel('Address').fill('0.0.0.0');
    await dialog.getByLabel('No auth (this machine only)').check();
    await dialog.getByRole('alert').filter({ hasText: 'needs a key or an auth file' }).waitFor();
    await dialog.getByLabel('Address').fill('127.0.0.1');
    await dialog.getByLabel('A generated API key').check();
    await dialog.getByRole('button', { name: 'Start serving' }).click();

    const url = (await dialog.getByLabel('Served URL').textContent())!;
    const key = (await dialog.getByLabel('API key').textContent())!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(
      dialog.getByLabel('python snippet', { exact: true }).textContent(),
    ).resolves.toContain(`host_override="${url}"`);

    const db = await lancedb.connect('db://default', { apiKey: key, hostOverride: url });
    expect(await db.tableNames()).toEqual(['docs']);
    const docs = await db.openTable('docs');
    expect(await docs.countRows()).toBe(30);
    await expect(docs.add(sampleTable(1, 4, { idOffset: 99 }))).rejects.toThrow(/403|read-only/i);
    await expect
      .poll(() => dialog.getByLabel('Requests').textContent(), { timeout: 5000 })
      .toMatch(/^[3-9]\d* requests · [1-9]\d* refused or failed/);
    await screenshotBothThemes(page, 'serve-from-app');

    await dialog.getByRole('button', { name: 'Stop serving' }).click();
    await dialog.getByRole('button', { name: 'Start serving' }).waitFor();
    await expect(fetch(`${url}/v1/namespace/list`)).rejects.toThrow();
  });

  it("opens the same dialog from the desktop menu's command and from the palette", async () => {
    // The Electron menu item calls host.appCommand('serve'); the page in view answers it.
    app.host.appCommand('serve');
    const dialog = page.getByRole('dialog', { name: 'Serve catalog' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+k');
    await page.getByRole('option', { name: 'Serve catalog as REST catalog…' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
  });
});
