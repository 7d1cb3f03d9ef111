/**
 * Live changes in a real browser: another process (plain LanceDB in a child process) appends to an
 * open table; the tab says so within a couple of seconds with a Reload, the grid keeps its scroll
 * position through the reload, and the new rows are counted. A table another process creates
 * appears in the tree and in the filter box's name index without any action in the app.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

const run = promisify(execFile);

/** Plain LanceDB in another process: appends rows to a table, or creates one. */
async function otherProcess(folder: string, action: 'append' | 'create', table: string) {
  const script = `
    const lancedb = require('@lancedb/lancedb');
    (async () => {
      const db = await lancedb.connect(${JSON.stringify(folder)});
      if (${JSON.stringify(action)} === 'append') {
        const t = await db.openTable(${JSON.stringify(table)});
        await t.add(await t.query().limit(7).toArrow());
      } else {
        await db.createTable(${JSON.stringify(table)}, [{ id: 1, note: 'made elsewhere' }]);
      }
    })().catch((e) => { console.error(e); process.exit(1); });`;
  await run(process.execPath, ['-e', script], { cwd: process.cwd() });
}

let app: WebApp;
let page: Page;
let folder: string;

describe.skipIf(!hasChromium)('live changes in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    folder = join(app.dir, 'catalog');
    const connectionId = await openFolderInUi(app, page, folder);
    await app.catalogOf(connectionId).createTable('docs', sampleTable(600, 4));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByTestId('data-row-count').filter({ hasText: '600 rows' }).waitFor();
  });
  afterAll(async () => app?.close());

  it("shows another process's commit with a Reload that keeps the grid's scroll", async () => {
    const grid = `document.querySelector('[role="grid"][aria-label="Rows of docs"]')`;
    await page.evaluate(`${grid}.scrollTop = 4000`);
    await expect.poll(() => page.evaluate(`${grid}.scrollTop`)).toBe(4000);

    const committed = Date.now();
    await otherProcess(folder, 'append', 'docs');
    const banner = page.getByRole('status', { name: 'Table changed' });
    await banner.waitFor({ timeout: 10_000 });
    const seenAfterMs = Date.now() - committed;
    console.warn(`live change: banner ${seenAfterMs} ms after the other process's commit ended`);
    await expect(banner.textContent()).resolves.toMatch(/A new version committed elsewhere/);
    // Nothing reloads by itself.
    await expect(page.getByTestId('data-row-count').textContent()).resolves.toBe('600 rows');
    await screenshotBothThemes(page, 'live-change-banner');

    await banner.getByRole('button', { name: 'Reload' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('data-row-count').textContent()).toBe('607 rows');
    expect(await page.evaluate(`${grid}.scrollTop`)).toBe(4000);
  });

  it('finds a table another process created, in the tree and the filter box', async () => {
    await otherProcess(folder, 'create', 'elsewhere');
    await page.getByRole('treeitem', { name: 'elsewhere' }).waitFor({ timeout: 10_000 });
    await page.getByPlaceholder('Filter namespaces and tables…').fill('elsewh');
    await page.getByRole('treeitem', { name: 'elsewhere' }).waitFor();
  });
});
