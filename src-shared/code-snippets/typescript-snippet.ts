/**
 * An action as a TypeScript program using `@lancedb/lancedb` (ESM, top-level await; run it with
 * `npx tsx file.mts`). A folder or object store is reached through LanceDB's directory namespace,
 * which addresses nested namespaces; a remote through its REST namespace client, which is what
 * our server answers.
 */
import type { CodeAction, SnippetConnection, TableRef } from './actions';
import { recallQuery } from './actions';
import { resolveIndex } from './index-names';
import { authFromEnv, shellQuote, tsValue } from './literals';
import { DEFAULT_SERVE_URL, serveCommand } from './serve-url';
import { typescriptIndexConfig } from './typescript-index';
import { typescriptQueryCalls } from './typescript-query';
import { typescriptSchemaExpr } from './typescript-schema';

function connectLines(connection: SnippetConnection): string[] {
  if (connection.kind === 'remote') return restConnect(connection.url, connection.authHeader);
  return [
    connection.kind === 'object-store'
      ? '// Credentials come from the environment (AWS_ACCESS_KEY_ID, …), as LanceDB reads them.'
      : '// The catalog folder, through LanceDB directory namespace (nested namespaces included).',
    `const db = await lancedb.connectNamespace('dir', { root: ${tsValue(connection.uri)} });`,
  ];
}

function restConnect(url: string, authHeader: string | undefined): string[] {
  const auth = authFromEnv(authHeader);
  const headers = auth
    ? `, headers: { ${tsValue(auth.header)}: ${auth.prefix ? `${tsValue(auth.prefix)} + ` : ''}(process.env.${auth.envVar} ?? '') }`
    : '';
  return [
    ...(auth ? [`// The secret is read from $${auth.envVar}; set it before running.`] : []),
    `const db = await lancedb.connectNamespace('rest', { uri: ${tsValue(url)}${headers} });`,
  ];
}

/** `, ["ns"]` after a table name, or nothing at the root. */
function nsArg(path: readonly string[]): string {
  return path.length > 0 ? `, ${tsValue(path)}` : '';
}

function openTable(target: TableRef, options = ''): string {
  return `const table = await db.openTable(${tsValue(target.table)}${options ? `, ${tsValue(target.namespacePath)}, ${options}` : nsArg(target.namespacePath)});`;
}

/** LanceDB's directory namespace ignores drop modes and cascade; the app carries them out. */
const DROP_CASCADE = [
  '// LanceDB directory namespace drops only an empty namespace: empty it first (cascade).',
  'async function dropCascade(path: string[]): Promise<void> {',
  '  for (const child of (await db.listNamespaces(path)).namespaces) await dropCascade([...path, child]);',
  '  for (const name of (await db.listTables(path)).tables) await db.dropTable(name, path);',
  '  await db.dropNamespace(path);',
  '}',
];

function namespaceExists(path: readonly string[]): string {
  return `(await db.listNamespaces(${tsValue(path.slice(0, -1))})).namespaces.includes(${tsValue(path[path.length - 1] ?? '')})`;
}

