/**
 * Addresses, history, the shell and the palette (issue 35, group A), in Chromium on the web mode:
 * every view has its own address, Back and Forward move between views and a reload shows the
 * same one (item 1); the namespace page and the connection's root have addresses and the
 * breadcrumbs are real links (item 2); tables of the same name in two connections are told
 * apart in the tabs and the palette (item 12); the console opens from the table view and the
 * palette, which finds views by the words people use (frictions); the icon request answers
 * without a 401 (item 21).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { callOk, finishedJob } from '../support/host-calls';
import { sampleTable } from '../support/sample-data';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
let page: Page;
let shopName: string;
let shopId: string;
const LONG = ['shop', 'regional_partners_in_europe'];
const LONG_TABLE = 'quarterly_customer_satisfaction_scores';

const ready = () => page.locator('[data-app-state="ready"]').waitFor();
// Scripts run in the page are strings: the tests' TypeScript has no DOM library.
const hash = () => page.evaluate('location.hash') as Promise<string>;
const tree = () => page.getByRole('tree', { name: 'Catalog tree' });
const item = (name: string) => tree().getByRole('treeitem', { name, exact: true });
const tableView = (name: string) => page.getByRole('region', { name: `Table ${name}` });
const namespacePage = (title: string) =>
  page.getByRole('region', { name: `Namespace ${title}`, exact: true });
const consolePanel = () => page.getByRole('region', { name: 'Query console' });
const editor = () => consolePanel().getByRole('textbox', { name: 'SQL query' });
const tableTab = (name: string) =>
  page.getByRole('tablist', { name: 'Table views' }).getByRole('tab', { name, exact: true });
const breadcrumbs = () => page.getByRole('navigation', { name: 'Breadcrumbs' });
const palette = () => page.getByPlaceholder('Type a command or a table name…');

/**
 * The header buttons and tabs a person cannot read whole: text cut or broken over two lines, or
 * outside the main area without a tab bar that scrolls sideways to it. Measured by the browser.
 */
const CUT_CONTROLS = `(() => {
  const main = document.querySelector('main.workspace').getBoundingClientRect();
  const controls = 'main .table-header button, main .table-header a, main [role="tab"]';
  return [...document.querySelectorAll(controls)]
    .filter((b) => {
      const box = b.getBoundingClientRect();
      const bar = b.closest('[role="tablist"]');
      const scrolls = bar && /auto|scroll/.test(getComputedStyle(bar).overflowX);
      const outside = box.left < main.left - 1 || box.right > main.right + 1;
      const text = document.createRange();
      text.selectNodeContents(b);
      const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top)));
      return b.scrollWidth > b.clientWidth + 1 || lines.size > 1 || (outside && !scrolls);
    })
    .map((b) => b.textContent);
})()`;

async function openFolder(folder: string): Promise<{ id: string; name: string }> {
  return callOk<{ id: string; name: string }>(app.host, 'connections:open-folder', {
    path: join(app.dir, folder),
    create: true,
  });
}

async function reload() {
  await page.reload();
  await ready();
}

async function searchPalette(text: string) {
  if (!(await palette().isVisible())) await page.keyboard.press('Control+k');
  await palette().fill(text);
}

