/**
 * Smoke test of the web mode in a real browser: Debian's Chromium driven by Playwright loads the
 * built renderer from the web transport, which answers with the real host.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import { buildWebServer, type WebServer } from '../../src-main/web/web-server';
import { sampleTable } from '../support/sample-data';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);

let dir: string;
let host: Host;
let web: WebServer;
let url: string;
let browser: Browser;

describe.skipIf(!hasChromium)(
  'web mode in Chromium (skipped when /usr/bin/chromium is absent; .ci/run installs it)',
  () => {
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cs-e2e-'));
      await build({
        configFile: join(__dirname, '../../vite.config.ts'),
        logLevel: 'error',
        build: { outDir: join(dir, 'renderer'), emptyOutDir: true },
      });
      host = new Host({
        userDataDir: join(dir, 'data'),
        secrets: new FileSecretStore(join(dir, 'data', 's.json')),
      });
      web = buildWebServer({ host, rendererDir: join(dir, 'renderer') });
      url = await web.listen(0);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await web?.app.close();
      await host?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('loads, answers, opens a folder and shows its tables', async () => {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator('main[data-app-state="ready"]').waitFor();
      await expect(page.getByText('No catalog is open yet.').isVisible()).resolves.toBe(true);

      const folder = join(dir, 'catalog');
      await page.getByLabel('Catalog folder').fill(folder);
      await page.getByRole('button', { name: 'Open folder' }).click();
      await page.getByText(folder).waitFor();

      const opened = await host.call('connections:list-open', {});
      if (!opened.ok) throw new Error(opened.error.message);
      const connectionId = (opened.value as Array<{ id: string }>)[0]!.id;
      const catalog = (
        host as unknown as { connections: { get(id: string): { catalog: any } } }
      ).connections.get(connectionId).catalog;
      await catalog.createTable('visible_table', sampleTable(3, 4));
      await host.call('namespaces:create', { connectionId, path: ['ns_from_event'] });
      // The namespace arrives through the SSE event and a refresh, with no reload.
      await page
        .getByRole('list', { name: 'Contents of catalog' })
        .getByText('ns_from_event/')
        .waitFor();
      await expect(
        page
          .getByRole('list', { name: 'Contents of catalog' })
          .getByText('visible_table')
          .isVisible(),
      ).resolves.toBe(true);

      await page.screenshot({ path: join(dir, 'smoke.png') });
      await page.close();
    });

    it('shows a clear error for a bad folder', async () => {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator('main[data-app-state="ready"]').waitFor();
      await page.getByLabel('Catalog folder').fill('/proc/cpuinfo');
      await page.getByRole('button', { name: 'Open folder' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toMatch(
        /InvalidInput: .*is a file, not a folder/,
      );
      await page.close();
    });

    it('picks a folder with the server-side folder browser', async () => {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator('main[data-app-state="ready"]').waitFor();
      await page.getByLabel('Catalog folder').fill(dir);
      await page.getByRole('button', { name: 'Browse…' }).click();
      const folders = page.getByRole('list', { name: 'Folders' });
      await folders.getByRole('button', { name: 'catalog', exact: true }).click();
      await page.getByText(join(dir, 'catalog'), { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Use this folder' }).click();
      await expect(page.getByLabel('Catalog folder').inputValue()).resolves.toBe(
        join(dir, 'catalog'),
      );
      await page.close();
    });

    it('is refused without the token', async () => {
      const page = await browser.newPage();
      const response = await page.goto(url.split('?')[0]!);
      expect(response?.status()).toBe(401);
      await page.close();
    });
  },
);
