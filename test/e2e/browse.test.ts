/**
 * Browsing a folder catalog in Chromium: the tree (lazy, keyboard, filter), the palette, deep
 * links across a reload, rename and drop behind confirmations, and read-only connections.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import type { CatalogClient } from '../../src-main/catalog/client';
import { sampleTable } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

let app: WebApp;

const tree = (page: Page) => page.getByRole('tree', { name: 'Catalog tree' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

async function freshCatalog(page: Page, name: string): Promise<[string, CatalogClient]> {
  await app.closeAllConnections();
  // Written before the app opens the folder, as a catalog someone already has.
  const folder = join(app.dir, name);
  const writer = await connect(folder);
  await writer.createNamespace(['sales']);
  await writer.createNamespace(['sales', 'europe']);
  await writer.createTable('orders', sampleTable(40, 4), ['sales', 'europe']);
  await writer.createTable('people', sampleTable(5, 4));
  await writer.close();
  const id = await openFolderInUi(app, page, folder);
  const catalog = app.catalogOf(id);
  return [id, catalog];
}

describe.skipIf(!hasChromium)(
  'browsing a catalog (Chromium; skipped without /usr/bin/chromium)',
  () => {
    beforeAll(async () => {
      app = await startWebApp();
    });
    afterAll(async () => app?.close());

    it('expands namespaces lazily, moves by keyboard, and opens a table with Enter', async () => {
      const page = await app.newPage();
      await freshCatalog(page, 'keys');
      await item(page, 'sales').click();
      await item(page, 'europe').waitFor();
      await expect(item(page, 'europe').getAttribute('aria-expanded')).resolves.toBe('false');

      await item(page, 'europe').focus();
      await page.keyboard.press('ArrowRight');
      await item(page, 'orders').waitFor();
      await page.keyboard.press('ArrowDown');
      await expect(
        item(page, 'orders').evaluate((el) => el === el.ownerDocument.activeElement),
      ).resolves.toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('europe').waitFor();
      await expect(page.getByTestId('row-count').textContent()).resolves.toBe('40');
      // Left goes back to the parent; Left again collapses it.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await item(page, 'orders').waitFor({ state: 'detached' });
      await screenshotBothThemes(page, 'tree');
      await page.close();
    });

    it('filters across the whole catalog, including namespaces never expanded', async () => {
      const page = await app.newPage();
      await freshCatalog(page, 'filter');
      await item(page, 'sales').waitFor();
      await page.getByLabel('Filter tree').fill('ORD');
      const results = page.getByRole('listbox', { name: 'Filter results' });
      const hit = results.getByRole('option', { name: 'Table sales / europe / orders' });
      await hit.waitFor();
      await page.getByLabel('Filter tree').fill('nothing-like-this');
      await results.getByText('No names match').first().waitFor();
      await page.getByLabel('Filter tree').fill('orders');
      await hit.click();
      // The pick opens the table and reveals its namespace in the tree.
      await expect(page.getByTestId('row-count').textContent()).resolves.toBe('40');
      await item(page, 'orders').waitFor();
      await page.close();
    });

    it('jumps to a table from the command palette, and a deep link survives a reload', async () => {
      const page = await app.newPage();
      await freshCatalog(page, 'palette');
      await page.keyboard.press('Control+k');
      await page.getByPlaceholder('Type a command or a table name…').fill('people');
      await page
        .getByRole('option', { name: /people/ })
        .first()
        .click();
      await expect(page.getByTestId('row-count').textContent()).resolves.toBe('5');
      expect(page.url()).toMatch(/#\/t\/.+\/people\/overview$/);

      await page.reload();
      await page.locator('[data-app-state="ready"]').waitFor();
      await expect(page.getByTestId('row-count').textContent()).resolves.toBe('5');
      await page.close();
    });

    it('renames a table into another namespace and drops it, each behind a confirmation', async () => {
      const page = await app.newPage();
      const [, catalog] = await freshCatalog(page, 'rename');
      await item(page, 'people').click();
      await item(page, 'people').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Rename…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename table people' });
      await dialog.getByLabel('New name').fill('bad name!');
      await dialog.getByText('may contain only letters').waitFor();
      await expect(dialog.getByRole('button', { name: 'Rename' }).isDisabled()).resolves.toBe(true);
      await dialog.getByLabel('New name').fill('customers');
      await dialog.getByLabel('Namespace').fill('sales');
      await dialog.getByRole('button', { name: 'Rename' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(catalog.tableExists('customers', ['sales'])).resolves.toBe(true);
      await expect(catalog.tableExists('people')).resolves.toBe(false);
      // The open tab follows the table.
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('customers').waitFor();

      await page.getByRole('button', { name: 'Drop…' }).click();
      const drop = page.getByRole('dialog', { name: 'Drop table customers' });
      await drop.getByText('and its 5 rows').waitFor();
      await screenshotBothThemes(page, 'drop-table');
      const confirm = drop.getByRole('button', { name: 'Drop table' });
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await drop.getByLabel('Type the name to confirm').fill('customer');
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await drop.getByLabel('Type the name to confirm').fill('customers');
      await confirm.click();
      await drop.waitFor({ state: 'detached' });
      await expect(catalog.tableExists('customers', ['sales'])).resolves.toBe(false);
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText('Dropped table')
        .waitFor();
      await page.close();
    });

    it('keeps the tree and every open tab through a filter and a reload, and reveals a new table', async () => {
      const page = await app.newPage();
      const [, catalog] = await freshCatalog(page, 'session');
      await item(page, 'sales').click();
      await item(page, 'europe').click();
      await item(page, 'orders').click();
      await page.getByRole('region', { name: 'Table orders' }).waitFor();
      await item(page, 'people').click();
      await page.getByRole('region', { name: 'Table people' }).waitFor();

      // A filter replaces the tree with its matches; clearing it brings back what was open.
      const filter = page.getByLabel('Filter tree');
      await filter.fill('ord');
      await page
        .getByRole('option', { name: /orders/ })
        .first()
        .waitFor();
      await filter.fill('');
      await item(page, 'orders').waitFor();
      await expect(item(page, 'europe').getAttribute('aria-expanded')).resolves.toBe('true');

      // A reload keeps both tabs, the active one, and the expanded namespaces.
      await page.reload();
      await page.locator('[data-app-state="ready"]').waitFor();
      const tabs = page.getByRole('tablist', { name: 'Open tables' });
      await expect(tabs.getByRole('tab').allTextContents()).resolves.toEqual([
        expect.stringContaining('orders'),
        expect.stringContaining('people'),
      ]);
      await page.getByRole('region', { name: 'Table people' }).waitFor();
      await item(page, 'orders').waitFor();

      // A table opened from anywhere (here a link) is shown and selected in the tree, its
      // collapsed namespaces opened on the way.
      await catalog.createNamespace(['sales', 'asia']);
      await catalog.createTable('fresh', sampleTable(3, 4), ['sales', 'asia']);
      await item(page, 'sales').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Refresh' }).click();
      await item(page, 'sales').click();
      await expect(item(page, 'sales').getAttribute('aria-expanded')).resolves.toBe('false');
      const hash = await page.evaluate('location.hash');
      const connection = decodeURIComponent(String(hash).split('/')[2]!);
      await page.evaluate(
        `location.hash = '#/t/${encodeURIComponent(connection)}/sales/asia/fresh/overview'`,
      );
      await page.getByRole('region', { name: 'Table fresh' }).waitFor();
      await expect.poll(() => item(page, 'fresh').getAttribute('aria-selected')).toBe('true');
      await expect(item(page, 'asia').getAttribute('aria-expanded')).resolves.toBe('true');
      await page.close();
    });

    it("opens a namespace's page: its properties, what is inside with numbers, and create from there", async () => {
      const page = await app.newPage();
      await freshCatalog(page, 'pages');
      await item(page, 'sales').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
      const sales = page.getByRole('region', { name: 'Namespace sales' });
      await sales
        .getByRole('list', { name: 'Namespaces inside' })
        .getByRole('button', { name: 'europe' })
        .waitFor();

      // A namespace made from the page, with properties, which its own page shows.
      await sales.getByRole('button', { name: 'New namespace…' }).click();
      const create = page.getByRole('dialog', { name: 'New namespace' });
      await create.getByLabel('Namespace name').fill('asia');
      await create.getByRole('button', { name: 'Add property' }).click();
      await create.getByLabel('Property 1 key').fill('owner');
      await create.getByLabel('Property 1 value').fill('ana');
      await create.getByRole('button', { name: 'Create namespace' }).click();
      await create.waitFor({ state: 'detached' });
      await sales.getByRole('button', { name: 'asia' }).click();
      const asia = page.getByRole('region', { name: 'Namespace sales / asia' });
      const properties = asia.getByRole('table', { name: 'Properties' });
      await properties.getByRole('row', { name: 'owner ana' }).waitFor();

      // Tables inside with their rows and size, sortable.
      await item(page, 'europe').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
      const europe = page.getByRole('region', { name: 'Namespace sales / europe' });
      const tables = europe.getByRole('table', { name: 'Tables inside' });
      await tables.getByRole('row', { name: /orders 40/ }).waitFor();
      await tables.getByRole('button', { name: 'Rows' }).click();
      await expect(
        tables.getByRole('columnheader', { name: /Rows/ }).getAttribute('aria-sort'),
      ).resolves.toBe('descending');
      await screenshotBothThemes(page, 'namespace-page');
      // A table opens from the page.
      await tables.getByRole('button', { name: 'orders' }).click();
      await page.getByRole('region', { name: 'Table orders' }).waitFor();
      await page.close();
    });

    it('refuses to drop a namespace that is not empty unless cascade is chosen', async () => {
      const page = await app.newPage();
      const [, catalog] = await freshCatalog(page, 'cascade');
      await item(page, 'sales').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Drop namespace…' }).click();
      const drop = page.getByRole('dialog', { name: 'Drop namespace sales' });
      // One count, of everything at every depth, said once.
      await drop.getByText('sales holds 1 table and 1 namespace, at every depth.').waitFor();
      await drop.getByLabel('Type the name to confirm').fill('sales');
      await drop.getByRole('button', { name: 'Drop namespace', exact: true }).click();
      await expect(drop.getByRole('alert').textContent()).resolves.toMatch(/^Namespace not empty/);
      await expect(catalog.namespaceExists(['sales', 'europe'])).resolves.toBe(true);

      // Cascade chosen: the refusal no longer applies, and the list names what will go.
      await drop.getByLabel(/Cascade/).check();
      await expect.poll(() => drop.getByRole('alert').count()).toBe(0);
      const lost = drop.getByRole('list', { name: 'What will be dropped' });
      await expect(lost.getByRole('listitem').allTextContents()).resolves.toEqual([
        'table sales / europe / orders — 40 rows, 1 version',
        'namespace sales / europe',
      ]);
      await screenshotBothThemes(page, 'drop-namespace-cascade');
      await drop.getByRole('button', { name: 'Drop namespace and contents' }).click();
      await drop.waitFor({ state: 'detached' });
      await expect(catalog.namespaceExists(['sales'])).resolves.toBe(false);
      await item(page, 'sales').waitFor({ state: 'detached' });
      await page.close();
    });

    it('creates a namespace with a live-checked name, and hides every change when read-only', async () => {
      const page = await app.newPage();
      const [, catalog] = await freshCatalog(page, 'readonly');
      await item(page, 'readonly').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'New namespace…' }).click();
      const dialog = page.getByRole('dialog', { name: 'New namespace' });
      await dialog.getByLabel('Namespace name').fill('..');
      await dialog.getByText('must not be ".."').waitFor();
      await dialog.getByLabel('Namespace name').fill('sales');
      await dialog.getByRole('button', { name: 'Create namespace' }).click();
      await dialog.getByRole('alert').getByText('Namespace already exists').waitFor();
      await dialog.getByLabel('Namespace name').fill('marketing');
      await dialog.getByRole('button', { name: 'Add property' }).click();
      await dialog.getByLabel('Property 1 key').fill('owner');
      await dialog.getByLabel('Property 1 value').fill('ana');
      await dialog.getByRole('button', { name: 'Create namespace' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(catalog.describeNamespace(['marketing'])).resolves.toMatchObject({
        properties: { owner: 'ana' },
      });
      await item(page, 'marketing').waitFor();

      // The same folder, opened read-only: no change is offered anywhere.
      await page.getByRole('button', { name: 'Open folder…' }).first().click();
      const open = page.getByRole('dialog', { name: 'Open folder' });
      await open.getByLabel('Folder path').fill(join(app.dir, 'readonly'));
      await open.getByLabel('Connection name').fill('frozen');
      await open.getByLabel(/Read-only/).check();
      await open.getByRole('button', { name: 'Open', exact: true }).click();
      await open.waitFor({ state: 'detached' });
      await item(page, 'frozen').click({ button: 'right' });
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Refresh' }).waitFor();
      await expect(menu.getByRole('menuitem', { name: 'New namespace…' }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
      await tree(page).getByRole('treeitem', { name: 'people' }).last().click();
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('frozen').waitFor();
      await expect(page.getByRole('button', { name: 'Drop…' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Create index…' }).count()).resolves.toBe(0);
      await page.close();
    });
  },
);
