/** Prints a catalog folder as a tree: namespaces, tables with row counts, and their indexes. */
import { connect } from '../catalog';
import type { CatalogClient } from '../catalog';
import { collectPages } from '../../src-shared/vocabulary/pagination';

export async function printCatalog(
  root: string,
  print: (line: string) => void,
  storageOptions: Record<string, string> = {},
): Promise<void> {
  const client = await connect(root, { storageOptions });
  try {
    print(`${root}`);
    await printLevel(client, [], '  ', print);
  } finally {
    await client.close();
  }
}

async function printLevel(
  client: CatalogClient,
  path: string[],
  indent: string,
  print: (line: string) => void,
) {
  const tables = await collectPages((pageToken) =>
    client
      .listTables(path, { pageToken })
      .then((r) => ({ items: r.tables, pageToken: r.pageToken })),
  );
  for (const name of tables) {
    const table = await client.openTable(name, path);
    const [rows, indexes] = await Promise.all([table.countRows(), table.listIndices()]);
    print(`${indent}${name}  (${rows} rows)`);
    for (const index of indexes) {
      print(
        `${indent}    index ${index.name}: ${index.indexType} on ${index.columns.join(', ')} [${index.status}]`,
      );
    }
  }
  const namespaces = await collectPages((pageToken) =>
    client
      .listNamespaces(path, { pageToken })
      .then((r) => ({ items: r.namespaces, pageToken: r.pageToken })),
  );
  for (const name of namespaces) {
    print(`${indent}${name}/`);
    await printLevel(client, [...path, name], `${indent}  `, print);
  }
}
