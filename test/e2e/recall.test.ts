/**
 * A recall check in a real browser, from its form on the Indexes tab to the plot with the Pareto
 * front and the advice, which also stays with the job in the jobs panel; bad settings are refused
 * by field before anything starts.
 */
import { join } from 'node:path';
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

let app: WebApp;
let page: Page;
let connectionId: string;

describe.skipIf(!hasChromium)('recall check in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    await app.catalogOf(connectionId).createTable('docs', sampleTable(600, 16));
    const job = await callOk<{ id: string }>(app.host, 'indexes:create', {
      connectionId,
      path: [],
      table: 'docs',
      request: { column: 'vector', index_type: 'IVF_PQ', num_partitions: 4, num_sub_vectors: 4 },
    });
    expect((await finishedJob(app.host, job.id)).state).toBe('succeeded');
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'docs' }).click();
    await page.getByRole('tab', { name: 'Indexes' }).click();
  });
  afterAll(async () => app?.close());

  it('refuses bad settings by field, then runs a check from start to plot, with advice', async () => {
    const recall = page.getByRole('group', { name: 'Recall of index vector_idx' });
    await recall.getByRole('button', { name: 'Check recall…' }).click();
    const form = page.getByRole('form', { name: 'Recall check settings for vector_idx' });
    const problem = (field: string) => form.locator(`.field-problem[data-field="${field}"]`);
    await form.getByLabel('k (neighbours)').fill('700');
    await form.getByLabel('nprobes to try').fill('1, two');
    await form.getByRole('button', { name: 'Start check' }).click();
    await expect(problem('k').textContent()).resolves.toBe('The table has 600 rows, fewer than k');
    await expect(problem('nprobes').textContent()).resolves.toMatch(/^two is not a whole number/);
    expect(
      (await callOk<unknown[]>(app.host, 'jobs:list', {})).filter(
        (j) => (j as { kind: string }).kind === 'recall_check',
      ),
    ).toEqual([]);

    await form.getByLabel('k (neighbours)').fill('10');
    await form.getByLabel('nprobes to try').fill('1, 2, 4, 8');
    await form.getByLabel('Sampled queries').fill('20');
    await form.getByRole('button', { name: 'Start check' }).click();

    const report = recall.getByRole('region', { name: 'Recall of vector_idx' });
    await report.waitFor({ timeout: 60_000 });
    await report.getByRole('img', { name: /Recall against latency for 12 settings/ }).waitFor();
    const advice = await report.getByRole('note').textContent();
    expect(advice).toMatch(/recall|setting/i);
    const settings = report.getByRole('table', { name: 'Settings of vector_idx' });
    await expect(settings.locator('tbody tr').count()).resolves.toBe(12);
    // Probing every partition (4) finds what exact search finds, up to PQ's approximation.
    const front = await settings.locator('tbody tr', { hasText: '●' }).count();
    expect(front).toBeGreaterThan(0);
    await screenshotBothThemes(page, 'recall-report');

    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
    await page.getByLabel(/^Result of recall check/).waitFor();
    await expect(page.getByLabel(/^Result of recall check/).textContent()).resolves.toBe(advice);
    await page.getByRole('button', { name: 'Jobs', exact: true }).click();
  });
});
