/**
 * Issue 35, group C, in Chromium on a real folder (one app, one browser): the app's own writes
 * never raise the "committed elsewhere" banner while another process's still does (item 5); a
 * vector index build says it has no percentage instead of "0 indexed, 0%" (item 7); the jobs panel
 * shows start times and clears finished jobs; the Search tab says which row Random row took, tells
 * history entries apart, separates a plan from the results, keeps its form and results across a
 * tab change, hints at nprobes when a prefiltered search finds nothing, and words a filter error
 * with the table's columns; the console drops the previous result under an error and the export
 * note of an earlier query (item 13). Each screen is shot in both themes.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { callOk, finishedJob } from '../support/host-calls';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const run = promisify(execFile);

let app: WebApp;
let page: Page;
let folder: string;
let connectionId: string;

const docs = () => ({ connectionId, path: [], table: 'docs' });
const form = () => page.getByRole('form', { name: 'Search' });
const banner = () => page.getByRole('status', { name: 'Table changed' });
const jobsPanel = () => page.getByRole('complementary', { name: 'Jobs' });
const consolePanel = () => page.getByRole('region', { name: 'Query console' });

/** Plain LanceDB in another process appends to a table: a writer that is not the app. */
async function appendElsewhere(table: string) {
  const script = `
    const lancedb = require('@lancedb/lancedb');
    (async () => {
      const t = await (await lancedb.connect(${JSON.stringify(folder)})).openTable(${JSON.stringify(table)});
      await t.add(await t.query().limit(3).toArrow());
    })().catch((e) => { console.error(e); process.exit(1); });`;
  await run(process.execPath, ['-e', script], { cwd: process.cwd() });
}

/** Resolves after the page has asked for the table's newest version `times` more times. */
async function headPolls(times: number) {
  for (let i = 0; i < times; i++) {
    await page.waitForResponse((r) => r.url().includes('/rpc/tables:head'), { timeout: 10_000 });
  }
}

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

