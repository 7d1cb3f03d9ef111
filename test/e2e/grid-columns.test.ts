/**
 * The grid's columns as a person arranges them (issue 36, part 3), in Chromium against the web
 * mode: a column resized by its edge (pointer, keys, double-click to fit), moved by dragging its
 * header and from the column chooser, and hidden; the same layout after a reload for that table
 * and the default for another; Reset; a cell's whole value on hover, bounded; and the row
 * inspector showing the columns the grid shows, as they change.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { sampleTable, seededRandom, vectorType } from '../support/sample-data';
import {
  hasChromium,
  openFolderInUi,
  screenshotBothThemes,
  startWebApp,
  type WebApp,
} from '../support/web-app';

const ROWS = 40;
const DIM = 8;
const LONG = 10_000;
const TAGS = 12;

/** id, text (row 0's is 10,000 characters long), category, meta (a struct with a list), vector. */
function itemsTable() {
  const random = seededRandom(5);
  const tagsType = new arrow.List(new arrow.Field('item', new arrow.Utf8(), true));
  const metaType = new arrow.Struct([
    new arrow.Field('score', new arrow.Float64(), true),
    new arrow.Field('tags', tagsType, true),
  ]);
  const ids = Array.from({ length: ROWS }, (_, i) => i);
  const schema = new arrow.Schema([
    new arrow.Field('id', new arrow.Int32(), false),
    new arrow.Field('text', new arrow.Utf8(), true),
    new arrow.Field('category', new arrow.Utf8(), true),
    new arrow.Field('meta', metaType, true),
    new arrow.Field('vector', vectorType(DIM), true),
  ]);
  return new arrow.Table(schema, {
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    text: arrow.vectorFromArray(
      ids.map((i) =>
        i === 0 ? 'lorem ipsum '.repeat(LONG / 12 + 1).slice(0, LONG) : `short ${i}`,
      ),
      new arrow.Utf8(),
    ),
    category: arrow.vectorFromArray(
      ids.map((i) => `c${i % 5}`),
      new arrow.Utf8(),
    ),
    meta: arrow.vectorFromArray(
      ids.map((i) => ({
        score: i / 4,
        tags: Array.from({ length: TAGS }, (_, t) => `tag${t}`),
      })),
      metaType,
    ),
    vector: arrow.vectorFromArray(
      ids.map(() => Array.from({ length: DIM }, () => Math.round(random() * 100) / 100)),
      vectorType(DIM),
    ),
  } as never);
}

let app: WebApp;
let page: Page;

const grid = (table: string) => page.getByRole('grid', { name: `Rows of ${table}` });
const header = (table: string, column: string) =>
  grid(table).locator(`[role="columnheader"][data-column="${column}"]`);
const resizer = (table: string, column: string) =>
  grid(table).getByRole('separator', { name: `Resize ${column}`, exact: true });

async function openData(table: string) {
  await page.getByRole('treeitem', { name: table }).click();
  await page.getByRole('tab', { name: 'Data' }).click();
  await grid(table).locator('[role="row"][aria-rowindex="2"] [role="gridcell"]').first().waitFor();
}

/** The headers' columns as they stand on screen, left to right. */
async function headerOrder(table: string): Promise<string[]> {
  return grid(table)
    .locator('[role="columnheader"]')
    .evaluateAll((headers) =>
      headers
        .map((h) => ({ name: h.getAttribute('data-column'), left: h.getBoundingClientRect().left }))
        .sort((a, b) => a.left - b.left)
        .map((h) => h.name ?? ''),
    );
}

