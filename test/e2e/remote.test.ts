/**
 * The app against our own REST catalog server, in Chromium: connect with a key after testing the
 * connection, browse and change the catalog; then connect with a reader key, and a writer key
 * limited to one namespace, and see the app offer only what each may do, saying why.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { startCatalogServer, type RunningServer } from '../support/catalog-server';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
let server: RunningServer;

const item = (page: Page, name: string) =>
  page.getByRole('tree', { name: 'Catalog tree' }).getByRole('treeitem', { name, exact: true });

async function connect(page: Page, key: string, name: string) {
  await page.getByRole('button', { name: 'Connect to URL…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect to URL' });
  await dialog.getByLabel('URL').fill(server.url);
  await dialog.getByLabel('API key', { exact: true }).fill(key);
  await dialog.getByLabel('Connection name').fill(name);
  return dialog;
}

describe.skipIf(!hasChromium)(
  'a remote catalog (Chromium; skipped without /usr/bin/chromium)',
  () => {
    beforeAll(async () => {
      server = await startCatalogServer({
        auth: {
          principals: [
            { name: 'admin', api_keys: ['admin-key'], role: 'admin' },
            { name: 'reader', api_keys: ['reader-key'], role: 'reader' },
            {
              name: 'teamwriter',
              api_keys: ['writer-key'],
              role: 'writer',
              namespaces: [['team']],
            },
          ],
        },
      });
      await server.catalog.createNamespace(['team']);
      await server.catalog.createTable('events', sampleTable(25, 4), ['team']);
      app = await startWebApp();
    });
    afterAll(async () => {
      await app?.close();
      await server?.close();
    });

    it('tests the connection precisely, then browses and changes the catalog with an admin key', async () => {
      await app.closeAllConnections();
      const page = await app.newPage();
      const dialog = await connect(page, 'wrong-key', 'remote');
      await dialog.getByLabel('URL').fill('not a url');
      await dialog.getByText('must start with http').waitFor();
      await expect(
        dialog.getByRole('button', { name: 'Connect', exact: true }).isDisabled(),
      ).resolves.toBe(true);
      await dialog.getByLabel('URL').fill(server.url);
      await dialog.getByLabel('Extra headers').fill('no colon here');
      await dialog.getByText('needs the form Name: value').waitFor();
      await dialog.getByLabel('Extra headers').fill('x-trace: e2e');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect(dialog.getByLabel('Test result').textContent()).resolves.toMatch(/401/);
      await dialog.getByLabel('API key', { exact: true }).fill('admin-key');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      // Polled: until the new test answers, the result still shows the refusal before it.
      await expect.poll(() => dialog.getByLabel('Test result').textContent()).toMatch(/^✓/);
      await screenshotBothThemes(page, 'connect-url');
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      await item(page, 'team').click();
      await item(page, 'events').click();
      await expect(page.getByTestId('row-count').textContent()).resolves.toBe('25');

      await item(page, 'remote').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'New namespace…' }).click();
      const create = page.getByRole('dialog', { name: 'New namespace' });
      await create.getByLabel('Namespace name').fill('made_remotely');
      await create.getByRole('button', { name: 'Create namespace' }).click();
      await create.waitFor({ state: 'detached' });
      await expect(server.catalog.namespaceExists(['made_remotely'])).resolves.toBe(true);
      await item(page, 'made_remotely').waitFor();

      await item(page, 'events').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Rename…' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename table events' });
      await rename.getByLabel('New name').fill('events_v2');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await rename.waitFor({ state: 'detached' });
      await expect(server.catalog.tableExists('events_v2', ['team'])).resolves.toBe(true);
      await page.close();
    });

    it('offers a reader no change at all, and says why', async () => {
      await app.closeAllConnections();
      const page = await app.newPage();
      const dialog = await connect(page, 'reader-key', 'read-only key');
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await item(page, 'team').waitFor();

      const badge = item(page, 'read-only key').locator('.badge');
      await expect(badge.textContent()).resolves.toBe('read-only');
      await expect(badge.getAttribute('title')).resolves.toMatch(
        /The server gives reader the reader role/,
      );
      await item(page, 'read-only key').click({ button: 'right' });
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Refresh' }).waitFor();
      for (const change of ['New namespace…', 'New table…'])
        await expect(menu.getByRole('menuitem', { name: change }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
      await item(page, 'team').click();
      // Renamed by the admin in the first test.
      await item(page, 'events_v2').click();
      await page.getByRole('region', { name: 'Table events_v2' }).waitFor();
      await expect(page.getByRole('button', { name: 'Create index…' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Drop…' }).count()).resolves.toBe(0);
      await page.close();
    });

    it('shows a scoped writer what needs more, disabled, with the reason', async () => {
      await app.closeAllConnections();
      const page = await app.newPage();
      const dialog = await connect(page, 'writer-key', 'team key');
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await item(page, 'team').waitFor();
      await expect(item(page, 'team key').locator('.badge').textContent()).resolves.toBe('writer');

      // Inside its namespace it may create tables, not namespaces (that needs admin).
      await item(page, 'team').click({ button: 'right' });
      const menu = page.getByRole('menu');
      const newTable = menu.getByRole('menuitem', { name: 'New table…' });
      const newNamespace = menu.getByRole('menuitem', { name: 'New namespace…' });
      await expect(newTable.getAttribute('data-disabled')).resolves.toBeNull();
      await expect(newNamespace.getAttribute('data-disabled')).resolves.toBe('');
      await expect(newNamespace.getAttribute('title')).resolves.toMatch(/needs the admin role/);
      // Greyed, not only inert: it looks unavailable.
      const opacity = await page.evaluate(
        `Number(getComputedStyle(document.querySelector('[role="menuitem"][data-disabled]')).opacity)`,
      );
      expect(opacity).toBeLessThan(0.6);
      await screenshotBothThemes(page, 'rights-menu');
      await page.keyboard.press('Escape');

      // At the root, outside its namespace, not even a table.
      await item(page, 'team key').click({ button: 'right' });
      await expect(
        page.getByRole('menuitem', { name: 'New table…' }).getAttribute('title'),
      ).resolves.toMatch(/may change only team/);
      await page.keyboard.press('Escape');

      // The table's own buttons: an index may be built, the table not dropped.
      await item(page, 'team').click();
      await item(page, 'events_v2').click();
      const view = page.getByRole('region', { name: 'Table events_v2' });
      await expect(view.getByRole('button', { name: 'Create index…' }).isDisabled()).resolves.toBe(
        false,
      );
      const drop = view.getByRole('button', { name: 'Drop…' });
      await expect(drop.isDisabled()).resolves.toBe(true);
      await expect(drop.getAttribute('title')).resolves.toMatch(/needs the admin role/);
      await page.close();
    });
  },
);