function body(action: CodeAction, connection: SnippetConnection): string[] {
  const local = connection.kind !== 'remote';
  switch (action.kind) {
    case 'search':
    case 'recall-setting': {
      const q = action.kind === 'search' ? action.query : recallQuery(action);
      const pinned = {
        ...(q.version === undefined ? {} : { version: q.version }),
        ...(q.branch === undefined ? {} : { branch: q.branch }),
      };
      const calls = typescriptQueryCalls(q);
      return [
        openTable(action.target, Object.keys(pinned).length > 0 ? tsValue(pinned) : ''),
        'const rows = await table',
        ...calls.map((c) => `  ${c}`),
        '  .toArray();',
        'console.log(rows);',
      ];
    }
    case 'create-table': {
      const mode = action.mode ?? 'create';
      const options =
        mode === 'overwrite'
          ? "{ mode: 'overwrite' }"
          : mode === 'exist_ok'
            ? "{ mode: 'create', existOk: true }"
            : "{ mode: 'create' }";
      return [
        `const schema = ${typescriptSchemaExpr(action.schema)};`,
        `const table = await db.createEmptyTable(${tsValue(action.target.table)}, schema, ${tsValue(action.target.namespacePath)}, ${options});`,
        'console.log(String(await table.schema()));',
      ];
    }
    case 'import':
      return importLines(action);
    case 'create-index': {
      const resolved = resolveIndex(action.request);
      const config = typescriptIndexConfig(resolved.type, action.request);
      if (!config) {
        return [
          `// ${resolved.type} cannot be built by @lancedb/lancedb 0.39 (its Index has no such type);`,
          '// the Python or the REST form of this snippet can.',
          `throw new Error(${tsValue(`${resolved.type} is not available in @lancedb/lancedb`)});`,
        ];
      }
      return [
        openTable(action.target),
        `await table.createIndex(${tsValue(action.request.column)}, {`,
        `  config: ${config},`,
        `  name: ${tsValue(resolved.name)},`,
        `  replace: ${resolved.replace},`,
        '});',
        '// A server builds the index as a job: wait until it is ready.',
        `await table.waitForIndex(${tsValue([resolved.name])}, 600);`,
        'console.log(await table.listIndices());',
      ];
    }
    case 'create-namespace': {
      const mode = action.mode ?? 'create';
      const props = action.properties ? `{ properties: ${tsValue(action.properties)} }` : '';
      const create = `await db.createNamespace(${tsValue(action.namespacePath)}${props ? `, ${props}` : ''});`;
      if (!local) {
        const options = tsValue({
          mode,
          ...(action.properties ? { properties: action.properties } : {}),
        });
        return [`await db.createNamespace(${tsValue(action.namespacePath)}, ${options});`];
      }
      if (mode === 'create') return [create];
      if (mode === 'exist_ok') {
        return [
          '// LanceDB directory namespace has no exist_ok: create it only if it is not there.',
          `if (!${namespaceExists(action.namespacePath)}) {`,
          `  ${create}`,
          '}',
        ];
      }
      return [
        ...DROP_CASCADE,
        `if (${namespaceExists(action.namespacePath)}) await dropCascade(${tsValue(action.namespacePath)});`,
        create,
      ];
    }
    case 'drop-table':
      return [
        `await db.dropTable(${tsValue(action.target.table)}${nsArg(action.target.namespacePath)});`,
      ];
    case 'drop-namespace': {
      const { mode = 'fail', behavior = 'restrict' } = action.options ?? {};
      const path = tsValue(action.namespacePath);
      if (!local) {
        return [`await db.dropNamespace(${path}, ${tsValue({ mode, behavior })});`];
      }
      const drop =
        behavior === 'cascade' ? `await dropCascade(${path});` : `await db.dropNamespace(${path});`;
      return [
        ...(behavior === 'cascade' ? DROP_CASCADE : []),
        ...(mode === 'skip'
          ? [
              '// mode skip: nothing to do when it is not there.',
              `if (${namespaceExists(action.namespacePath)}) ${drop}`,
            ]
          : [drop]),
      ];
    }
    case 'rename-table': {
      const options = {
        namespacePath: action.target.namespacePath,
        ...(action.newNamespacePath ? { newNamespacePath: action.newNamespacePath } : {}),
      };
      const rename = `await db.renameTable(${tsValue(action.target.table)}, ${tsValue(action.newName)}, ${tsValue(options)});`;
      if (!local) return [rename];
      return [
        '// LanceDB renames only through a catalog server (its local and directory connections',
        '// refuse), so this goes through `catalog-studio serve` on this catalog. Start it first:',
        `//   ${serveCommand(connection.uri, shellQuote)}`,
        `const server = await lancedb.connectNamespace('rest', { uri: ${tsValue(DEFAULT_SERVE_URL)} });`,
        rename.replace('db.renameTable', 'server.renameTable'),
      ];
    }
  }
}

function importLines(action: Extract<CodeAction, { kind: 'import' }>): string[] {
  const file = tsValue(action.file);
  const read: Record<typeof action.format, string[]> = {
    csv: [
      `const data = parse(readFileSync(${file}), { columns: true, cast: true }) as Record<string, unknown>[];`,
    ],
    tsv: [
      `const data = parse(readFileSync(${file}), { columns: true, cast: true, delimiter: '\\t' }) as Record<string, unknown>[];`,
    ],
    json: [`const data = JSON.parse(readFileSync(${file}, 'utf8')) as Record<string, unknown>[];`],
    ndjson: [
      `const data = readFileSync(${file}, 'utf8')`,
      '  .split(/\\r?\\n/)',
      "  .filter((line) => line.trim() !== '')",
      '  .map((line) => JSON.parse(line) as Record<string, unknown>);',
    ],
    parquet: [
      `const data = arrow.tableFromIPC(readParquet(readFileSync(${file})).intoIPCStream());`,
    ],
    arrow: [`const data = arrow.tableFromIPC(readFileSync(${file}));`],
  };
  const ns = action.target.namespacePath;
  const write =
    action.mode === 'create'
      ? [`const table = await db.createTable(${tsValue(action.target.table)}, data${nsArg(ns)});`]
      : [openTable(action.target), 'await table.add(data);'];
  return [
    '// The app infers column types while it reads; here LanceDB infers them from the values.',
    ...read[action.format],
    ...write,
    'console.log(await table.countRows());',
  ];
}

function imports(action: CodeAction): string[] {
  const out = ["import * as lancedb from '@lancedb/lancedb';"];
  if (action.kind === 'create-table') out.push("import * as arrow from 'apache-arrow';");
  if (action.kind === 'import') {
    out.push("import { readFileSync } from 'node:fs';");
    if (action.format === 'csv' || action.format === 'tsv')
      out.push("import { parse } from 'csv-parse/sync';");
    if (action.format === 'parquet' || action.format === 'arrow')
      out.push("import * as arrow from 'apache-arrow';");
    if (action.format === 'parquet') out.push("import { readParquet } from 'parquet-wasm';");
  }
  return out;
}

export function typescriptSnippet(action: CodeAction, connection: SnippetConnection): string {
  return [
    ...imports(action),
    '',
    ...connectLines(connection),
    '',
    ...body(action, connection),
    '',
  ].join('\n');
}