async function widthOf(table: string, column: string): Promise<number> {
  return Number(await resizer(table, column).getAttribute('aria-valuenow'));
}

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses on `from`, travels in steps as a hand does, and lets go over `to`. */
async function drag(from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** The tooltip a person would see with the pointer on `cell`: the nearest title there. */
async function tooltipOf(cell: Locator): Promise<string | null> {
  await cell.hover();
  const { x, y } = await center(cell);
  return (await page.evaluate(
    `document.elementFromPoint(${x}, ${y})?.closest('[title]')?.getAttribute('title') ?? null`,
  )) as string | null;
}

async function cellOf(table: string, row: number, column: string): Promise<Locator> {
  const index = await header(table, column).getAttribute('aria-colindex');
  return grid(table).locator(
    `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${index}"]`,
  );
}

describe.skipIf(!hasChromium)('grid columns in Chromium', () => {
  beforeAll(async () => {
    app = await startWebApp();
    page = await app.newPage();
    const connectionId = await openFolderInUi(app, page, join(app.dir, 'catalog'));
    const catalog = app.catalogOf(connectionId);
    await catalog.createTable('items', itemsTable());
    await catalog.createTable('other', sampleTable(20, DIM));
    await catalog.createTable('inspected', sampleTable(20, DIM));
    // The engine wrote behind the UI's back (no host event), so reload to list the tables.
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
  });
  afterAll(async () => app?.close());

  it('keeps a table’s resized, moved and hidden columns across a reload, and no other’s', async () => {
    await openData('items');
    const defaults = ['id', 'text', 'category', 'meta', 'vector'];
    await expect(headerOrder('items')).resolves.toEqual(defaults);
    const textWidth = await widthOf('items', 'text');

    // The edge dragged 150 px to the right widens the column by as much.
    const edge = await center(resizer('items', 'text'));
    await drag(edge, { x: edge.x + 150, y: edge.y });
    await expect.poll(() => widthOf('items', 'text')).toBe(textWidth + 150);
    const box = await header('items', 'text').boundingBox();
    expect(Math.round(box!.width)).toBe(textWidth + 150);

    // By keys: → twice and Shift+→ once, 10 + 10 + 50 px; the grid's own focus stays put.
    const idWidth = await widthOf('items', 'id');
    await resizer('items', 'id').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => widthOf('items', 'id')).toBe(idWidth + 70);

    // A double-click on the edge fits the column to its header and cells: "c0"… is narrow.
    const categoryWidth = await widthOf('items', 'category');
    await resizer('items', 'category').dblclick();
    await expect.poll(() => widthOf('items', 'category')).toBeLessThan(categoryWidth);
    const fitted = await widthOf('items', 'category');
    const cut = await grid('items').evaluate((el) =>
      [
        ...el.querySelectorAll(
          '[data-column="category"] .header-name, [data-column="category"] .header-type',
        ),
      ]
        .filter((s) => s.scrollWidth > s.clientWidth)
        .map((s) => s.textContent),
    );
    expect(cut).toEqual([]);

    // A header dragged onto another takes its place; a sortable one is not sorted by the drag.
    // The widened columns pushed vector past the grid's right edge: scrolled to, as a person would.
    await header('items', 'vector').scrollIntoViewIfNeeded();
    await drag(await center(header('items', 'vector')), await center(header('items', 'text')));
    await expect
      .poll(() => headerOrder('items'))
      .toEqual(['id', 'vector', 'text', 'category', 'meta']);
    await drag(await center(header('items', 'category')), await center(header('items', 'vector')));
    await expect
      .poll(() => headerOrder('items'))
      .toEqual(['id', 'category', 'vector', 'text', 'meta']);
    await expect(header('items', 'category').getAttribute('aria-sort')).resolves.toBe('none');
    // Let go over the rows, not a header: nothing moves.
    const cell = await cellOf('items', 1, 'vector');
    await drag(await center(header('items', 'text')), await center(cell));
    await expect
      .poll(() => headerOrder('items'))
      .toEqual(['id', 'category', 'vector', 'text', 'meta']);

    // The chooser moves a column up, and hides another.
    await page.getByRole('button', { name: /^Columns/ }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('button', { name: 'Move meta up' }).click();
    await expect
      .poll(() => headerOrder('items'))
      .toEqual(['id', 'category', 'vector', 'meta', 'text']);
    await chooser.getByRole('checkbox', { name: 'meta' }).uncheck();
    await screenshotBothThemes(page, 'grid-columns-chooser');
    await page.keyboard.press('Escape');
    await expect.poll(() => headerOrder('items')).toEqual(['id', 'category', 'vector', 'text']);
    await page.getByRole('button', { name: 'Columns (4 of 5)' }).waitFor();
    // Alt+← on a focused edge moves its column left, and the keyboard stays on that edge.
    await resizer('items', 'text').focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => headerOrder('items')).toEqual(['id', 'category', 'text', 'vector']);
    await expect(
      resizer('items', 'text').evaluate((el) => el === el.ownerDocument.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => headerOrder('items')).toEqual(['id', 'category', 'vector', 'text']);
    await grid('items').evaluate((el) => el.scrollTo({ left: 0 }));
    await screenshotBothThemes(page, 'grid-columns-arranged');

    const arranged = {
      order: await headerOrder('items'),
      text: await widthOf('items', 'text'),
      id: await widthOf('items', 'id'),
      category: fitted,
    };
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await grid('items')
      .locator('[role="row"][aria-rowindex="2"] [role="gridcell"]')
      .first()
      .waitFor();
    await expect.poll(() => headerOrder('items')).toEqual(arranged.order);
    await expect(widthOf('items', 'text')).resolves.toBe(arranged.text);
    await expect(widthOf('items', 'id')).resolves.toBe(arranged.id);
    await expect(widthOf('items', 'category')).resolves.toBe(arranged.category);
    await page.getByRole('button', { name: 'Columns (4 of 5)' }).waitFor();
    await screenshotBothThemes(page, 'grid-columns-after-reload');

    // Another table has its own layout: the default one.
    await openData('other');
    await expect
      .poll(() => headerOrder('other'))
      .toEqual(['id', 'text', 'category', 'tags', 'meta', 'image', 'vector']);
    await expect(widthOf('other', 'text')).resolves.toBe(textWidth);
    await expect(page.getByRole('button', { name: /^Columns/ }).textContent()).resolves.toBe(
      'Columns ',
    );

    // Reset brings the table's own layout back, and it stays so after a reload.
    await openData('items');
    await expect.poll(() => headerOrder('items')).toEqual(arranged.order);
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page
      .getByRole('dialog', { name: 'Columns' })
      .getByRole('button', { name: 'Reset columns' })
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headerOrder('items')).toEqual(defaults);
    await expect(widthOf('items', 'text')).resolves.toBe(textWidth);
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    await grid('items')
      .locator('[role="row"][aria-rowindex="2"] [role="gridcell"]')
      .first()
      .waitFor();
    await expect.poll(() => headerOrder('items')).toEqual(defaults);
  });

  it('scrolls while a dragged header is held at the edge, to drop it past what was on screen', async () => {
    await openData('other');
    const order = await headerOrder('other');
    expect(order[0]).toBe('id');
    const box = (await grid('other').boundingBox())!;
    await expect(header('other', 'vector').isVisible()).resolves.toBe(true);
    const vectorBox = (await header('other', 'vector').boundingBox())!;
    // The last column starts past the grid's right edge: not on screen to drop onto.
    expect(vectorBox.x + vectorBox.width).toBeGreaterThan(box.x + box.width);
    const from = await center(header('other', 'id'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 10, from.y, { steps: 10 });
    // Held still at the edge, the grid scrolls on by itself, to its end.
    await expect
      .poll(() =>
        grid('other').evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1),
      )
      .toBe(true);
    const target = await center(header('other', 'vector'));
    await page.mouse.move(target.x, target.y, { steps: 4 });
    // The header moved is faded, and the one it lands after is marked on that side.
    await expect(header('other', 'vector').getAttribute('class')).resolves.toMatch(/\bafter\b/);
    await screenshotBothThemes(page, 'grid-columns-dragging');
    await page.mouse.up();
    await expect.poll(() => headerOrder('other')).toEqual([...order.slice(1), 'id']);
  });

  it('says a cell’s whole value on hover: long text bounded, JSON, a vector’s values', async () => {
    await openData('items');
    const long = await tooltipOf(await cellOf('items', 0, 'text'));
    expect(long).toMatch(/^lorem ipsum lorem ipsum/);
    expect(long).toMatch(/the first 4,096 of 10,000 characters; open the row to see all of it\)$/);
    // A short text that fits says nothing more.
    await expect(tooltipOf(await cellOf('items', 1, 'text'))).resolves.toBeNull();

    // The struct's cell shows a few of its tags; the hover has them all, as JSON.
    const meta = await tooltipOf(await cellOf('items', 2, 'meta'));
    expect(JSON.parse(meta!)).toEqual({
      score: 0.5,
      tags: Array.from({ length: TAGS }, (_, t) => `tag${t}`),
    });

    // The vector's cell shows its dimension and norm; the hover has its values.
    const vector = await tooltipOf(await cellOf('items', 0, 'vector'));
    expect(vector).toMatch(new RegExp(`^dimension ${DIM}, L2 norm [\\d.]+\\n\\[`));
    const values = JSON.parse(vector!.split('\n')[1]!) as number[];
    expect(values).toHaveLength(DIM);
  });

  it('shows in the row inspector the columns the grid shows, hidden, shown again or moved while it is open', async () => {
    await openData('inspected');
    // A row opens once its page has arrived (a row still loading has nothing to show).
    const second = grid('inspected')
      .locator('[role="row"][aria-rowindex="3"] [role="gridcell"]')
      .first();
    await expect.poll(() => second.textContent(), { timeout: 10_000 }).toBe('1');
    await second.click();
    const inspector = page.getByRole('complementary', { name: 'Row 2' });
    await inspector.waitFor();
    const fieldsShown = () => inspector.locator('.inspector-field .field-name').allTextContents();
    // A column shown again has its page read again first: more than poll's default second on a
    // busy machine.
    const settles = { timeout: 10_000 };
    const all = ['id', 'text', 'category', 'tags', 'meta', 'image', 'vector'];
    await expect.poll(fieldsShown, settles).toEqual(all);

    await page.getByRole('button', { name: /^Columns/ }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'category' }).uncheck();
    await expect.poll(fieldsShown, settles).toEqual(all.filter((c) => c !== 'category'));
    // Shown again: its page is read again with the column, and the inspector has its value.
    await chooser.getByRole('checkbox', { name: 'category' }).check();
    await expect.poll(fieldsShown, settles).toEqual(all);
    await expect(inspector.getByText('c1', { exact: true }).count()).resolves.toBe(1);
    await chooser.getByRole('button', { name: 'Move vector up' }).click();
    await expect
      .poll(fieldsShown, settles)
      .toEqual(['id', 'text', 'category', 'tags', 'meta', 'vector', 'image']);
    await chooser.getByRole('button', { name: 'Reset columns' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(fieldsShown, settles).toEqual(all);
    // Still the same row (id 1), and still open.
    await expect(
      inspector.locator('.inspector-field').first().locator('dd').textContent(),
    ).resolves.toBe('1');

    // A new order names other rows by the same numbers: the inspector closes, on a filter
    // cleared as on one applied.
    await page.getByLabel('Filter rows (SQL WHERE)').fill('id >= 1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('data-row-count').textContent(), settles)
      .toMatch(/^19 of 20 rows/);
    await expect.poll(() => second.textContent(), settles).toBe('2');
    await grid('inspected')
      .locator('[role="row"][aria-rowindex="2"] [role="gridcell"]')
      .first()
      .click();
    const first = page.getByRole('complementary', { name: 'Row 1' });
    await first.waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => first.count(), settles).toBe(0);
  });

  it('keeps toasts beside an open row inspector, not over it', async () => {
    await openData('inspected');
    const rowAt = (index: number) =>
      grid('inspected')
        .locator(`[role="row"][aria-rowindex="${index + 2}"] [role="gridcell"]`)
        .first();
    // A change's toast (it stays 8 s), then a row opened while it is up.
    await expect.poll(() => rowAt(19).textContent(), { timeout: 10_000 }).toBe('19');
    await rowAt(19).click();
    await page
      .getByRole('complementary', { name: 'Row 20' })
      .getByRole('button', { name: 'Delete row…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete row' });
    await dialog.getByRole('button', { name: 'Delete 1 row' }).click();
    const toast = page.locator('.toast', { hasText: 'Deleted 1 row' });
    await toast.waitFor();
    // The new version closes any open row when it arrives: open the next one after it.
    await expect
      .poll(() => page.getByTestId('data-row-count').textContent(), { timeout: 10_000 })
      .toBe('19 rows');
    await rowAt(0).click();
    const inspector = page.getByRole('complementary', { name: 'Row 1' });
    await inspector.waitFor();
    const a = (await toast.boundingBox())!;
    const b = (await inspector.boundingBox())!;
    const apart =
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    expect(apart, `toast ${JSON.stringify(a)} inspector ${JSON.stringify(b)}`).toBe(true);
    await screenshotBothThemes(page, 'grid-inspector-toast');
  });
});
