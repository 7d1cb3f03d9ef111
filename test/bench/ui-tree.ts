/**
 * Scale of the catalog tree in a real browser: a catalog of BENCH_TABLES tables (default 10,000)
 * in BENCH_NAMESPACES namespaces (default 100), opened in the web mode in Debian's Chromium.
 *
 * Measured (median of ROUNDS):
 *   - first tree paint: page load until the catalog's namespaces are painted;
 *   - expand a namespace until its tables are painted;
 *   - End key on the fully listed namespace until its last table is painted;
 *   - filter box: a name typed until matches from anywhere in the catalog are painted.
 * Each is printed next to LanceDB in-process doing the listing behind it, in the same run.
 *
 *   npx tsx test/bench/ui-tree.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lancedb from '@lancedb/lancedb';
import { build } from 'vite';
import { sampleTable } from '../support/sample-data';
import { startWebApp } from '../support/web-app';
import { median, timeOnce } from './timing';

const TABLES = Number(process.env.BENCH_TABLES ?? 10_000);
const NAMESPACES = Number(process.env.BENCH_NAMESPACES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** In-page helpers: wait for a selector to be painted, time an action, type into a React input. */
const UNTIL_SCRIPT = `
  window.__until = (selector) => new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('not painted within 15 s: ' + selector)), 15000);
    const check = () => {
      if (document.querySelector(selector)) {
        // The frame after the DOM change is when it is on screen.
        requestAnimationFrame(() => resolve(performance.now()));
        return true;
      }
      return false;
    };
    // Checked every frame: a focus move changes no attribute a MutationObserver would see.
    const poll = () => { if (!check()) requestAnimationFrame(poll); };
    poll();
  });
  window.__paintedAt = (selector) => window.__until(selector);
  window.__timeAction = async (action, selector) => {
    const start = performance.now();
    const done = window.__until(selector);
    action();
    return (await done) - start;
  };
  window.__type = (selector, text) => {
    const input = document.querySelector(selector);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
`;

function row(name: string, uiMs: number[], lanceMs: number[]) {
  const ui = median(uiMs);
  const lance = median(lanceMs);
  console.log(
    `  ${name.padEnd(52)} ui ${ui.toFixed(0).padStart(5)} ms   lancedb listing ${lance.toFixed(1).padStart(6)} ms   ratio ${(ui / lance).toFixed(1)}`,
  );
}

/** Writes the catalog once; BENCH_CATALOG keeps it at a path and reuses it on the next run. */
async function ensureCatalog(root: string, perNamespace: number): Promise<void> {
  if (existsSync(join(root, '__manifest'))) {
    console.log(`  (reusing the catalog at ${root})`);
    return;
  }
  const writer = await lancedb.connectNamespace('dir', { root });
  const tiny = sampleTable(1, 4);
  const setup = performance.now();
  for (let n = 0; n < NAMESPACES; n++) {
    await writer.createNamespace([`ns${n}`]);
    for (let t = 0; t < perNamespace; t++) await writer.createTable(`t${n}_${t}`, tiny, [`ns${n}`]);
  }
  writer.close();
  console.log(`  (catalog written in ${((performance.now() - setup) / 1000).toFixed(0)} s)`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'cs-bench-ui-tree-'));
  const root = process.env.BENCH_CATALOG ?? join(work, 'catalog');
  const perNamespace = Math.ceil(TABLES / NAMESPACES);
  console.log(
    `Catalog tree scale (${new Date().toISOString()}): ${NAMESPACES * perNamespace} tables in ${NAMESPACES} namespaces, median of ${ROUNDS}`,
  );
  try {
    await ensureCatalog(root, perNamespace);
    const rendererDir = join(work, 'renderer');
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'error',
      build: { outDir: rendererDir, emptyOutDir: true },
    });
    const app = await startWebApp({ rendererDir });
    const lance = await lancedb.connectNamespace('dir', { root }, { readConsistencyInterval: 0 });
    try {
      const opened = await app.host.call('connections:open-folder', { path: root });
      if (!opened.ok) throw new Error(opened.error.message);
      const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
      const tree = page.getByRole('tree', { name: 'Catalog tree' });
      const lanceRoot: number[] = [];
      const lanceNs: number[] = [];
      const lanceAll: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        lanceRoot.push(await timeOnce(() => lance.listNamespaces([])));
        lanceNs.push(await timeOnce(() => lance.listTables([`ns${round}`])));
        lanceAll.push(
          await timeOnce(async () => {
            for (let n = 0; n < NAMESPACES; n++) await lance.listTables([`ns${n}`]);
          }),
        );
      }

      // Times are taken by the page's own clock, from the action to the frame that shows the
      // result, so Playwright's round trips and actionability checks are not counted.
      await page.addInitScript(UNTIL_SCRIPT);
      const firstPaint: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await page.goto(app.url);
        firstPaint.push(
          (await page.evaluate(
            `window.__paintedAt('[role="treeitem"][aria-label="ns0"]')`,
          )) as number,
        );
      }
      row('first tree paint (navigation → namespaces painted)', firstPaint, lanceRoot);

      const expand: number[] = [];
      const end: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A namespace painted without scrolling (names sort as text: ns0, ns1, ns10, …).
        const nsRow = tree.locator('[data-kind="namespace"]').nth(round);
        const ns = (await nsRow.getAttribute('aria-label'))!;
        const firstTable = `[role="treeitem"][aria-label="t${ns.slice(2)}_0"]`;
        expand.push(
          (await page.evaluate(
            `window.__timeAction(() => { const row = document.querySelector('[role="treeitem"][aria-label="${ns}"]'); row.focus(); row.click(); }, '${firstTable}')`,
          )) as number,
        );
        end.push(
          (await page.evaluate(
            `window.__timeAction(() => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })), '[role="treeitem"]:focus:not([aria-label="${ns}"])')`,
          )) as number,
        );
        // Collapse it again, so the next round's namespace is still on screen.
        await page.keyboard.press('Home');
        await nsRow.click();
        await page.locator(firstTable).waitFor({ state: 'detached' });
      }
      row(`expand a namespace (→ its ${perNamespace} tables painted)`, expand, lanceNs);
      row('End key on the expanded tree (→ last row focused)', end, lanceRoot);

      const filter: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const needle = `t${(round * 37) % NAMESPACES}_${perNamespace - 1}`;
        filter.push(
          (await page.evaluate(
            `window.__timeAction(() => window.__type('input[aria-label="Filter tree"]', '${needle}'), '[role="option"][aria-label$="${needle}"]')`,
          )) as number,
        );
      }
      row(
        `filter across ${NAMESPACES * perNamespace} tables (typed → hit painted)`,
        filter,
        lanceAll,
      );
      console.log(
        `  (the filter includes its 200 ms typing debounce; first search ${filter[0]!.toFixed(0)} ms)`,
      );
    } finally {
      lance.close();
      await app.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
