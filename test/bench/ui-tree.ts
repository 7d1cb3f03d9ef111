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

      const firstPaint: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        firstPaint.push(
          await timeOnce(async () => {
            await page.goto(app.url);
            await tree.getByRole('treeitem', { name: 'ns0', exact: true }).waitFor();
          }),
        );
      }
      row('first tree paint (page load → namespaces painted)', firstPaint, lanceRoot);

      const expand: number[] = [];
      const end: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A namespace painted without scrolling (names sort as text: ns0, ns1, ns10, …).
        const nsRow = tree.locator('[data-kind="namespace"]').nth(round);
        const ns = (await nsRow.getAttribute('aria-label'))!;
        expand.push(
          await timeOnce(async () => {
            await nsRow.click();
            await tree.getByRole('treeitem', { name: `t${ns.slice(2)}_0`, exact: true }).waitFor();
          }),
        );
        end.push(
          await timeOnce(async () => {
            await page.keyboard.press('End');
            await tree.locator('[role="treeitem"]:focus').waitFor();
          }),
        );
        await page.keyboard.press('Home');
      }
      row(`expand a namespace (→ its ${perNamespace} tables painted)`, expand, lanceNs);
      row('End key on the expanded tree (→ last row focused)', end, lanceRoot);

      const filter: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const needle = `t${(round * 37) % NAMESPACES}_${perNamespace - 1}`;
        filter.push(
          await timeOnce(async () => {
            await page.getByLabel('Filter tree').fill(needle);
            await page
              .getByRole('listbox', { name: 'Filter results' })
              .getByRole('option', { name: new RegExp(`${needle}$`) })
              .first()
              .waitFor();
          }),
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
