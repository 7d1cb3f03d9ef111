/**
 * Build progress in Chromium: a build started elsewhere appears in the jobs panel as it runs,
 * its end is announced, and the panel still shows it after the window reloads.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { hasChromium, openFolderInUi, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;

describe.skipIf(!hasChromium)(
  'the jobs panel (Chromium; skipped without /usr/bin/chromium)',
  () => {
    beforeAll(async () => {
      app = await startWebApp();
    });
    afterAll(async () => app?.close());

    it('follows a build to its end, announces it, and keeps it across a reload', async () => {
      await app.closeAllConnections();
      const page = await app.newPage();
      const connectionId = await openFolderInUi(app, page, join(app.dir, 'jobs'));
      const catalog = app.catalogOf(connectionId);
      await catalog.createTable('docs', sampleTable(2_000, 16));

      await page.getByRole('button', { name: 'Jobs', exact: true }).click();
      const panel = page.getByRole('complementary', { name: 'Jobs' });
      await panel.getByText('No jobs yet').waitFor();

      // Started through the host as the index form does, so the host relays its events.
      const started = await app.host.call('indexes:create', {
        connectionId,
        path: [],
        table: 'docs',
        request: { column: 'vector', index_type: 'IVF_PQ', num_partitions: 4, num_sub_vectors: 4 },
      });
      if (!started.ok) throw new Error(started.error.message);
      const job = panel.getByRole('listitem', { name: 'IVF_PQ on vector of docs' });
      await job.waitFor();
      await panel.locator('li[data-job-state="succeeded"]').waitFor();
      await expect(
        job
          .getByRole('progressbar', { name: 'Progress of IVF_PQ on vector of docs' })
          .getAttribute('aria-valuenow'),
      ).resolves.toBe('100');
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText('Finished: IVF_PQ on vector of docs')
        .waitFor();

      await page.reload();
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('button', { name: 'Jobs', exact: true }).click();
      const again = page
        .getByRole('complementary', { name: 'Jobs' })
        .getByRole('listitem', { name: 'IVF_PQ on vector of docs' });
      await expect(again.getAttribute('data-job-state')).resolves.toBe('succeeded');
      await expect(again.textContent()).resolves.toMatch(/2,000 indexed · 0 unindexed/);
      await page.close();
    });
  },
);
