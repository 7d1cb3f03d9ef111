/** Prints a catalog folder as a tree: namespaces, tables with row counts, and their indexes. */
import { parseArgs } from 'node:util';
import type { CatalogClient } from '../catalog/client';
// The directory catalog itself, not the engine's index, which also loads the REST client.
import { openDirCatalog as connect } from '../catalog/dir/dir-catalog';
import { collectPages } from '../../src-shared/vocabulary/pagination';
import { parseStorageFlags } from './storage-flags';

/** `catalog-studio tree --root DIR|URI [--storage KEY=VALUE ...]`. */
export async function tree(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { root: { type: 'string' }, storage: { type: 'string', multiple: true } },
    strict: true,
  });
  if (!values.root) throw new Error('tree needs --root DIR');
  await printCatalog(values.root, (line) => console.log(line), parseStorageFlags(values.storage));
  return 0;
}

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
