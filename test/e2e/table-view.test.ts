/**
 * The table view in a real browser: Overview numbers, the Schema tree with copyable paths, the
 * Data grid (paging to the end, filter, errors, column chooser, vector and image cells, the row
 * inspector, keyboard), and the Indexes tab with an index built by the engine and dropped
 * through the confirmation.
 */
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import type { TableHandle } from '../../src-main/catalog/client';
import { seededRandom, vectorType } from '../support/sample-data';
import {
  hasChromium,
  hideColumn,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const ROWS = 1_000;
const APPENDED = 200;
// 64 values: enough that the inspector must lay them out in rows and columns, then scroll.
const DIM = 64;

/** A real 8×8 RGB PNG (a diagonal gradient), small enough to build inline. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, default compression/filter/interlace
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      raw.set([x * 32, y * 32, 200], row + 1 + x * 3);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

function itemsTable(rows: number, idOffset: number) {
  const random = seededRandom(11 + idOffset);
  const png = tinyPng();
  const schema = new arrow.Schema([
    new arrow.Field('id', new arrow.Int64(), false),
    new arrow.Field('name', new arrow.Utf8(), true),
    new arrow.Field(
      'meta',
      new arrow.Struct([
        new arrow.Field('score', new arrow.Float64(), true),
        new arrow.Field('a.b', new arrow.Utf8(), true),
      ]),
      true,
    ),
    new arrow.Field('tags', new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)), true),
    new arrow.Field('vector', vectorType(DIM), true),
    new arrow.Field('image', new arrow.Binary(), true),
  ]);
  const ids = Array.from({ length: rows }, (_, i) => i + idOffset);
  const type = (name: string) => schema.fields.find((f) => f.name === name)!.type;
  return new arrow.Table(schema, {
    id: arrow.vectorFromArray(
      ids.map((i) => BigInt(i)),
      new arrow.Int64(),
    ),
    name: arrow.vectorFromArray(
      ids.map((i) => `item ${i}`),
      new arrow.Utf8(),
    ),
    meta: arrow.vectorFromArray(
      ids.map((i) => ({ score: i / 4, 'a.b': `m${i % 3}` })),
      type('meta'),
    ),
    tags: arrow.vectorFromArray(
      ids.map((i) => [`t${i % 2}`, `t${i % 5}`]),
      type('tags'),
    ),
    vector: arrow.vectorFromArray(
      ids.map(() => Array.from({ length: DIM }, () => random() - 0.5)),
      type('vector'),
    ),
    // Even rows hold a PNG, odd rows plain bytes, so both renderings appear on screen.
    image: arrow.vectorFromArray(
      ids.map((i) => (i % 2 === 0 ? png : new Uint8Array([0xde, 0xad, 0xbe, 0xef, i % 256]))),
      new arrow.Binary(),
    ),
  } as never);
}

let app: WebApp;
let page: Page;
let connectionId: string;
let table: TableHandle;

const grid = () => page.getByRole('grid', { name: 'Rows of items' });
const tab = (name: string) => page.getByRole('tab', { name }).click();

describe.skipIf(!hasChromium)('table view in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    table = await catalog.createTable('items', itemsTable(ROWS, 0));
    await table.insert(itemsTable(APPENDED, ROWS));
    // Counts the pages handed to the decode worker by moving their buffers, not copying them.
    await page.addInitScript(`
      window.movedPages = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, transfer) {
        if (Array.isArray(transfer) && transfer.length > 0) window.movedPages++;
        return post.call(this, message, transfer);
      };
    `);
    // The engine wrote behind the UI's back (no host event), so reload to list the table.
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await page.getByRole('treeitem', { name: 'items' }).click();
  });
  afterAll(async () => app?.close());

  it('shows the overview numbers', async () => {
    const described = await app.host.call('tables:describe', {
      connectionId,
      path: [],
      table: 'items',
    });
    if (!described.ok) throw new Error(described.error.message);
    const { version, stats } = described.value as {
      version: number;
      stats: { numFragments: number };
    };
    await expect.poll(() => page.getByTestId('row-count').textContent()).toBe('1,200');
    await expect(page.getByTestId('version').textContent()).resolves.toBe(String(version));
    await expect(page.getByTestId('fragments').textContent()).resolves.toBe(
      String(stats.numFragments),
    );
    expect(stats.numFragments).toBe(2);
    await expect(page.getByTestId('size').textContent()).resolves.toMatch(/^[\d.]+ (KiB|MiB)$/);
    await expect(page.getByTestId('columns').textContent()).resolves.toBe('6');
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('cell', { name: String(version), exact: true }).waitFor();
  });

  it('shows the schema as a tree with copyable canonical paths', async () => {
    await tab('Schema');
    const schema = page.getByRole('table', { name: 'Schema' });
    await schema.getByText('meta.score', { exact: true }).waitFor();
    await schema.getByText('meta.`a.b`', { exact: true }).waitFor();
    await schema.getByText(`vector · float32 × ${DIM}`).waitFor();
    await expect(schema.getByText('list<utf8>').count()).resolves.toBe(1);
    await screenshotBothThemes(page, 'table-schema');

    await schema.getByRole('button', { name: 'Copy path meta.score' }).click();
    await schema
      .getByRole('button', { name: 'Copy path meta.score' })
      .getByText('Copied')
      .waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe('meta.score');

    // Collapsing the struct hides its members.
    await schema.getByRole('button', { name: 'Collapse meta' }).click();
    await expect(schema.getByText('meta.score').count()).resolves.toBe(0);
    await schema.getByRole('button', { name: 'Expand meta' }).click();
    await schema.getByText('meta.score').waitFor();
  });

  it('pages through the rows to the last one', async () => {
    await tab('Data');
    await expect.poll(() => grid().getAttribute('aria-rowcount')).toBe(String(ROWS + APPENDED + 1));
    await expect(grid().getAttribute('aria-colcount')).resolves.toBe('6');
    const firstRow = grid().locator('[role="row"][aria-rowindex="2"]');
    await firstRow.getByRole('gridcell', { name: 'item 0', exact: true }).waitFor();
    await grid()
      .getByRole('columnheader', { name: /^vector/ })
      .waitFor();

    // A vector cell shows its dimension; PNG bytes show as an <img>, other bytes as hex.
    await firstRow.getByText(`dim ${DIM}`).waitFor();
    await firstRow.locator('img[alt^="PNG image"]').waitFor();
    await grid()
      .locator('[role="row"][aria-rowindex="3"]')
      .getByText('de ad be ef', { exact: false })
      .waitFor();
    // Scrolled right, so the screenshot shows the vector and image cells.
    await grid().evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await grid().locator('[role="row"][aria-rowindex="2"]').getByText(`dim ${DIM}`).waitFor();
    await screenshotBothThemes(page, 'table-data');
    await grid().evaluate((el) => el.scrollTo({ left: 0 }));

    await page.getByRole('button', { name: 'Last rows' }).click();
    const lastRow = grid().locator(`[role="row"][aria-rowindex="${ROWS + APPENDED + 1}"]`);
    await lastRow
      .getByRole('gridcell', { name: `item ${ROWS + APPENDED - 1}`, exact: true })
      .waitFor();

    await page.getByLabel('Go to row number').fill('601');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await grid()
      .locator('[role="row"][aria-rowindex="602"]')
      .getByRole('gridcell', { name: 'item 600', exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'First rows' }).click();
    await firstRow.getByRole('gridcell', { name: 'item 0', exact: true }).waitFor();
    // Pages after the worker's first answer moved to it without a copy, and decoded there.
    const moved = await page.evaluate('window.movedPages');
    expect(moved).toBeGreaterThan(0);
  });

  it('opens the inspector by click and by keyboard', async () => {
    await grid().locator('[role="row"][aria-rowindex="2"]').click();
    const inspector = page.getByRole('complementary', { name: 'Row 1' });
    await inspector.getByRole('list', { name: 'Values of vector' }).waitFor();
    await expect(
      inspector.getByRole('list', { name: 'Values of vector' }).getByRole('listitem').count(),
    ).resolves.toBe(DIM);
    await inspector.getByRole('img', { name: 'Image in image' }).waitFor();
    await inspector.getByText('"a.b": "m0"').waitFor();
    // Each value sits inside the list's box, clear of the others (CSS columns under a max-height
    // once pushed values off to the right, and list markers drew over the next column).
    const boxes = await inspector
      .getByRole('list', { name: 'Values of vector' })
      .evaluate((list) => {
        const outer = list.getBoundingClientRect();
        const inner = {
          left: outer.left + list.clientLeft,
          right: outer.left + list.clientLeft + list.clientWidth,
        };
        return {
          inner,
          items: [...list.querySelectorAll('li')].map((li) => {
            const r = li.getBoundingClientRect();
            return {
              left: r.left,
              right: r.right,
              top: r.top,
              bottom: r.bottom,
              clipped: li.scrollWidth > li.clientWidth,
            };
          }),
        };
      });
    expect(boxes.items).toHaveLength(DIM);
    for (const [i, box] of boxes.items.entries()) {
      expect(box.left, `value ${i}`).toBeGreaterThanOrEqual(boxes.inner.left);
      expect(box.right, `value ${i}`).toBeLessThanOrEqual(boxes.inner.right + 0.5);
      expect(box.clipped, `value ${i}`).toBe(false);
      for (const other of boxes.items.slice(i + 1)) {
        const apart =
          box.right <= other.left + 0.5 ||
          other.right <= box.left + 0.5 ||
          box.bottom <= other.top + 0.5 ||
          other.bottom <= box.top + 0.5;
        expect(apart, `value ${i} overlaps another`).toBe(true);
      }
    }
    // Focus stays on the grid: Enter there opens the row again instead of closing the panel.
    await expect(page.evaluate("document.activeElement?.getAttribute('role')")).resolves.toBe(
      'grid',
    );
    await page.keyboard.press('Enter');
    await expect(inspector.count()).resolves.toBe(1);
    // Escape in another field is that field's: the inspector stays.
    await page.getByLabel('Filter rows (SQL WHERE)').focus();
    await page.keyboard.press('Escape');
    await expect(inspector.count()).resolves.toBe(1);
    await screenshotBothThemes(page, 'table-inspector');
    await inspector.getByRole('button', { name: 'Close row inspector' }).click();
    await expect(inspector.count()).resolves.toBe(0);

    await grid().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Row 3' }).getByText('item 2').waitFor();
    // Escape from the grid closes it, and focus is still on the grid.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('complementary', { name: 'Row 3' }).count()).resolves.toBe(0);
  });

  it('sorts by a header: ascending, descending, then the table order', async () => {
    await tab('Data');
    const header = grid().getByRole('columnheader').filter({ hasText: /^name/ });
    const firstName = grid()
      .locator('[role="row"][aria-rowindex="2"]')
      .getByRole('gridcell')
      .nth(1);
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
    await header.getByRole('button', { name: 'Sort by name' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => firstName.textContent()).toBe('item 0');
    await header.getByRole('button', { name: 'Sort by name' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    // Text order: "item 999" is last of the names, ahead of "item 1199" descending.
    await expect.poll(() => firstName.textContent()).toBe('item 999');
    await screenshotBothThemes(page, 'table-sort');
    // The last rows in this order are the first ones ascending.
    await page.getByRole('button', { name: 'Last rows' }).click();
    await grid()
      .locator(`[role="row"][aria-rowindex="${ROWS + APPENDED + 1}"]`)
      .getByRole('gridcell', { name: 'item 0', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'First rows' }).click();
    await header.getByRole('button', { name: 'Sort by name' }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('none');
    await expect.poll(() => firstName.textContent()).toBe('item 0');
    // A vector column holds many values: its header offers no sort.
    const vectorHeader = grid()
      .getByRole('columnheader')
      .filter({ hasText: /^vector/ });
    await expect(vectorHeader.getAttribute('aria-sort')).resolves.toBeNull();
    await expect(vectorHeader.getByRole('button').count()).resolves.toBe(0);

    // A struct column orders by one of its fields, chosen from its header's menu.
    const metaHeader = grid().getByRole('columnheader').filter({ hasText: /^meta/ });
    const byField = async (item: string) => {
      await metaHeader.getByRole('button', { name: 'Sort by a field of meta' }).click();
      await page.getByRole('menuitem', { name: item, exact: true }).click();
    };
    await expect(metaHeader.getAttribute('aria-sort')).resolves.toBe('none');
    await byField('Sort by meta.score');
    await expect.poll(() => metaHeader.getAttribute('aria-sort')).toBe('ascending');
    await byField('Sort by meta.score (ascending)');
    await expect.poll(() => metaHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstName.textContent()).toBe(`item ${ROWS + APPENDED - 1}`);
    await screenshotBothThemes(page, 'table-sort-field');
    // A dotted field name is quoted; equal keys keep the id order, so row 2 is the next m0.
    await byField('Sort by meta.`a.b`');
    const secondName = grid()
      .locator('[role="row"][aria-rowindex="3"]')
      .getByRole('gridcell')
      .nth(1);
    await expect.poll(() => secondName.textContent()).toBe('item 3');
    await byField('Sort by meta.`a.b` (ascending)');
    await byField('Sort by meta.`a.b` (descending)');
    await expect.poll(() => metaHeader.getAttribute('aria-sort')).toBe('none');
    await expect.poll(() => secondName.textContent()).toBe('item 1');
  });

  it('filters rows, says when none match, and explains a bad filter', async () => {
    const filter = page.getByLabel('Filter rows (SQL WHERE)');
    const count = page.getByTestId('data-row-count');
    await filter.fill('id < 100 AND meta.score >= 5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await count.getByText('80 of 1,200 rows match').waitFor();
    await expect.poll(() => grid().getAttribute('aria-rowcount')).toBe('81');
    await grid()
      .locator('[role="row"][aria-rowindex="2"]')
      .getByRole('gridcell', { name: 'item 20', exact: true })
      .waitFor();

    await filter.fill('id < 0');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No rows match the filter.').waitFor();

    await filter.fill('no_such_column > 1');
    await page.getByRole('button', { name: 'Apply' }).click();
    const alert = page.getByRole('alert', { name: 'Filter error' });
    await expect(alert.textContent()).resolves.toMatch(/no_such_column/);
    await expect(alert.textContent()).resolves.not.toMatch(/\n\s+at |\.rs:\d+/);
    await expect(filter.getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByRole('button', { name: 'Clear' }).click();
    await count.getByText('1,200 rows').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });

  it('hides a column with the column chooser', async () => {
    await grid().getByRole('columnheader', { name: /^tags/ }).waitFor();
    await hideColumn(page, 'tags');
    await expect.poll(() => grid().getAttribute('aria-colcount')).toBe('5');
    await expect(grid().getByRole('columnheader', { name: /^tags/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Columns (5 of 6)' }).waitFor();
    await grid()
      .locator('[role="row"][aria-rowindex="2"]')
      .getByRole('gridcell', { name: 'item 0', exact: true })
      .waitFor();
  });

  it('lists an index built by the engine, then drops it through the confirmation', async () => {
    await tab('Indexes');
    await page.getByText('No indexes yet.', { exact: false }).waitFor();
    const catalog = app.catalogOf(connectionId);
    await catalog.waitForJob((await table.createIndex({ column: 'id', index_type: 'BTREE' })).id);
    const [index] = await table.listIndices();
    if (!index) throw new Error('the engine listed no index');

    // The job's end reaches the page as an event, which refreshes the list without a reload.
    const indexes = page.getByRole('table', { name: 'Indexes' });
    const bar = indexes.getByRole('progressbar', { name: `Coverage of ${index.name}` });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    await indexes.getByRole('cell', { name: 'BTREE' }).waitFor();
    await indexes
      .getByText(`${(ROWS + APPENDED).toLocaleString('en-US')} indexed · 0 unindexed`)
      .waitFor();
    await screenshotBothThemes(page, 'table-indexes');

    await indexes.getByRole('button', { name: `Drop index ${index.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Drop index ${index.name}` });
    await dialog.getByRole('button', { name: 'Drop index' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No indexes yet.', { exact: false }).waitFor();
    await expect(table.listIndices()).resolves.toEqual([]);
  });

  it('copies a row, edits a value and deletes the row, each change shown as SQL first', async () => {
    await tab('Data');
    const row = (n: number) => grid().locator(`[role="row"][aria-rowindex="${n + 2}"]`);
    await row(5).getByRole('gridcell', { name: 'item 5', exact: true }).click();
    const inspector = page.getByRole('complementary', { name: 'Row 6' });
    await inspector.getByRole('button', { name: 'Copy row as JSON' }).click();
    const copied = JSON.parse(String(await page.evaluate('navigator.clipboard.readText()')));
    expect(copied).toMatchObject([{ id: 5, name: 'item 5', meta: { score: 1.25 } }]);
    await inspector.getByRole('button', { name: 'Copy row as TSV' }).click();
    const tsv = String(await page.evaluate('navigator.clipboard.readText()')).split('\n');
    expect(tsv[0]!.split('\t').slice(0, 2)).toEqual(['id', 'name']);
    expect(tsv[1]!.split('\t').slice(0, 2)).toEqual(['5', 'item 5']);

    // Edit: in the grid's cell, as a pending change; the update and the rows it matches are
    // reviewed before anything changes (test/e2e/grid-editing.test.ts has the rest).
    const before = (await table.listVersions()).length;
    await inspector.getByRole('button', { name: 'Edit name' }).click();
    const editor = grid().getByRole('textbox', { name: 'name of row 6' });
    await editor.fill("fifth's");
    await editor.press('Enter');
    const changes = page.getByRole('toolbar', { name: 'Pending changes' });
    await changes.getByRole('button', { name: 'Review…' }).click();
    const edit = page.getByRole('dialog', { name: 'Review pending changes' });
    // The statement as the host will run it (rows:plan): the one row is named by its id, so
    // the value needs no condition (the list keeps the column's type).
    await expect(edit.getByLabel('The update to run').textContent()).resolves.toBe(
      "UPDATE items SET\n  name = array_element(make_array(name, 'fifth''s'), 2)\nWHERE _rowid IN (5)",
    );
    await edit.getByRole('cell', { name: '1 row', exact: true }).waitFor();
    await edit.getByRole('button', { name: 'Commit' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect(
      table.query({ filter: 'id = 5', columns: ['name'] }).then((t) => t.get(0)!.toJSON().name),
    ).resolves.toBe("fifth's");
    expect((await table.listVersions()).length).toBe(before + 1);
    // LanceDB writes an updated row anew, at the end of the table: the grid shows it there.
    await page.getByRole('button', { name: 'Last rows' }).click();
    const last = ROWS + APPENDED - 1;
    await row(last).getByRole('gridcell', { name: "fifth's", exact: true }).click();

    // Delete: the same, and the count drops by one.
    await page
      .getByRole('complementary', { name: `Row ${(last + 1).toLocaleString('en-US')}` })
      .getByRole('button', { name: 'Delete row…' })
      .click();
    const drop = page.getByRole('dialog', { name: 'Delete row' });
    await expect(drop.getByLabel('The delete to run').textContent()).resolves.toBe(
      'DELETE FROM items WHERE id = 5',
    );
    await drop.getByRole('button', { name: 'Delete 1 row' }).click();
    await drop.waitFor({ state: 'detached' });
    await expect(table.countRows()).resolves.toBe(ROWS + APPENDED - 1);
    await expect.poll(() => grid().getAttribute('aria-rowcount')).toBe(String(ROWS + APPENDED));
  });

  it('selects rows to copy and delete together', async () => {
    await tab('Data');
    await page.getByRole('button', { name: 'First rows' }).click();
    const row = (n: number) => grid().locator(`[role="row"][aria-rowindex="${n + 2}"]`);
    await row(0)
      .getByRole('gridcell', { name: 'item 0', exact: true })
      .click({ modifiers: ['Control'] });
    await row(2)
      .getByRole('gridcell', { name: 'item 2', exact: true })
      .click({ modifiers: ['Shift'] });
    const bar = page.getByRole('toolbar', { name: 'Selected rows' });
    await bar.getByText('3 rows selected').waitFor();
    await expect(row(1).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(row(3).getAttribute('aria-selected')).resolves.toBe('false');

    await bar.getByRole('button', { name: 'Copy JSON' }).click();
    await bar.getByText('Copied 3 rows as JSON').waitFor();
    const copied = JSON.parse(String(await page.evaluate('navigator.clipboard.readText()')));
    expect(copied.map((r: { id: number }) => r.id)).toEqual([0, 1, 2]);

    const before = await table.countRows();
    await bar.getByRole('button', { name: 'Delete…' }).click();
    const drop = page.getByRole('dialog', { name: 'Delete 3 rows' });
    await expect(drop.getByLabel('The delete to run').textContent()).resolves.toBe(
      'DELETE FROM items WHERE id IN (0, 1, 2)',
    );
    await drop.getByText('It matches 3 rows: every one of them changes.').waitFor();
    await drop.getByRole('button', { name: 'Delete 3 rows' }).click();
    await drop.waitFor({ state: 'detached' });
    await expect(table.countRows()).resolves.toBe(before - 3);
    // A new version: the selection is gone with the old row numbers.
    await expect.poll(() => bar.count()).toBe(0);
  });

  it('compacts small fragments from the Overview, keeping the rows and every version', async () => {
    const before = await table.stats();
    expect(before.numSmallFragments).toBeGreaterThan(1);
    const rows = await table.countRows();
    await tab('Overview');
    await page.getByRole('button', { name: 'Compact…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compact items' });
    await dialog.getByText('no earlier version is removed', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Compact', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('fragments').textContent()).toMatch(/^1\b/);
    await expect(page.getByRole('button', { name: 'Compact…' }).count()).resolves.toBe(0);
    await expect(table.countRows()).resolves.toBe(rows);
    await expect((await table.checkoutVersion(1)).countRows()).resolves.toBe(ROWS);
  });
});
