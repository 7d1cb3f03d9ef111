/**
 * Copying between catalogs in a real browser: a table from a folder to a catalog served by
 * `catalog-studio serve` (another process) and back, from the tree's menu, rows and indexes
 * checked on each side with LanceDB itself; copying onto an existing name asks first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const KEY = 'copy-e2e-key';
let app: WebApp;
let page: Page;
let server: ServerProcess;
let authDir: string;

const item = (name: string) =>
  page.getByRole('tree', { name: 'Catalog tree' }).getByRole('treeitem', { name, exact: true });

/** From the folder's table (the folder connection is first in the tree). */
async function copyFromMenu(table: string, to: string, as: string) {
  await item(table).first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Copy to…' }).click();
  const dialog = page.getByRole('dialog', { name: `Copy ${table}` });
  await dialog.getByLabel('To connection').selectOption({ label: to });
  await dialog.getByLabel('Into namespace').fill('');
  await dialog.getByLabel('As table').fill(as);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  return dialog;
}

describe.skipIf(!hasChromium)('copy between catalogs in Chromium', () => {
  beforeAll(async () => {
    authDir = mkdtempSync(join(tmpdir(), 'cs-copy-auth-'));
    writeFileSync(
      join(authDir, 'auth.json'),
      JSON.stringify({ principals: [{ name: 'a', api_keys: [KEY], role: 'admin' }] }),
    );
    app = await startWebApp();
    server = await startServerProcess([
      '--root',
      join(app.dir, 'served'),
      '--auth',
      join(authDir, 'auth.json'),
    ]);
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'local'));
    const catalog = app.catalogOf(connectionId);
    const docs = await catalog.createTable('docs', sampleTable(2500, 8));
    await catalog.waitForJob((await docs.createIndex({ column: 'id', index_type: 'BTREE' })).id);
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('button', { name: 'Connect to URL…' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect to URL' });
    await connect.getByLabel('URL').fill(server.url);
    await connect.getByLabel('API key', { exact: true }).fill(KEY);
    await connect.getByLabel('Connection name').fill('served');
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await connect.waitFor({ state: 'detached' });
  });
  afterAll(async () => {
    await app?.close();
    await server?.kill();
    rmSync(authDir, { recursive: true, force: true });
  });

  it('copies a folder table to the served catalog with its index, and back', async () => {
    const dialog = await copyFromMenu('docs', `served (${server.url})`, 'docs');
    await dialog.getByRole('status').filter({ hasText: 'Copied 2,500 rows' }).waitFor({
      timeout: 60_000,
    });
    await screenshotBothThemes(page, 'copy-to-served');
    const remote = await lancedb.connect('db://default', { apiKey: KEY, hostOverride: server.url });
    const there = await remote.openTable('docs');
    expect(await there.countRows()).toBe(2500);
    expect((await there.listIndices()).map((i) => i.name)).toEqual(['id_idx']);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The same name again: the app asks before touching it.
    const again = await copyFromMenu('docs', `served (${server.url})`, 'docs');
    await again.getByRole('radio', { name: /^Append to it/ }).check();
    await again.getByRole('button', { name: 'Append', exact: true }).click();
    await again.getByRole('status').filter({ hasText: 'Copied 2,500 rows' }).waitFor({
      timeout: 60_000,
    });
    expect(await there.countRows()).toBe(5000);
    await again.getByRole('button', { name: 'Close' }).click();

    // And back, from the served catalog to the folder under another name.
    await item('served').click();
    await item('docs')
      .nth(1)
      .waitFor()
      .catch(() => undefined);
    await item('served').click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => item('docs').count()).toBe(2);
    const served = item('docs').last();
    await served.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy to…' }).click();
    const back = page.getByRole('dialog', { name: 'Copy docs' });
    await back.getByLabel('To connection').selectOption({ index: 0 });
    await back.getByLabel('As table').fill('docs_back');
    await back.getByRole('button', { name: 'Copy', exact: true }).click();
    await back
      .getByRole('status')
      .filter({ hasText: 'Copied 5,000 rows' })
      .or(back.getByRole('alert'))
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await back.getByRole('alert').count(), (await back.textContent()) ?? '').toBe(0);
    const local = await lancedb.connectNamespace('dir', { root: join(app.dir, 'local') });
    const home = await local.openTable('docs_back');
    expect(await home.countRows()).toBe(5000);
    expect((await home.listIndices()).map((i) => i.name)).toEqual(['id_idx']);
  });
});
