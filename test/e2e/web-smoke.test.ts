/**
 * Smoke test of the web mode in a real browser: Debian's Chromium driven by Playwright loads the
 * built renderer from the web transport, which answers with the real host.
 */
import { join } from 'node:path';
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

describe.skipIf(!hasChromium)(
  'web mode in Chromium (skipped when /usr/bin/chromium is absent; `npm test` installs it where it runs as root)',
  () => {
    beforeAll(async () => {
      app = await startWebApp();
    });
    afterAll(async () => app?.close());

    it('loads, opens a folder, and shows changes made elsewhere without a reload', async () => {
      const page = await app.newPage();
      await expect(
        page.getByText('Open a catalog of Lance tables to begin.').isVisible(),
      ).resolves.toBe(true);

      await screenshotBothThemes(page, 'start');
      const folder = join(app.dir, 'catalog');
      const connectionId = await openFolderInUi(app, page, folder);
      const tree = page.getByRole('tree', { name: 'Catalog tree' });
      await tree.getByRole('treeitem', { name: 'catalog' }).waitFor();

      const catalog = app.catalogOf(connectionId);
      await catalog.createTable('visible_table', sampleTable(3, 4));
      await app.host.call('namespaces:create', { connectionId, path: ['ns_from_event'] });
      // The namespace arrives through the SSE event and an invalidation, with no reload.
      await tree.getByRole('treeitem', { name: 'ns_from_event' }).waitFor();
      await tree.getByRole('treeitem', { name: 'visible_table' }).click();
      await page.getByTestId('row-count').getByText('3').waitFor();
      await screenshotBothThemes(page, 'table-overview');
      await page.close();
    });

    it('shows a clear error for a bad folder', async () => {
      const page = await app.newPage();
      await page.getByRole('button', { name: 'Open folder…' }).first().click();
      await page.getByLabel('Folder path').fill('/proc/cpuinfo');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      const alert = page.getByRole('dialog').getByRole('alert');
      await expect(alert.textContent()).resolves.toMatch(/Invalid input.*is a file, not a folder/);
      await page.close();
    });

    it('picks a folder with the server-side folder browser', async () => {
      const page = await app.newPage();
      await page.getByRole('button', { name: 'Open folder…' }).first().click();
      await page.getByLabel('Folder path').fill(app.dir);
      await page.getByRole('button', { name: 'Browse…' }).click();
      const folders = page.getByRole('list', { name: 'Folders' });
      await folders.getByRole('button', { name: 'catalog', exact: true }).click();
      await page.getByText(join(app.dir, 'catalog'), { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Use this folder' }).click();
      await expect(page.getByLabel('Folder path').inputValue()).resolves.toBe(
        join(app.dir, 'catalog'),
      );
      await page.close();
    });

    it('is refused without the token', async () => {
      const page = await app.browser.newPage();
      const response = await page.goto(app.url.split('?')[0]!);
      expect(response?.status()).toBe(401);
      await page.close();
    });
  },
);