describe.skipIf(!hasChromium)('issue 35 group C in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    folder = join(app.dir, 'catalog');
    connectionId = await openFolderInUi(app, page, folder);
    const catalog = app.catalogOf(connectionId);
    const table = await catalog.createTable('docs', sampleTable(500, 16));
    for (let i = 1; i < 6; i++) await table.insert(sampleTable(500, 16, { idOffset: i * 500 }));
    const built = await callOk<{ id: string }>(app.host, 'indexes:create', {
      ...docs(),
      // More partitions than LanceDB probes by default (20), so a prefiltered search can miss.
      request: { column: 'vector', index_type: 'IVF_PQ', num_partitions: 32, num_sub_vectors: 4 },
    });
    expect((await finishedJob(app.host, built.id)).state).toBe('succeeded');
    await catalog.createTable('vectors', sampleTable(20_000, 64));
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await openTab('Data');
    await page.getByTestId('data-row-count').filter({ hasText: '3,000 rows' }).waitFor();
  });
  afterAll(async () => app?.close());

  it("raises no banner for the app's own writes, through another connection too, and one for another process's", async () => {
    await page.evaluate(`(() => {
      window.__bannerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Table changed"]')) window.__bannerSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    // A second connection of the app to the same folder deletes rows: the tab open on the first
    // hears nothing of it, yet it is the app's own write.
    const { id: second } = await callOk<{ id: string }>(app.host, 'connections:open-folder', {
      path: folder,
      name: 'same folder again',
    });
    await callOk(app.host, 'rows:delete', { ...docs(), connectionId: second, filter: 'id < 5' });
    const compaction = await callOk<{ id: string }>(app.host, 'tables:compact', docs());
    expect((await finishedJob(app.host, compaction.id)).state).toBe('succeeded');
    await headPolls(3);
    expect(await page.evaluate('window.__bannerSeen')).toBe(false);
    await screenshotBothThemes(page, 'own-writes-no-banner');

    await appendElsewhere('docs');
    await banner().waitFor({ timeout: 10_000 });
    await expect(banner().textContent()).resolves.toMatch(/^A new version committed elsewhere/);
    await screenshotBothThemes(page, 'own-writes-foreign-banner');
    await banner().getByRole('button', { name: 'Reload' }).click();
    await banner().waitFor({ state: 'detached' });
    await callOk(app.host, 'connections:close', { connectionId: second });
  });

  it('says a vector build has no percentage while it runs, shows start times, and clears finished jobs', async () => {
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    const started = await callOk<{ id: string }>(app.host, 'indexes:create', {
      connectionId,
      path: [],
      table: 'vectors',
      request: { column: 'vector', index_type: 'IVF_HNSW_SQ', num_partitions: 4 },
    });
    const title = 'IVF_HNSW_SQ on vector of vectors';
    const job = jobsPanel().getByRole('listitem', { name: title });
    await job.locator('.job-no-percentage').waitFor();
    const running = await job.textContent();
    expect(running).toMatch(/no percentage/);
    expect(running).not.toMatch(/0 indexed/);
    expect(running).not.toMatch(/\b0%/);
    expect(running).toMatch(/started /);
    await expect(
      job.getByRole('progressbar', { name: `Progress of ${title}` }).getAttribute('aria-valuenow'),
    ).resolves.toBeNull();
    await screenshotBothThemes(page, 'jobs-vector-build-running');

    expect((await finishedJob(app.host, started.id)).state).toBe('succeeded');
    await jobsPanel().locator('li[data-job-state="succeeded"]', { hasText: title }).waitFor();
    await expect(job.textContent()).resolves.toMatch(/20,000 indexed · 0 unindexed/);
    await jobsPanel().getByRole('button', { name: 'Clear finished' }).click();
    await job.waitFor({ state: 'detached' });
    await jobsPanel().getByText('Finished jobs were cleared').waitFor();
    await screenshotBothThemes(page, 'jobs-cleared');
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    await jobsPanel().getByText('Finished jobs were cleared').waitFor();
    await expect(jobsPanel().getByRole('listitem').count()).resolves.toBe(0);
    await jobsPanel().getByRole('button', { name: 'Close jobs panel' }).click();
  });

  it('says which row Random row took, tells history entries apart and keeps its place across tabs', async () => {
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await openTab('Search');
    await form().getByRole('button', { name: 'Random row' }).click();
    const from = form().getByRole('status', { name: 'Vector source' });
    await expect
      .poll(() => from.textContent())
      .toMatch(/^Vector of the row at offset [\d,]+ of [\d,]+ · id = \d+$/);
    const vector = await form().getByLabel('Query vector').inputValue();
    await form().getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('grid', { name: 'Rows of docs' });
    await results.waitFor();
    const history = page.getByRole('region', { name: 'Search history' });
    await history
      .getByRole('button', { name: /^nearest to \[.+, … 16 values\] in vector/ })
      .first()
      .waitFor();

    await form().getByLabel('Where').fill("category = 'c1'");
    await form().getByRole('button', { name: 'Explain' }).click();
    const plan = page.getByRole('region', { name: 'Query plan' });
    await expect(plan.locator('.plan-of').textContent()).resolves.toMatch(/where category = 'c1'/);
    await expect(
      page.getByRole('heading', { name: 'Results of' }).textContent(),
    ).resolves.not.toMatch(/where/);
    await screenshotBothThemes(page, 'search-plan-and-results');

    await openTab('Data');
    await openTab('Search');
    await expect(form().getByLabel('Query vector').inputValue()).resolves.toBe(vector);
    await expect(form().getByLabel('Where').inputValue()).resolves.toBe("category = 'c1'");
    await results.waitFor();
    await page.getByRole('region', { name: 'Query plan' }).waitFor();
    await form().getByRole('button', { name: 'Show code' }).click();
    const code = page.getByRole('region', { name: 'Code for this action' });
    const typescript = await code.getByLabel('typescript code', { exact: true }).textContent();
    expect(typescript).toContain('.nearestTo([');
    expect(typescript).toContain(`.where("category = 'c1'")`);
    await screenshotBothThemes(page, 'search-kept-across-tabs');
    // The open panel follows the form: its code was once fixed when the panel opened.
    await form().getByLabel('Where').fill("category = 'c2'");
    await expect
      .poll(() => code.getByLabel('typescript code', { exact: true }).textContent())
      .toContain(`.where("category = 'c2'")`);
    await form().getByLabel('Where').fill("category = 'c1'");
  });

  it('hints at nprobes when a prefiltered search finds nothing, and words filter errors with the columns', async () => {
    await form().getByLabel('Where').fill("category = 'zz'");
    await form().getByRole('button', { name: 'Search', exact: true }).click();
    const empty = page.getByRole('status', { name: 'No rows found' });
    await empty.getByText(/searched only the 20 partitions/).waitFor();
    await empty.getByRole('button', { name: 'Filter after the search' }).waitFor();
    await empty.getByRole('button', { name: 'Search exactly (no index)' }).waitFor();
    await screenshotBothThemes(page, 'search-empty-hint');
    // Every partition probed: then it is the filter that matches nothing, and the hint says so.
    await empty.getByRole('button', { name: 'Probe 32 partitions' }).click();
    await expect.poll(() => form().getByLabel('nprobes').inputValue()).toBe('32');
    await empty.getByText("No row matches the filter category = 'zz'.").waitFor();

    await form().getByLabel('Where').fill('nme = 1');
    await form().getByRole('button', { name: 'Search', exact: true }).click();
    const error = page.getByRole('alert', { name: 'Search error' });
    await error.waitFor();
    const text = await error.textContent();
    expect(text).toMatch(/No column named nme/);
    expect(text).toMatch(/id, text, category/);
    expect(text).not.toMatch(/_row/);
    await screenshotBothThemes(page, 'search-filter-error');
  });

  it('takes the previous result away under a console error, and the export note with it', async () => {
    await page.getByRole('button', { name: 'Query console' }).click();
    const editor = consolePanel().getByRole('textbox', { name: 'SQL query' });
    const typeAndRun = async (sql: string) => {
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(sql);
      await page.keyboard.press('Control+Enter');
    };
    await typeAndRun('SELECT id, category FROM docs WHERE id < 20 LIMIT 4');
    const grid = consolePanel().getByRole('grid', { name: 'Rows of docs' });
    await grid.waitFor();
    const exportForm = consolePanel().getByRole('form', { name: 'Export result' });
    await exportForm.getByLabel('Save to').selectOption('file');
    await exportForm.getByLabel('To file').fill(join(app.dir, 'four.csv'));
    await exportForm.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => exportForm.getByRole('status').textContent()).toMatch(/^Wrote 4 rows/);

    await typeAndRun('SELECT nme FROM docs');
    await consolePanel()
      .getByRole('alert', { name: /Query (error|problem)/ })
      .first()
      .waitFor();
    await grid.waitFor({ state: 'detached' });
    await expect(consolePanel().getByTestId('console-summary').count()).resolves.toBe(0);
    await expect(
      consolePanel()
        .getByText(/^Wrote /)
        .count(),
    ).resolves.toBe(0);
    await screenshotBothThemes(page, 'console-error-alone');

    await typeAndRun('SELECT id FROM docs WHERE id < 20 LIMIT 2');
    await consolePanel()
      .getByTestId('console-summary')
      .filter({ hasText: /^2 rows/ })
      .waitFor();
    await expect(
      consolePanel()
        .getByText(/^Wrote /)
        .count(),
    ).resolves.toBe(0);
  });
});
