/**
 * How LanceDB's clients connect to a catalog this app serves: its remote client with the key and
 * the server's URL (`host_override`), the key read from an environment variable so that it stays
 * out of the script. Without auth the client still wants some key; any value is accepted.
 */
import { pyValue, shellQuote, tsValue } from './literals';

export const SERVED_KEY_VARIABLE = 'CATALOG_STUDIO_KEY';

export interface ServedConnectSnippets {
  shell: string;
  python: string;
  typescript: string;
}

export function servedConnectSnippets(
  url: string,
  apiKey: string | undefined,
): ServedConnectSnippets {
  const key = apiKey ?? 'no-key-needed';
  return {
    shell: `export ${SERVED_KEY_VARIABLE}=${shellQuote(key)}`,
    python: [
      'import os',
      'import lancedb',
      '',
      `db = lancedb.connect("db://default", api_key=os.environ[${pyValue(SERVED_KEY_VARIABLE)}], host_override=${pyValue(url)})`,
      'print(db.table_names())',
    ].join('\n'),
    typescript: [
      "import * as lancedb from '@lancedb/lancedb';",
      '',
      `const db = await lancedb.connect('db://default', { apiKey: process.env.${SERVED_KEY_VARIABLE} ?? '', hostOverride: ${tsValue(url)} });`,
      'console.log(await db.tableNames());',
    ].join('\n'),
  };
}