describe.skipIf(!hasChromium)('addresses, history and the palette, in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    const shop = await openFolder('shop-catalog');
    shopName = shop.name;
    shopId = shop.id;
    const catalog = app.catalogOf(shop.id);
    await catalog.createNamespace(['shop']);
    await catalog.createTable('reviews', sampleTable(60, 8), ['shop']);
    await catalog.createNamespace(LONG);
    await catalog.createTable(LONG_TABLE, sampleTable(5, 4), LONG);
    page = await app.newPage();
  });
  afterAll(async () => app?.close());

  it('moves Back and Forward between views, and a reload shows the same view', async () => {
    await page.getByRole('region', { name: 'Start' }).waitFor();
    await item('shop').click();
    await item('reviews').click();
    await tableView('reviews').waitFor();
    await tableTab('Schema').click();
    await breadcrumbs().getByRole('link', { name: 'shop', exact: true }).click();
    await namespacePage('shop').waitFor();
    await namespacePage('shop').getByRole('button', { name: 'Query console' }).click();
    await expect.poll(() => editor().textContent()).toBe('SELECT * FROM shop.reviews LIMIT 100');
    expect(await hash()).toMatch(/^#\/q\//);

    // Back, one view at a time, to the start screen: never out of the app.
    await page.goBack();
    await namespacePage('shop').waitFor();
    await page.goBack();
    await expect.poll(() => tableTab('Schema').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(() => tableTab('Overview').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await page.getByRole('region', { name: 'Start' }).waitFor();
    expect(page.url()).toContain('/s/');

    // Forward again, and a reload stays on the view it is on.
    await page.goForward();
    await page.goForward();
    await expect.poll(() => tableTab('Schema').getAttribute('aria-selected')).toBe('true');
    await reload();
    await expect.poll(() => tableTab('Schema').getAttribute('aria-selected')).toBe('true');
    // The title names the view, as the browser's history list does for its entry.
    expect(await page.title()).toBe('reviews (schema) · Catalog Studio');
    await page.goForward();
    await namespacePage('shop').waitFor();
    await page.goForward();
    await consolePanel().waitFor();
    await reload();
    await expect.poll(() => editor().textContent()).toBe('SELECT * FROM shop.reviews LIMIT 100');
    await screenshotBothThemes(page, 'routing-console-page');
  });

  it('gives the namespace page and the connection root addresses, from real links', async () => {
    await page.evaluate('history.back()');
    await namespacePage('shop').waitFor();
    await reload();
    // Before: the address still named the table, and a reload went back to it.
    await namespacePage('shop').waitFor();
    expect(await hash()).toMatch(/^#\/n\/[^/]+\/shop$/);
    await namespacePage('shop').getByRole('button', { name: 'reviews', exact: true }).click();
    await tableView('reviews').waitFor();

    // The connection in the breadcrumbs is a link to its root page, which has an address too.
    const root = breadcrumbs().getByRole('link', { name: shopName, exact: true });
    expect(await root.getAttribute('href')).toMatch(/^#\/c\//);
    await root.click();
    await namespacePage(shopName).waitFor();
    await namespacePage(shopName)
      .getByRole('table', { name: 'Tables inside' })
      .or(namespacePage(shopName).getByRole('list', { name: 'Namespaces inside' }))
      .first()
      .waitFor();
    await reload();
    await namespacePage(shopName).waitFor();
    await screenshotBothThemes(page, 'routing-connection-root');
    await page.goBack();
    await tableView('reviews').waitFor();
  });

  it('opens the console from the table view and the palette, which knows views by other words', async () => {
    await tableView('reviews').getByRole('button', { name: 'Query console', exact: true }).click();
    await expect.poll(() => editor().textContent()).toBe('SELECT * FROM shop.reviews LIMIT 100');
    await page.goBack();
    await tableView('reviews').waitFor();

    for (const word of ['query', 'console', 'sql']) {
      await searchPalette(word);
      await page.getByRole('option', { name: 'Query console on reviews' }).waitFor();
    }
    const synonyms: Array<[string, string | RegExp]> = [
      ['versions', 'Versions of reviews'],
      ['history', 'Versions of reviews'],
      ['storage', 'Storage of reviews'],
      ['compact', 'Storage of reviews'],
      ['indexes', 'Indexes of reviews'],
      ['import', /^Import a file into /],
      ['export', 'Export reviews…'],
      ['home', 'Start screen'],
    ];
    for (const [word, option] of synonyms) {
      await searchPalette(word);
      await page.getByRole('option', { name: option }).first().waitFor();
    }
    await searchPalette('history');
    await screenshotBothThemes(page, 'routing-palette-synonyms');
    await page.getByRole('option', { name: 'Versions of reviews' }).click();
    await expect.poll(() => tableTab('Versions').getAttribute('aria-selected')).toBe('true');
    expect(await hash()).toMatch(/\/versions$/);

    await searchPalette('sql');
    await page.getByRole('option', { name: 'Query console on reviews' }).click();
    await expect.poll(() => editor().textContent()).toBe('SELECT * FROM shop.reviews LIMIT 100');
  });

  it('gives a job its own address, reached from the palette', async () => {
    const connectionId = (await app.openConnectionIds())[0]!;
    const started = await callOk<{ id: string }>(app.host, 'indexes:create', {
      connectionId,
      path: ['shop'],
      table: 'reviews',
      request: { column: 'id', index_type: 'BTREE' },
    });
    await finishedJob(app.host, started.id);
    await searchPalette('job');
    await page.getByRole('option', { name: /^Job: .*reviews/ }).click();
    const job = page.getByRole('region', { name: /^Job .*reviews/ });
    await job.getByRole('listitem').waitFor();
    expect(await hash()).toBe(`#/j/${encodeURIComponent(started.id)}`);
    await reload();
    await job.getByRole('listitem').waitFor();
    await screenshotBothThemes(page, 'routing-job-page');
  });

  it('tells apart tables of the same name in two connections, in the tabs and the palette', async () => {
    // Written before the app opens the folders, as catalogs someone already has.
    for (const folder of ['north', 'south']) {
      const writer = await connect(join(app.dir, folder));
      await writer.createTable('reviews', sampleTable(5, 4));
      await writer.close();
      await openFolder(folder);
    }
    const fresh = await app.newPage();
    await page.close();
    page = fresh;
    await searchPalette('reviews');
    const found = page.getByRole('group', { name: 'Tables and namespaces' }).getByRole('option');
    await expect.poll(() => found.count()).toBe(3);
    const entries = await found.allInnerTexts();
    expect(new Set(entries).size).toBe(3);
    await screenshotBothThemes(page, 'routing-palette-same-names');
    for (const connection of ['north', 'south']) {
      await searchPalette('reviews');
      await found.filter({ hasText: connection }).click();
      await tableView('reviews').waitFor();
    }
    const tabs = page.getByRole('tablist', { name: 'Open tables' }).getByRole('tab');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['reviews · north', 'reviews · south']);
    await searchPalette('go to reviews');
    const open = page.getByRole('group', { name: 'Open tables' }).getByRole('option');
    await expect.poll(async () => new Set(await open.allInnerTexts()).size).toBe(2);
    await page.keyboard.press('Escape');
    await screenshotBothThemes(page, 'routing-tabs-same-names');
  });

  it("keeps every header's buttons whole and in view at 1280×720, with the jobs panel open", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: /^Jobs/ }).click();
    await page.getByRole('complementary', { name: 'Jobs' }).waitFor();
    // Each header's buttons against the main area's box, in the browser's own measures.
    const cut = () => page.evaluate(CUT_CONTROLS) as Promise<string[]>;
    await tableView('reviews').waitFor();
    expect(await cut()).toEqual([]);
    // Long names wrap the header rather than push its buttons out.
    const long = `#/t/${[shopId, ...LONG, LONG_TABLE].map(encodeURIComponent).join('/')}/overview`;
    await page.evaluate(`location.hash = ${JSON.stringify(long)}`);
    await tableView(LONG_TABLE).waitFor();
    expect(await cut()).toEqual([]);
    await screenshotBothThemes(page, 'routing-table-header-1280');
    await page.goBack();
    await tableView('reviews').waitFor();
    await tableView('reviews').getByRole('button', { name: 'Query console', exact: true }).click();
    await consolePanel().waitFor();
    expect(await cut()).toEqual([]);
    await page.goBack();
    await breadcrumbs().getByRole('link', { name: 'south', exact: true }).click();
    await namespacePage('south').waitFor();
    expect(await cut()).toEqual([]);
    await page.getByRole('button', { name: 'Close jobs panel' }).click();
  });

  it('answers the icon request without a 401', async () => {
    // Chromium asks for /favicon.ico at the root, without the token, on every page load.
    const status = await page.evaluate("fetch('/favicon.ico').then((reply) => reply.status)");
    expect(status).toBe(204);
  });
});
