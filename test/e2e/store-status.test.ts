/**
 * A bucket connection whose store is having a bad day, as a person sees it in Chromium: the real
 * S3 store sits behind the seeded fault proxy. While it throttles, a change still goes through
 * and a banner on the connection says the store is throttling, with the retries; when it stops
 * answering, the change is refused naming the store, and the banner says it is unreachable.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { startS3FaultProxy, type S3FaultProxy } from '../support/s3-fault-proxy';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../support/s3-store';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
let proxy: S3FaultProxy;

const tree = (page: Page) => page.getByRole('tree', { name: 'Catalog tree' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

async function newNamespace(page: Page, name: string) {
  await item(page, 'bad-day bucket').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'New namespace…' }).click();
  const create = page.getByRole('dialog', { name: 'New namespace' });
  await create.getByLabel('Namespace name').fill(name);
  await create.getByRole('button', { name: 'Create namespace' }).click();
  return create;
}

describe.skipIf(!hasChromium)(
  'the store status banner (Chromium; skipped without /usr/bin/chromium)',
  () => {
    describeWithS3('on a bucket connection', () => {
      let uri: string;
      beforeAll(async () => {
        uri = s3Root(`e2e-bad-day-${randomBytes(4).toString('hex')}`);
        const writer = await connect(uri, { storageOptions: s3StorageOptions() });
        await writer.createNamespace(['sales']);
        await writer.close();
        proxy = await startS3FaultProxy(s3Info().endpoint!, { seed: 9 });
        app = await startWebApp();
      });
      afterAll(async () => {
        proxy?.heal();
        await app?.close();
        await proxy?.close();
      });

      it('shows "throttling" with the retries, then "unreachable", on the connection', async () => {
        const page = await app.newPage();
        await page.getByRole('button', { name: 'Open object store…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Open object store' });
        await dialog.getByLabel('URI').fill(uri);
        await dialog.getByLabel('Endpoint').fill(proxy.endpoint);
        await dialog.getByLabel('Access key ID').fill(s3Info().accessKeyId!);
        await dialog.getByLabel('Secret access key').fill(s3Info().secretAccessKey!);
        await dialog.getByLabel('Connection name').fill('bad-day bucket');
        await dialog.getByRole('button', { name: 'Open', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await item(page, 'sales').waitFor();
        const banner = (condition: string) =>
          page.getByRole('status', { name: `bad-day bucket: the object store is ${condition}` });
        await expect(banner('throttling').count()).resolves.toBe(0);

        // Throttling: the change goes through, and the banner says why it was slow.
        // A share of the requests is refused with SlowDown, drawn at random: one change may meet
        // none (the app's own polling shifts the draws), so a few are made until one is retried.
        proxy.faults = { slowDown: 0.3 };
        for (let attempt = 0; ; attempt++) {
          const name = `made_while_throttled${attempt === 0 ? '' : `_${attempt}`}`;
          const made = await newNamespace(page, name);
          await made.waitFor({ state: 'detached', timeout: 30_000 });
          await item(page, name).waitFor();
          const seen = await banner('throttling')
            .waitFor({ timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
          if (seen) break;
          if (attempt === 2) throw new Error('No change met a retried SlowDown in three tries');
        }
        await expect(banner('throttling').textContent()).resolves.toMatch(
          /\d+ retried · \d+ given up \(last 30 s\)/,
        );
        proxy.heal();
        await screenshotBothThemes(page, 'store-status-throttling');

        // Not answering: the change is refused naming the store, and the banner says so.
        proxy.faults = { blackhole: true };
        const second = await newNamespace(page, 'made_while_down');
        await second
          .getByRole('alert')
          .getByText(/the object store is unreachable/i)
          .waitFor({ timeout: 30_000 });
        await screenshotBothThemes(page, 'store-status-refused');
        // The open dialog hides the page from assistive technology; the banner is behind it.
        await second.getByRole('button', { name: 'Cancel' }).click();
        await second.waitFor({ state: 'detached' });
        // Pushed by the host as the store's health changes (and asked for every 2 s).
        await banner('unreachable')
          .waitFor({ timeout: 10_000 })
          .catch(async (error: unknown) => {
            const [id] = await app.openConnectionIds();
            const said = await app.host.call('connections:store-status', { connectionId: id });
            throw new Error(`no banner; the host says ${JSON.stringify(said)}`, { cause: error });
          });
        await screenshotBothThemes(page, 'store-status-unreachable');
        proxy.heal();
        await page.close();
      });
    });
  },
);
