/**
 * UI grid benchmark (not part of `npm test`): a 10M-row table, the web app in Chromium, and
 * how long the data grid takes to show its first page, its last page and a few pages in the
 * middle, measured inside the page from the action to the row's text in the DOM. The same page
 * queries run against LanceDB in-process in the same run, for the ratio. The grid is then
 * measured again on the same table through a remote connection (`catalog-studio serve` on the
 * folder, a child process on loopback), for the `rest` ÷ `dir` ratio of issue 15.
 *
 *   npx tsx test/bench/ui-grid.ts        BENCH_GRID_ROWS (default 10000000) sets the size,
 *                                        BENCH_GRID_ROUNDS (default 5) the page loads per side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lancedb from '@lancedb/lancedb';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { arrow } from '../../src-main/catalog/arrow';
import type { CatalogClient } from '../../src-main/catalog/client';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import { buildWebServer } from '../../src-main/web-mode/web-mode-server';
import { startServerProcess } from '../support/server-process';
import { median, timeOnce } from './timing';

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 10_000_000);
const BATCH = 1_000_000;
const DIM = 8;
const PAGE = 200; // the grid's PAGE_SIZE
const UI_ROUNDS = Number(process.env.BENCH_GRID_ROUNDS ?? 5);
const CHROMIUM = '/usr/bin/chromium';

/** One batch built from typed arrays directly: vectorFromArray on nested arrays is far slower. */
function batch(offset: number, rows: number) {
  const ids = new BigInt64Array(rows);
  const scores = new Float64Array(rows);
  const vectors = new Float32Array(rows * DIM);
  for (let i = 0; i < rows; i += 1) {
    const id = offset + i;
    ids[i] = BigInt(id);
    scores[i] = (id % 1000) / 10;
    for (let d = 0; d < DIM; d += 1) vectors[i * DIM + d] = Math.sin(id * 0.001 + d);
  }
  const item = new arrow.Field('item', new arrow.Float32(), true);
  const vectorType = new arrow.FixedSizeList(DIM, item);
  const vector = arrow.makeVector(
    arrow.makeData({
      type: vectorType,
      length: rows,
      nullCount: 0,
      child: arrow.makeData({ type: new arrow.Float32(), length: rows * DIM, data: vectors }),
    }),
  );
  const category = arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => `c${(offset + i) % 7}`),
    new arrow.Utf8(),
  );
  return new arrow.Table({
    id: arrow.makeVector(ids),
    score: arrow.makeVector(scores),
    category,
    vector,
  });
}

function catalogOf(host: Host, connectionId: string): CatalogClient {
  return (
    host as unknown as { connections: { get(id: string): { catalog: CatalogClient } } }
  ).connections.get(connectionId).catalog;
}

/**
 * Runs in the page (as source text: this file is compiled without DOM types). Starts the
 * action, then resolves at the first DOM mutation that puts `text` into grid row `rowIndex`.
 */
const IN_PAGE_TIMER = `async ({ action, rowIndex, text }) => {
  const seen = () => {
    const row = document.querySelector('[role="grid"] [role="row"][aria-rowindex="' + rowIndex + '"]');
    return Boolean(row && row.textContent.includes(text));
  };
  const done = new Promise((resolveDone) => {
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolveDone(); }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const buttons = [...document.querySelectorAll('button')];
  const start = performance.now();
  if (action === 'data-tab') {
    // Radix tabs switch on mousedown, not click.
    const trigger = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Data');
    trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  } else {
    buttons.find((b) => b.textContent === (action === 'last' ? 'Last rows' : 'Go')).click();
  }
  await done;
  return performance.now() - start;
}`;

