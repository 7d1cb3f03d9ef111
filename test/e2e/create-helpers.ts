/** Shared steps of the create-* e2e tests: tree context menus and test files. */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seededRandom } from '../support/sample-data';

export function treeItem(page: Page, name: string) {
  return page
    .getByRole('tree', { name: 'Catalog tree' })
    .getByRole('treeitem', { name, exact: true });
}

/** Right-clicks a tree row and picks an item of its context menu. */
export async function treeMenu(page: Page, row: string, item: string) {
  await treeItem(page, row).click({ button: 'right' });
  await page.getByRole('menuitem', { name: item }).click();
}

export async function createNamespaceInUi(page: Page, parentRow: string, name: string) {
  await treeMenu(page, parentRow, 'New namespace…');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Namespace name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create namespace' }).click();
  await dialog.waitFor({ state: 'detached' });
  await treeItem(page, name).waitFor();
}

/** id,name,embedding with a "[…]" vector of `dim` numbers per row. */
export function writeVectorCsv(path: string, rows: number, dim: number): void {
  const random = seededRandom(11);
  const words = ['river', 'mountain', 'quick', 'brown', 'fox', 'lance', 'catalog'];
  const lines = ['id,name,embedding'];
  for (let i = 0; i < rows; i++) {
    const vector = Array.from({ length: dim }, () => (random() * 2 - 1).toFixed(4));
    lines.push(`${i},${words[i % words.length]} ${i},"[${vector.join(', ')}]"`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}
