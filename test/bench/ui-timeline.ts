/**
 * Versions timeline benchmark (not part of `npm test`): the web app in Chromium, a table with
 * BENCH_TIMELINE_VERSIONS versions (default 1,000), timed in the page from the click on the
 * Versions tab to the timeline's newest row in the DOM (the first paint the goal names, ≤ 300 ms),
 * and to the operations of the first window filled in. LanceDB's own listVersions on the same
 * table is timed beside it, alternating, for scale. BENCH_TIMELINE_ROUNDS rounds (default 7).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lancedb from '@lancedb/lancedb';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { arrow } from '../../src-main/catalog/arrow';
import type { CatalogClient } from '../../src-main/catalog/client';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import { buildWebServer } from '../../src-main/web-mode/web-mode-server';
import { median, timeOnce } from './timing';

const VERSIONS = Number(process.env.BENCH_TIMELINE_VERSIONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_TIMELINE_ROUNDS ?? 7);
const CHROMIUM = '/usr/bin/chromium';

/** In the page: click the tab, resolve when the newest version's row is in the DOM, then when its operation is. */
const IN_PAGE_TIMER = `async (newest) => {
  const row = () => document.querySelector('[aria-label="Version ' + newest + '"]');
  const described = () => { const r = row(); return Boolean(r && /Append/.test(r.textContent)); };
  const when = (test) => new Promise((resolve) => {
    if (test()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (test()) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Versions');
  const start = performance.now();
  const painted = when(() => Boolean(row()));
  const filled = when(described);
  // Radix tabs activate on mouse down, not on click.
  tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
  return [(await painted) - start, (await filled) - start];
}`;

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'cs-ui-timeline-'));
  const rendererDir = join(root, 'renderer');
  const host = new Host({
    userDataDir: join(root, 'data'),
    secrets: new FileSecretStore(join(root, 'data', 'secrets.json')),
  });
  try {
    console.log(`Building the renderer and a table of ${VERSIONS} versions…`);
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'error',
      build: { outDir: rendererDir, emptyOutDir: true },
    });
    const opened = await host.call('connections:open-folder', {
      path: join(root, 'catalog'),
      create: true,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const folderId = (opened.value as { id: string }).id;
    const catalog = (
      host as unknown as { connections: { get(id: string): { catalog: CatalogClient } } }
    ).connections.get(folderId).catalog;
    const table = await catalog.createTable(
      'items',
      arrow.tableFromJSON([{ id: 0, note: 'first' }]),
    );
    const path = (await table.describe()).location.replace(/^file:\/\//, '');
    const db = await lancedb.connect(dirname(path));
    const raw = await db.openTable(basename(path).replace(/\.lance$/, ''));
    for (let v = 2; v <= VERSIONS; v += 1) await raw.add([{ id: v, note: `row ${v}` }]);
    const newest = await raw.version();

    const web = buildWebServer({ host, rendererDir });
    const url = await web.listen(0);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const painted: number[] = [];
    const filled: number[] = [];
    const lance: number[] = [];
    let firstOpen: [number, number] = [0, 0];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('treeitem', { name: 'items' }).click();
      await page.getByRole('tab', { name: 'Overview' }).waitFor();
      const [p, f] = (await page.evaluate(`(${IN_PAGE_TIMER})(${newest})`)) as [number, number];
      const l = await timeOnce(() => raw.listVersions());
      await page.close();
      // The first round is the table's first open (nothing kept yet): reported on its own.
      if (round === 0) {
        firstOpen = [p, f];
        continue;
      }
      painted.push(p);
      filled.push(f);
      lance.push(l);
    }
    await browser.close();
    await web.app.close();
    console.log(`\nVersions tab of a table with ${newest} versions, ${ROUNDS} rounds (medians)`);
    console.log(
      `  click → timeline's first paint   ${median(painted).toFixed(1)} ms   (goal ≤ 300 ms)`,
    );
    console.log(`  click → operations filled in     ${median(filled).toFixed(1)} ms`);
    console.log(
      `  first open of the table: paint ${firstOpen[0].toFixed(1)} ms, filled ${firstOpen[1].toFixed(1)} ms`,
    );
    console.log(`  LanceDB listVersions in-process  ${median(lance).toFixed(1)} ms`);
  } finally {
    await host.close();
    rmSync(root, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