/** From an in-page action to a grid row with this index holding this text, in ms. */
async function timeInPage(
  page: Page,
  action: 'data-tab' | 'last' | 'go',
  rowIndex: number,
  text: string,
): Promise<number> {
  return page.evaluate(`(${IN_PAGE_TIMER})(${JSON.stringify({ action, rowIndex, text })})`);
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'cs-ui-grid-'));
  const rendererDir = join(root, 'renderer');
  const host = new Host({
    userDataDir: join(root, 'data'),
    secrets: new FileSecretStore(join(root, 'data', 'secrets.json')),
  });
  try {
    console.log(`Building the renderer and a ${ROWS.toLocaleString('en-US')}-row table…`);
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
    let connectionId = (opened.value as { id: string }).id;
    const catalog = catalogOf(host, connectionId);
    const buildMs = await timeOnce(async () => {
      const table = await catalog.createTable('big', batch(0, Math.min(BATCH, ROWS)));
      for (let offset = BATCH; offset < ROWS; offset += BATCH) {
        await table.insert(batch(offset, Math.min(BATCH, ROWS - offset)));
      }
    });
    console.log(`  table written in ${(buildMs / 1000).toFixed(1)} s`);

    const web = buildWebServer({ host, rendererDir });
    const url = await web.listen(0);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const middles = [0.25, 0.5, 0.777].map((f) => Math.floor(ROWS * f) + 123);
    const measureUi = async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('treeitem', { name: 'big' }).click();
      await page.getByTestId('row-count').waitFor();
      const times: Array<[string, number]> = [];
      times.push(['first page (Data tab → row 1)', await timeInPage(page, 'data-tab', 2, 'c0')]);
      const lastId = String(ROWS - 1);
      times.push([
        'last page (Last rows → last row)',
        await timeInPage(page, 'last', ROWS + 1, lastId),
      ]);
      for (const row of middles) {
        await page.getByLabel('Go to row number').fill(String(row + 1));
        times.push([
          `row ${(row + 1).toLocaleString('en-US')} (Go)`,
          await timeInPage(page, 'go', row + 2, String(row)),
        ]);
      }
      await page.close();
      return times;
    };
    // Each side is measured ROUNDS times from a fresh page load, and the medians compared; the
    // first round also warms the server's table cache, as a person's first click would.
    const medians = async () => {
      const runs: Array<Array<[string, number]>> = [];
      for (let round = 0; round < UI_ROUNDS; round += 1) runs.push(await measureUi());
      return runs[0]!.map(([name], i): [string, number] => [
        name,
        median(runs.map((r) => r[i]![1])),
      ]);
    };
    const ui = await medians();

    // The same table through a remote connection: serve the folder, and open only that.
    const server = await startServerProcess(['--root', join(root, 'catalog')]);
    const remote = await host.call('connections:connect-url', { url: server.url });
    if (!remote.ok) throw new Error(remote.error.message);
    await host.call('connections:close', { connectionId });
    const remoteUi = await medians();
    await browser.close();
    await web.app.close();
    await server.kill();
    await host.call('connections:close', {
      connectionId: (remote.value as { id: string }).id,
    });
    const reopened = await host.call('connections:open-folder', { path: join(root, 'catalog') });
    if (!reopened.ok) throw new Error(reopened.error.message);
    connectionId = (reopened.value as { id: string }).id;

    // LanceDB itself, in-process, on the same table and the same page queries.
    const described = await host.call('tables:describe', { connectionId, path: [], table: 'big' });
    if (!described.ok) throw new Error(described.error.message);
    const location = (described.value as { location: string }).location.replace(/^file:\/\//, '');
    const db = await lancedb.connect(dirname(location));
    const raw = await db.openTable(basename(location).replace(/\.lance$/, ''));
    const offsets = [0, ROWS - (ROWS % PAGE || PAGE), ...middles.map((r) => r - (r % PAGE))];
    const lance: number[] = [];
    for (const offset of offsets) {
      const times: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        times.push(await timeOnce(() => raw.query().offset(offset).limit(PAGE).toArrow()));
      }
      lance.push(median(times));
    }
    const countMs = median(await Promise.all([0, 1, 2].map(() => timeOnce(() => raw.countRows()))));

    // The host's own share: the same procedure the web transport calls, in-process.
    const hostMs: number[] = [];
    for (const offset of offsets) {
      const times: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        times.push(
          await timeOnce(() =>
            host.call('tables:page', { connectionId, path: [], table: 'big', offset, limit: PAGE }),
          ),
        );
      }
      hostMs.push(median(times));
    }

    console.log(`\nData grid on ${ROWS.toLocaleString('en-US')} rows (page = ${PAGE} rows)`);
    console.log(
      '  UI action                              UI ms   host page ms   LanceDB page ms   UI ÷ LanceDB',
    );
    ui.forEach(([name, ms], i) => {
      const l = lance[i]!;
      console.log(
        `  ${name.padEnd(38)} ${ms.toFixed(0).padStart(5)}   ${hostMs[i]!.toFixed(1).padStart(12)}   ${l.toFixed(1).padStart(15)}   ${(ms / l).toFixed(1).padStart(12)}`,
      );
    });
    console.log(`  LanceDB countRows: ${countMs.toFixed(1)} ms`);
    console.log('\n  The same actions through a remote connection (serve on loopback)');
    console.log(
      '  UI action                              folder ms   remote ms   remote ÷ folder   goal',
    );
    remoteUi.forEach(([name, ms], i) => {
      const local = ui[i]![1];
      console.log(
        `  ${name.padEnd(38)} ${local.toFixed(0).padStart(9)}   ${ms.toFixed(0).padStart(9)}   ${(ms / local).toFixed(2).padStart(15)}   ${i === 0 ? '≤ 1.5' : ''}`,
      );
    });
    console.log(
      '  UI = in the page, from the click to the row text in the DOM: count + page query,' +
        ' HTTP, worker decode and render. Host = the tables:page procedure in-process (engine +' +
        ' IPC encode). LanceDB = query().offset().limit(200).toArrow(), median of 3, after the UI' +
        ' run warmed the same pages.',
    );
  } finally {
    await host.close();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
