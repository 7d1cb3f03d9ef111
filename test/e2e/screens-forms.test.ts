/**
 * Forms, labels and messages of issue 35, in Chromium against the web mode: the import preview
 * shows timestamps as the table will (item 9) and its file browser opens where the last file
 * was, with a box to type a folder (the friction); Connect to URL tells a server that is not a
 * catalog from refused credentials (item 15); an unreachable object store's advice is said once
 * (item 16); the Indexes tab creates indexes (item 18); namespace properties complain only once
 * left (item 19); and every labelled control is announced by its visible label (item 20).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';
import { treeItem, treeMenu } from './create-helpers';

let app: WebApp;
let page: Page;
let notCatalog: Server;
let notCatalogUrl: string;

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Each labelled form control (shown) of the dialog, or of another root, whose announced name differs from the label on
 * screen, as `announced ≠ seen`; and each colour swatch announced by a hex code. The name is
 * the control's aria-label (what overrides every other source), the label the text of its
 * field's caption.
 */
async function mislabelled(root = '[role="dialog"]'): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const dialog = document.querySelector(${JSON.stringify(root)});
    // A missing root is a failure, not a pass with nothing checked.
    if (!dialog) return ['nothing matches ' + ${JSON.stringify(root)}];
    const wrong = [];
    for (const control of dialog.querySelectorAll('input, select, textarea')) {
      if (control.type === 'hidden' || control.hidden || !control.offsetParent) continue;
      const field = control.closest('label.field');
      const caption = field && field.querySelector(':scope > span:first-child');
      if (!caption) continue;
      const seen = caption.textContent.trim();
      // aria-labelledby overrides aria-label, which overrides the caption.
      const labelledBy = control.getAttribute('aria-labelledby');
      const announced = labelledBy
        ? labelledBy.split(/\\s+/).map((id) => document.getElementById(id)?.textContent.trim() ?? '').join(' ')
        : control.getAttribute('aria-label') ?? seen;
      if (announced !== seen) wrong.push(announced + ' ≠ ' + seen);
    }
    for (const swatch of dialog.querySelectorAll('[role="radio"]')) {
      const name = swatch.getAttribute('aria-label') ?? swatch.textContent.trim();
      if (/#[0-9a-f]{3,8}\\b/i.test(name)) wrong.push(name + ' is a hex code');
    }
    return wrong;
  })()`)) as string[];
}

describe.skipIf(!hasChromium)('forms, labels and messages, in Chromium', () => {
  beforeAll(async () => {
    // A web server that is no catalog: it answers 401 to everything, as a login wall does.
    notCatalog = createServer((_, res) => {
      res.writeHead(401, { 'content-type': 'text/html', 'www-authenticate': 'Basic' });
      res.end('<h1>Please sign in</h1>');
    });
    await new Promise<void>((resolve) => notCatalog.listen(0, '127.0.0.1', resolve));
    notCatalogUrl = `http://127.0.0.1:${(notCatalog.address() as AddressInfo).port}`;
    app = await startWebApp();
    page = await app.newPage();
    await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await page.close();
    mkdirSync(join(app.dir, 'inbox', 'deep', 'er'), { recursive: true });
    writeFileSync(
      join(app.dir, 'inbox', 'deep', 'er', 'events.csv'),
      'id,at\n1,2024-01-05 10:30:00\n2,2024-02-29 23:59:59\n',
    );
  });
  // A page each, so that one case's open dialog cannot fail the next.
  beforeEach(async () => {
    page = await app.newPage();
  });
  afterEach(async () => page?.close());
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => notCatalog?.close(resolve));
  });

  it('previews timestamps as dates, and browses from a typed folder, then from the last one', async () => {
    await treeMenu(page, 'catalog', 'New table…');
    let dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByRole('button', { name: 'Browse…' }).click();
    const browser = dialog.getByRole('region', { name: 'File browser' });
    await browser.getByRole('list', { name: 'Folders' }).waitFor();
    // A typed folder and Enter: there in one step, without submitting the dialog.
    await browser.getByLabel('Go to folder').fill(join(app.dir, 'inbox', 'deep', 'er'));
    await browser.getByLabel('Go to folder').press('Enter');
    await browser.getByRole('button', { name: 'events.csv' }).click();
    const preview = dialog.getByRole('table', { name: 'Preview of the first rows' });
    await preview.waitFor();
    await expect(
      dialog.getByLabel('Type of column at', { exact: true }).inputValue(),
    ).resolves.toBe('timestamp');
    // The same moment the table will hold, not its milliseconds since 1970.
    await preview.getByRole('cell', { name: '2024-01-05T10:30:00.000Z' }).waitFor();
    await expect(preview.getByRole('cell', { name: /^\d{10,}$/ }).count()).resolves.toBe(0);
    await screenshotBothThemes(page, 'forms-import-preview');
    await closeDialog(dialog);

    // The next browse opens where that file was: one click from it.
    await treeMenu(page, 'catalog', 'New table…');
    dialog = page.getByRole('dialog', { name: 'New table' });
    await dialog.getByRole('button', { name: 'Browse…' }).click();
    await dialog
      .getByRole('region', { name: 'File browser' })
      .getByRole('button', { name: 'events.csv' })
      .waitFor();
    await screenshotBothThemes(page, 'forms-import-browser');
    await expect(mislabelled()).resolves.toEqual([]);
    await closeDialog(dialog);
  });

  it('tells a server that is not a catalog from refused credentials', async () => {
    await page.getByRole('button', { name: 'Connect…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect to URL' });
    await dialog.getByLabel('URL').fill(notCatalogUrl);
    await dialog.getByLabel('API key', { exact: true }).fill('some-key');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const result = dialog.getByLabel('Test result');
    await expect.poll(() => result.textContent()).toMatch(/not a Lance namespace catalog/);
    await expect(result.textContent()).resolves.not.toMatch(/API key/);
    // Connect says the same instead of keeping a connection that fails later.
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'not a Lance namespace catalog' }).waitFor();
    await screenshotBothThemes(page, 'forms-not-a-catalog');
    await expect(mislabelled()).resolves.toEqual([]);
    await closeDialog(dialog);
  });

  it("says an unreachable object store's advice once", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await page.getByRole('button', { name: 'Object store…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Open object store' });
    await dialog.getByLabel('URI').fill('s3://nowhere/catalog');
    await dialog.getByLabel('Endpoint').fill(`http://127.0.0.1:${port}`);
    await dialog.getByLabel('Access key ID').fill('key');
    await dialog.getByLabel('Secret access key').fill('secret');
    await expect(mislabelled()).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Service unavailable' });
    await alert.waitFor({ timeout: 60_000 });
    const text = (await alert.textContent())!;
    expect(text.match(/store is running/g)).toHaveLength(1);
    await screenshotBothThemes(page, 'forms-store-unreachable');
    await closeDialog(dialog);
  });

  it('creates an index from the Indexes tab', async () => {
    const connectionId = (await app.openConnectionIds())[0]!;
    await app.catalogOf(connectionId).createTable('docs', sampleTable(50, 8));
    await treeMenu(page, 'catalog', 'Refresh');
    await treeItem(page, 'docs').click();
    // The full-text form says which columns still need an index, and where to make one.
    await page.getByRole('tab', { name: 'Search', exact: true }).click();
    const search = page.getByRole('form', { name: 'Search' });
    await search.getByRole('radio', { name: 'Full text' }).check();
    const textColumn = search.getByRole('checkbox', { name: 'text', exact: true });
    await search.getByRole('checkbox', { name: 'text (no full-text index)' }).check();
    await search.getByLabel('Words').fill('river');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await search.getByText('create one with New index… on the Indexes tab').waitFor();
    await page.getByRole('tab', { name: 'Indexes', exact: true }).click();
    await page.getByRole('button', { name: 'New index…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create index' });
    await dialog.getByLabel('Column', { exact: true }).selectOption('text');
    await expect(mislabelled()).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Create index', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Indexes' }).getByText('text_idx').waitFor();
    await screenshotBothThemes(page, 'forms-indexes-tab');
    await page.getByRole('tab', { name: 'Search', exact: true }).click();
    await textColumn.waitFor();
  });

  it("announces every tab's labelled controls by their visible labels", async () => {
    await treeItem(page, 'docs').click();
    const wrong: string[] = [];
    for (const name of ['Overview', 'Schema', 'Data', 'Search', 'Indexes', 'Versions', 'Storage']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel').waitFor();
      wrong.push(...(await mislabelled('main')).map((w) => `${name}: ${w}`));
    }
    await page.getByRole('tab', { name: 'Search', exact: true }).click();
    for (const mode of ['Full text', 'Hybrid']) {
      await page.getByRole('form', { name: 'Search' }).getByRole('radio', { name: mode }).check();
      wrong.push(...(await mislabelled('main')).map((w) => `Search (${mode}): ${w}`));
    }
    expect(wrong).toEqual([]);
  });

  it("announces every dialog's labelled controls by their visible labels", async () => {
    const connectionId = (await app.openConnectionIds())[0]!;
    await app.catalogOf(connectionId).createTable('walked', sampleTable(20, 4));
    await treeMenu(page, 'catalog', 'Refresh');
    const wrong: string[] = [];
    const walk = async (title: string) => {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      wrong.push(...(await mislabelled()).map((w) => `${title}: ${w}`));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };
    await page.getByRole('button', { name: 'Open folder…' }).first().click();
    await walk('Open folder');
    for (const item of ['Rename…', 'Copy to…', 'Drop table…']) {
      await treeMenu(page, 'walked', item);
      await walk((await page.locator('[role="dialog"] .modal-title').textContent())!);
    }
    await treeMenu(page, 'catalog', 'New table…');
    await page.getByRole('dialog').getByRole('tab', { name: 'Empty, from a schema' }).click();
    await walk('New table');
    await treeItem(page, 'walked').click();
    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    await page.getByRole('button', { name: 'Export…' }).click();
    await walk((await page.locator('[role="dialog"] .modal-title').textContent())!);
    expect(wrong).toEqual([]);
  });

  it('says a property needs a key only once the key is left empty', async () => {
    await treeMenu(page, 'catalog', 'New namespace…');
    const dialog = page.getByRole('dialog', { name: 'New namespace' });
    await dialog.getByLabel('Namespace name', { exact: true }).fill('team');
    await dialog.getByRole('button', { name: 'Add property' }).click();
    const needsKey = dialog.getByText('Every property needs a key');
    await expect(needsKey.count()).resolves.toBe(0);
    // The new row's key has the focus; leaving it empty is when to say so.
    await expect
      .poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")'))
      .toBe('Property 1 key');
    await dialog.getByLabel('Property 1 value').click();
    await needsKey.waitFor();
    await dialog.getByLabel('Property 1 key').fill('owner');
    await expect(needsKey.count()).resolves.toBe(0);
    await screenshotBothThemes(page, 'forms-properties');
    await expect(mislabelled()).resolves.toEqual([]);
    await closeDialog(dialog);
  });
});
