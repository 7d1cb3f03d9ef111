/**
 * Schema evolution in the Schema tab, in Chromium, on a folder catalog and on a remote one (our
 * server over REST): add a computed column, rename it, change a type, drop a column whose index
 * the confirmation names, and see a bad SQL expression refused with a message naming the column.
 * Each change is checked in the engine too, and in the views the dialog refreshed.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogClient, TableHandle } from '../../src-main/catalog/client';
import { startCatalogServer, type RunningServer } from '../support/catalog-server';
import { sampleTable } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const ROWS = 30;

interface Backend {
  key: 'folder' | 'remote';
  /** Opens a catalog holding `items` in the UI and returns the engine that serves it. */
  open(app: WebApp, page: Page): Promise<CatalogClient>;
  close(): Promise<void>;
}

async function seed(engine: CatalogClient): Promise<void> {
  const table = await engine.createTable('items', sampleTable(ROWS, 4));
  await engine.waitForJob(
    (await table.createIndex({ column: 'category', index_type: 'BTREE' })).id,
  );
}

const folder: Backend = {
  key: 'folder',
  async open(app, page) {
    const engine = app.catalogOf(await openFolderInUi(app, page, join(app.dir, 'catalog')));
    await seed(engine);
    // The engine wrote behind the UI's back (no host event), so reload to list the table.
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    return engine;
  },
  close: async () => undefined,
};

let server: RunningServer | undefined;
const remote: Backend = {
  key: 'remote',
  async open(_app, page) {
    server = await startCatalogServer();
    await seed(server.catalog);
    await page.getByRole('button', { name: 'Connect to URL…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect to URL' });
    await dialog.getByLabel('URL').fill(server.url);
    await dialog.getByLabel('Connection name').fill('remote');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    return server.catalog;
  },
  close: async () => server?.close(),
};

