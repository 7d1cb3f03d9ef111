/**
 * A catalog in an S3 bucket, opened from the start screen in Chromium against the real S3 store
 * the test run starts: the app learns the store's address and keys only from what is typed. It
 * tests the connection, opens the catalog, browses and changes it, reopens it from the recent list
 * with the stored keys, and a wrong secret is named as such, before and after "Open". An Azure
 * container on Azurite opens the same way with its account name and key, the dialog showing each
 * scheme's own fields.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzurite, type Azurite } from '../support/azurite';
import { sampleTable } from '../support/sample-data';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../support/s3-store';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
let uri: string;

const tree = (page: Page) => page.getByRole('tree', { name: 'Catalog tree' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

/** Fills the dialog as a person would for the test store; returns the dialog. */
async function fillObjectStore(page: Page, secret: string, name: string) {
  await page.getByRole('button', { name: 'Open object store…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open object store' });
  await dialog.getByLabel('URI').fill(uri);
  await dialog.getByLabel('Endpoint').fill(s3Info().endpoint!);
  await dialog.getByLabel('Access key ID').fill(s3Info().accessKeyId!);
  await dialog.getByLabel('Secret access key').fill(secret);
  await dialog.getByLabel('Connection name').fill(name);
  return dialog;
}

describe.skipIf(!hasChromium)(
  'an object store (Chromium; skipped without /usr/bin/chromium)',
  () => {
    describeWithS3('opened from the start screen', () => {
      beforeAll(async () => {
        // A catalog someone already keeps in the bucket.
        uri = s3Root(`e2e-${randomBytes(5).toString('hex')}`);
        const writer = await connect(uri, { storageOptions: s3StorageOptions() });
        await writer.createNamespace(['sales']);
        await writer.createTable('orders', sampleTable(12, 4), ['sales']);
        await writer.close();
        app = await startWebApp();
      });
      afterAll(async () => app?.close());

      it('opens it with typed keys after a test, browses it, creates a namespace and reopens it from the recent list', async () => {
        await app.closeAllConnections();
        const page = await app.newPage();
        const dialog = await fillObjectStore(page, s3Info().secretAccessKey!, 'bucket catalog');
        const open = dialog.getByRole('button', { name: 'Open', exact: true });

        await dialog.getByLabel('URI').fill('abfss://catalog@account.dfs.core.windows.net/x');
        await dialog
          .getByText('abfss:// (Azure Blob Storage; give it as az://container/prefix)')
          .waitFor();
        await expect(open.isDisabled()).resolves.toBe(true);
        await screenshotBothThemes(page, 'object-store-unsupported');
        await dialog.getByLabel('URI').fill(uri);
        await expect(open.isEnabled()).resolves.toBe(true);
        await expect(dialog.getByLabel('Path-style access').isChecked()).resolves.toBe(true);

        await dialog.getByRole('button', { name: 'Test connection' }).click();
        await expect(dialog.getByLabel('Test result').textContent()).resolves.toBe(
          '✓ Connected: 1 top-level namespace(s), 0 table(s) at the root',
        );
        await screenshotBothThemes(page, 'object-store-dialog');
        await open.click();
        await dialog.waitFor({ state: 'detached' });

        await item(page, 'sales').click();
        await item(page, 'orders').click();
        await expect(page.getByTestId('row-count').textContent()).resolves.toBe('12');

        await item(page, 'bucket catalog').click({ button: 'right' });
        await page.getByRole('menuitem', { name: 'New namespace…' }).click();
        const create = page.getByRole('dialog', { name: 'New namespace' });
        await create.getByLabel('Namespace name').fill('made_in_app');
        await create.getByRole('button', { name: 'Create namespace' }).click();
        await create.waitFor({ state: 'detached' });
        await item(page, 'made_in_app').waitFor();
        // The new namespace opens expanded; its listing settles before the picture.
        await tree(page)
          .getByText('Loading', { exact: false })
          .first()
          .waitFor({ state: 'detached' });
        await screenshotBothThemes(page, 'object-store-tree');
        // It is in the bucket, where any other process finds it.
        const reader = await connect(uri, { storageOptions: s3StorageOptions() });
        await expect(reader.listNamespaces([])).resolves.toEqual({
          namespaces: ['made_in_app', 'sales'],
        });
        await reader.close();

        // A new window on the start screen: the recent entry reopens with the stored keys.
        // (A reload would follow the hash back to the table, whose connection is closed.)
        await page.close();
        await app.closeAllConnections();
        const next = await app.newPage();
        const recent = next.getByRole('list', { name: 'Recent connections' }).getByRole('listitem');
        const entry = recent.filter({ hasText: 'bucket catalog' });
        await entry.getByText('object store', { exact: true }).waitFor();
        await expect(entry.textContent()).resolves.toContain(uri);
        await screenshotBothThemes(next, 'object-store-recent');
        await entry.getByRole('button', { name: 'Reopen bucket catalog' }).click();
        await item(next, 'made_in_app').waitFor();
        await expect(app.openConnectionIds()).resolves.toHaveLength(1);
        await next.close();
      });

      it('names a wrong secret in the test and when opening, and opens nothing', async () => {
        await app.closeAllConnections();
        const page = await app.newPage();
        const dialog = await fillObjectStore(page, 'not-the-secret', 'wrong secret');
        await dialog.getByRole('button', { name: 'Test connection' }).click();
        const result = dialog.getByLabel('Test result');
        await expect(result.textContent()).resolves.toMatch(
          /^✕ http:\/\/127\.0\.0\.1:\d+ refused the credentials for s3:\/\/catalog\/e2e-\w+ \(SignatureDoesNotMatch\)/,
        );
        await dialog.getByRole('button', { name: 'Open', exact: true }).click();
        const alert = dialog.getByRole('alert');
        await expect(alert.textContent()).resolves.toMatch(
          /^Unauthenticated.*refused the credentials/,
        );
        await alert.getByText(/the access key ID and secret access key/).waitFor();
        await screenshotBothThemes(page, 'object-store-wrong-secret');
        await expect(app.openConnectionIds()).resolves.toEqual([]);
        await page.close();
      });
    });

    describe('an Azure container on Azurite', () => {
      let azurite: Azurite;
      let azureApp: WebApp;
      let azureUri: string;
      beforeAll(async () => {
        azurite = await startAzurite();
        await azurite.createContainer('catalog');
        azureUri = `az://catalog/e2e-${randomBytes(5).toString('hex')}`;
        const writer = await connect(azureUri, { storageOptions: azurite.storageOptions() });
        await writer.createNamespace(['sales']);
        await writer.close();
        azureApp = await startWebApp();
      }, 60_000);
      afterAll(async () => {
        await azureApp?.close();
        await azurite?.stop();
      });

      it('shows each scheme its own fields, and opens az:// with the account name and key', async () => {
        const page = await azureApp.newPage();
        await page.getByRole('button', { name: 'Open object store…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Open object store' });
        const sources = dialog.getByRole('radiogroup', { name: 'Credentials from' });

        await dialog.getByLabel('URI').fill('gs://some-bucket/x');
        await dialog.getByLabel('Service account key (JSON)').waitFor();
        await expect(dialog.getByLabel('Endpoint').count()).resolves.toBe(0);
        await expect(dialog.getByLabel('Region').count()).resolves.toBe(0);
        await expect(dialog.getByLabel('Path-style access').count()).resolves.toBe(0);
        await expect(sources.getByText('A profile').count()).resolves.toBe(0);
        await sources.getByText('The environment (GOOGLE_*)').click();
        await dialog.getByText(/GOOGLE_SERVICE_ACCOUNT \(a key file\)/).waitFor();
        await screenshotBothThemes(page, 'object-store-gcs');
        await sources.getByText('A service account').click();

        await dialog.getByLabel('URI').fill(azureUri);
        await expect(dialog.getByLabel('Endpoint').getAttribute('placeholder')).resolves.toBe(
          'http://127.0.0.1:10000/devstoreaccount1',
        );
        await expect(dialog.getByLabel('Region').count()).resolves.toBe(0);
        await expect(dialog.getByLabel('Path-style access').count()).resolves.toBe(0);
        await expect(sources.getByText('A profile').count()).resolves.toBe(0);
        await dialog.getByLabel('Endpoint').fill(azurite.endpoint);
        await dialog.getByLabel('Account name').fill(AZURITE_ACCOUNT);
        await dialog.getByLabel('Account key', { exact: true }).fill(AZURITE_KEY);
        await dialog.getByLabel('SAS token').waitFor();
        await dialog.getByLabel('Connection name').fill('azure catalog');

        await dialog.getByRole('button', { name: 'Test connection' }).click();
        await expect(dialog.getByLabel('Test result').textContent()).resolves.toBe(
          '✓ Connected: 1 top-level namespace(s), 0 table(s) at the root',
        );
        await screenshotBothThemes(page, 'object-store-azure');
        await dialog.getByRole('button', { name: 'Open', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await item(page, 'sales').waitFor();
        await expect(azureApp.openConnectionIds()).resolves.toHaveLength(1);
        await page.close();
      });
    });
  },
);
