/**
 * The e2e harness: the real host over a fresh temp folder, the web mode serving the built
 * renderer on loopback, and Debian's Chromium driven by Playwright. Each test gets a new page;
 * `screenshot` writes both themes of a screen into test-results/screenshots.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { CatalogClient } from '../../src-main/catalog/client';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import { buildWebServer, type WebServer } from '../../src-main/web-mode/web-mode-server';
import { catalogServing } from '../../src-main/server/serving';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots', import.meta.url),
);

export interface WebApp {
  dir: string;
  host: Host;
  url: string;
  browser: Browser;
  newPage(): Promise<Page>;
  /** The engine behind an open connection, to set up or check data without the UI. */
  catalogOf(connectionId: string): CatalogClient;
  openConnectionIds(): Promise<string[]>;
  /** Closes every open connection, so a test starts with an empty tree. */
  closeAllConnections(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the app. Inside vitest the renderer comes from the global setup's build; a benchmark
 * script passes its own build folder (vitest's `inject` exists only inside the runner).
 */
export async function startWebApp(options: { rendererDir?: string } = {}): Promise<WebApp> {
  const rendererDir = options.rendererDir ?? (await import('vitest')).inject('rendererDir');
  const dir = mkdtempSync(join(tmpdir(), 'cs-e2e-'));
  const host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
    // As `catalog-studio web` and the desktop app compose it: the host is handed serving.
    serving: catalogServing,
  });
  const web: WebServer = buildWebServer({ host, rendererDir });
  const url = await web.listen(0);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const openConnectionIds = async () => {
    const opened = await host.call('connections:list-open', {});
    if (!opened.ok) throw new Error(opened.error.message);
    return (opened.value as Array<{ id: string }>).map((c) => c.id);
  };
  return {
    dir,
    host,
    url,
    browser,
    openConnectionIds,
    async newPage() {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await page.locator('[data-app-state="ready"]').waitFor();
      return page;
    },
    catalogOf(connectionId) {
      return (
        host as unknown as { connections: { get(id: string): { catalog: CatalogClient } } }
      ).connections.get(connectionId).catalog;
    },
    async closeAllConnections() {
      for (const connectionId of await openConnectionIds()) {
        await host.call('connections:close', { connectionId });
      }
    },
    async close() {
      await browser.close();
      await web.app.close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Screenshots of the current screen in light and dark, named `<name>-light.png`/`-dark.png`. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    // The page's own theme attribute, set directly: the picker may sit under an open dialog.
    await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`) });
  }
}

/** Hides `column` of the table on screen with the Data tab's column chooser, and closes it. */
export async function hideColumn(page: Page, column: string): Promise<void> {
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page
    .getByRole('dialog', { name: 'Columns' })
    .getByRole('checkbox', { name: column })
    .uncheck();
  await page.keyboard.press('Escape');
}

/** Opens a folder catalog through the UI and returns its connection id. */
export async function openFolderInUi(app: WebApp, page: Page, folder: string, create = true) {
  const before = new Set(await app.openConnectionIds());
  await page
    .getByRole('button', { name: create ? 'New folder catalog…' : 'Open folder…' })
    .first()
    .click();
  await page.getByLabel('Folder path').fill(folder);
  await page.getByRole('button', { name: create ? 'Create catalog' : 'Open', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const id = (await app.openConnectionIds()).find((c) => !before.has(c));
  if (!id) throw new Error('no new connection was opened');
  return id;
}