describe.skipIf(!hasChromium).each([folder, remote])(
  'schema changes in the Schema tab on a $key catalog (Chromium)',
  (backend) => {
    let app: WebApp;
    let page: Page;
    let engine: CatalogClient;
    let table: TableHandle;

    const schema = () => page.getByRole('table', { name: 'Schema' });
    const fieldRow = (name: string) => schema().getByRole('rowheader', { name, exact: true });
    const columnMenu = async (path: string, item: string) => {
      await schema()
        .getByRole('button', { name: `Change column ${path}` })
        .click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    const shot = (name: string) => screenshotBothThemes(page, `${name}-${backend.key}`);

    beforeAll(async () => {
      app = await startWebApp();
      page = await app.newPage();
      engine = await backend.open(app, page);
      table = await engine.openTable('items');
      await page
        .getByRole('tree', { name: 'Catalog tree' })
        .getByRole('treeitem', { name: 'items', exact: true })
        .click();
      await page.getByRole('tab', { name: 'Schema' }).click();
      await fieldRow('category').waitFor();
    });
    afterAll(async () => {
      await app?.close();
      await backend.close();
    });

    it('adds a column computed from an SQL expression, previewed before it is written', async () => {
      const before = (await table.describe()).version;
      await page.getByRole('button', { name: 'Add column…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add column' });
      await dialog.getByLabel('Column name').fill('doubled');
      await dialog.getByRole('textbox', { name: 'SQL expression' }).fill('id * 2');
      const added = dialog
        .getByRole('table', { name: 'Schema after the change' })
        .locator('tr[data-change="added"]');
      await expect(added.textContent()).resolves.toMatch(/^doubled.*added.*= id \* 2/);
      await expect(
        dialog.getByRole('region', { name: 'What this changes' }).textContent(),
      ).resolves.toMatch(`Computes doubled for each of the ${ROWS} rows`);
      await shot('schema-add-column');
      await dialog.getByRole('button', { name: 'Add column' }).click();
      await dialog.waitFor({ state: 'detached' });

      await fieldRow('doubled').waitFor();
      expect((await table.describe()).version).toBe(before + 1);
      const rows = await table.query({ columns: ['id', 'doubled'], limit: 5 });
      expect([...rows.getChild('doubled')!.toArray()]).toEqual(
        [...rows.getChild('id')!.toArray()].map((v) => Number(v) * 2),
      );
    });

    it('renames a column, showing the old name in the preview', async () => {
      await columnMenu('doubled', 'Rename…');
      const dialog = page.getByRole('dialog', { name: 'Rename column doubled' });
      await dialog.getByLabel('New name').fill('id');
      await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
        'There is already a column id',
      );
      await expect(
        dialog.getByRole('button', { name: 'Rename column' }).isDisabled(),
      ).resolves.toBe(true);
      await dialog.getByLabel('New name').fill('twice');
      const renamed = dialog.locator('tr[data-change="renamed"]');
      await expect(renamed.textContent()).resolves.toMatch(/^twice.*was doubled/);
      await dialog.getByRole('button', { name: 'Rename column' }).click();
      await dialog.waitFor({ state: 'detached' });

      await fieldRow('twice').waitFor();
      await expect(fieldRow('doubled').count()).resolves.toBe(0);
      const names = (await table.schema()).fields.map((f) => f.name);
      expect(names).toContain('twice');
      expect(names).not.toContain('doubled');
    });

    it('offers only compatible types, and the nullability change only where it applies', async () => {
      await schema().getByRole('button', { name: 'Change column id' }).click();
      await page.getByRole('menuitem', { name: 'Make nullable…' }).waitFor();
      await page.getByRole('menuitem', { name: 'Change type…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change type of id' });
      await expect(
        dialog.getByLabel('New type').locator('option').allTextContents(),
      ).resolves.toEqual(['int64']);
      await expect(dialog.locator('tr[data-change="retyped"]').textContent()).resolves.toMatch(
        /^idint64.*was int32/,
      );
      await expect(
        dialog.getByRole('region', { name: 'What this changes' }).textContent(),
      ).resolves.toMatch(`Rewrites column id from int32 to int64 in all ${ROWS} rows`);
      await dialog.getByRole('button', { name: 'Change type' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(
        schema()
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: 'id', exact: true }) })
          .textContent(),
      ).resolves.toMatch(/int64/);
      expect(String((await table.schema()).fields.find((f) => f.name === 'id')!.type)).toBe(
        'Int64',
      );

      // A nullable text column: nothing to loosen, and LanceDB casts text only to large_utf8.
      await schema().getByRole('button', { name: 'Change column text' }).click();
      await page.getByRole('menuitem', { name: 'Drop…' }).waitFor();
      await expect(page.getByRole('menuitem', { name: 'Make nullable…' }).count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
    });

    it('drops a column, naming the index that goes with it', async () => {
      await columnMenu('category', 'Drop…');
      const dialog = page.getByRole('dialog', { name: 'Drop column category' });
      const consequence = dialog.getByRole('region', { name: 'What this changes' });
      await consequence.getByText('category_idx').waitFor();
      await expect(consequence.textContent()).resolves.toMatch(
        /This index is dropped with it: category_idx/,
      );
      await expect(dialog.locator('tr[data-change="dropped"]').textContent()).resolves.toMatch(
        /^category/,
      );
      await shot('schema-drop-column');
      await dialog.getByRole('button', { name: 'Drop column' }).click();
      await dialog.waitFor({ state: 'detached' });

      await fieldRow('category').waitFor({ state: 'detached' });
      expect((await table.schema()).fields.map((f) => f.name)).not.toContain('category');
      await expect(table.listIndices()).resolves.toEqual([]);
      // The dialog refreshed the table's other views: its indexes, and its version.
      await page.getByRole('tab', { name: 'Indexes' }).click();
      await page.getByText('No indexes yet.', { exact: false }).waitFor();
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect
        .poll(() => page.getByTestId('version').textContent())
        .toBe(String((await table.describe()).version));
      await page.getByRole('tab', { name: 'Schema' }).click();
    });

    it('refuses a bad SQL expression with a message naming the column', async () => {
      const before = (await table.describe()).version;
      await page.getByRole('button', { name: 'Add column…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add column' });
      await dialog.getByLabel('Column name').fill('broken');
      await dialog.getByRole('textbox', { name: 'SQL expression' }).fill('id +* 2');
      await dialog.getByRole('button', { name: 'Add column' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toMatch(/^Invalid input.*column broken/);
      // The earlier changes' toasts are still up, and under an open dialog they sit beneath its
      // overlay: wherever they are, they can cover none of the dialog's buttons.
      const toasts = page.locator('.toast');
      await expect(toasts.count()).resolves.toBeGreaterThan(0);
      for (const toast of await toasts.all()) {
        const box = (await toast.boundingBox())!;
        // Hit-tested with every element made hit-testable, so the answer is what is painted on
        // top (an open dialog turns pointer events off outside itself).
        const onTop = await page.evaluate(`(() => {
          const everything = document.createElement('style');
          everything.textContent = '* { pointer-events: auto !important; }';
          document.head.append(everything);
          const top = document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2});
          everything.remove();
          return Boolean(top && top.closest('.toast'));
        })()`);
        expect(onTop).toBe(false);
      }
      await expect(alert.textContent()).resolves.not.toMatch(/\n\s+at |\.rs:\d+/);
      await shot('schema-bad-expression');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await table.describe()).version).toBe(before);
      await expect(fieldRow('broken').count()).resolves.toBe(0);
    });
  },
);
