/**
 * Getting a file into the import form, in a real browser in the web mode: the host's file
 * browser, an upload from the user's machine (Upload… and drag-and-drop), and the form's
 * messages: a name checked as it is typed, each message said once and gone once its cause is,
 * and one scroll area with the Import button always in view.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';
import { treeMenu } from './create-helpers';

let app: WebApp;
let page: Page;
let connectionId: string;

/** `rows` rows of an id, a date and `columns - 2` text columns. */
function csv(rows: number, columns = 3): string {
  const names = Array.from({ length: columns }, (_, i) => (i === 1 ? 'joined' : `column_${i}`));
  const lines = Array.from({ length: rows }, (_, r) =>
    names
      .map((_, c) =>
        c === 0
          ? r
          : c === 1
            ? `2024-01-${String((r % 28) + 1).padStart(2, '0')}`
            : `value ${r}-${c}`,
      )
      .join(','),
  );
  return `${names.join(',')}\n${lines.join('\n')}\n`;
}

async function openImport(): Promise<Locator> {
  await treeMenu(page, 'files', 'New table…');
  const dialog = page.getByRole('dialog', { name: 'New table' });
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const alerts = (dialog: Locator, text: string | RegExp) =>
  dialog.getByRole('alert').filter({ hasText: text });

describe.skipIf(!hasChromium)('choosing the file to import, in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    connectionId = await openFolderInUi(app, page, join(app.dir, 'files'));
    mkdirSync(join(app.dir, 'inbox'));
    writeFileSync(join(app.dir, 'inbox', 'people.csv'), csv(40));
    writeFileSync(join(app.dir, 'inbox', 'notes.txt'), 'not importable');
  });
  afterAll(async () => app?.close());

  it("browses the host's folders to a file, which is then previewed", async () => {
    const dialog = await openImport();
    await dialog.getByLabel('File path', { exact: true }).fill(join(app.dir, 'inbox', 'x.csv'));
    await dialog.getByRole('button', { name: 'Browse…' }).click();
    const browser = dialog.getByRole('region', { name: 'File browser' });
    // Opens at the typed path's folder and lists only what an import can read.
    await browser.getByRole('button', { name: 'people.csv' }).waitFor();
    await expect(browser.getByRole('button', { name: 'notes.txt' }).count()).resolves.toBe(0);
    await browser.getByRole('button', { name: 'people.csv' }).click();
    await expect(dialog.getByLabel('File path', { exact: true }).inputValue()).resolves.toBe(
      join(app.dir, 'inbox', 'people.csv'),
    );
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    await expect(dialog.getByLabel('Table name', { exact: true }).inputValue()).resolves.toBe(
      'people',
    );
    // A date column is recognised, and the form says in which format.
    await dialog.getByText('read as date32 (YYYY-MM-DD)').waitFor();
    await expect(
      dialog.getByLabel('Type of column joined', { exact: true }).inputValue(),
    ).resolves.toBe('date32');
    await closeDialog(dialog);
  });

  it('uploads a file from this machine and imports it', async () => {
    const dialog = await openImport();
    await dialog.getByLabel('File to upload').setInputFiles({
      name: 'from laptop.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv(1_000)),
    });
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    const path = await dialog.getByLabel('File path', { exact: true }).inputValue();
    expect(path).toMatch(/from laptop\.csv$/);
    expect(path.startsWith(join(app.dir, 'inbox'))).toBe(false);
    await expect(dialog.getByLabel('Table name', { exact: true }).inputValue()).resolves.toBe(
      'from_laptop',
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = await app.catalogOf(connectionId).openTable('from_laptop');
    expect(await table.countRows()).toBe(1_000);
  });

  it('takes a file dropped on the form', async () => {
    const dialog = await openImport();
    const form = dialog.locator('.import-drop');
    // A drop as the browser makes it: a DataTransfer holding a File.
    const transfer = await page.evaluateHandle(`(() => {
      const t = new DataTransfer();
      t.items.add(new File(['id,label\\n1,one\\n2,two\\n'], 'dropped.csv', { type: 'text/csv' }));
      return t;
    })()`);
    await form.dispatchEvent('dragover', { dataTransfer: transfer });
    await dialog.getByText('Drop the file to import it').waitFor();
    await form.dispatchEvent('drop', { dataTransfer: transfer });
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    await expect(dialog.getByLabel('File path', { exact: true }).inputValue()).resolves.toMatch(
      /dropped\.csv$/,
    );
    await expect(dialog.getByText('Drop the file to import it').count()).resolves.toBe(0);
    await closeDialog(dialog);
  });

  it('checks the name as it is typed, says each problem once, and clears it when fixed', async () => {
    const dialog = await openImport();
    const path = dialog.getByLabel('File path', { exact: true });
    await path.fill(join(app.dir, 'inbox', 'missing.csv'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await alerts(dialog, /missing\.csv does not exist/)
      .first()
      .waitFor();
    // A new path: the old error goes with the old path.
    await path.fill(join(app.dir, 'inbox', 'people.csv'));
    await expect(alerts(dialog, /does not exist/).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();

    const name = dialog.getByLabel('Table name', { exact: true });
    await name.fill('bad/name');
    // Live, before Import is pressed, and once.
    await expect.poll(() => alerts(dialog, /The name/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(alerts(dialog, /The name/).count()).resolves.toBe(1);
    await name.fill('from_laptop');
    await expect.poll(() => alerts(dialog, /already exists/).count()).toBe(1);
    await name.fill('people_ok');
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await closeDialog(dialog);
  });

  it('scrolls as one area, with the Import button always in view', async () => {
    writeFileSync(join(app.dir, 'inbox', 'wide.csv'), csv(40, 30));
    await page.setViewportSize({ width: 1100, height: 700 });
    const dialog = await openImport();
    await dialog.getByLabel('File path', { exact: true }).fill(join(app.dir, 'inbox', 'wide.csv'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).waitFor();
    // Every element in the dialog that scrolls up and down: only the dialog itself may.
    const scrollers = (await page.evaluate(`(() => {
      const dialog = document.querySelector('[role="dialog"]');
      return [dialog, ...dialog.querySelectorAll('*')]
        .filter((el) => /(auto|scroll)/.test(getComputedStyle(el).overflowY))
        .filter((el) => el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.className || el.tagName);
    })()`)) as string[];
    expect(scrollers).toHaveLength(1);
    const button = dialog.getByRole('button', { name: 'Import', exact: true });
    const inView = async () => {
      const box = (await button.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 700;
    };
    await expect(inView()).resolves.toBe(true);
    await screenshotBothThemes(page, 'import-dialog');
    await page.evaluate(`document.querySelector('[role="dialog"]').scrollTop = 100000`);
    await expect(inView()).resolves.toBe(true);
    await closeDialog(dialog);
  });
});
