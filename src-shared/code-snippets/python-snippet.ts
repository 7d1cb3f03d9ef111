/**
 * An action as a Python script using `lancedb` (`pip install lancedb`). A folder or object store
 * is reached through LanceDB's directory namespace, a remote through its REST namespace client,
 * with the remote's secret read from the environment.
 */
import type { CodeAction, SnippetConnection, TableRef } from './actions';
import { recallQuery } from './actions';
import { resolveIndex } from './index-names';
import { authFromEnv, pyValue, shellQuote } from './literals';
import { pythonIndexConfig } from './python-index';
import { pythonQueryCalls } from './python-query';
import { pythonSchemaExpr } from './python-schema';
import { DEFAULT_SERVE_URL, serveCommand } from './serve-url';

function restConnect(name: string, url: string, authHeader: string | undefined): string[] {
  const auth = authFromEnv(authHeader);
  const header = auth
    ? `, ${pyValue(`header.${auth.header}`)}: ${auth.prefix ? `${pyValue(auth.prefix)} + ` : ''}os.environ[${pyValue(auth.envVar)}]`
    : '';
  return [
    ...(auth ? [`# The secret is read from $${auth.envVar}; set it before running.`] : []),
    `${name} = lancedb.connect_namespace("rest", {"uri": ${pyValue(url)}${header}})`,
  ];
}

function connectLines(connection: SnippetConnection): string[] {
  if (connection.kind === 'remote') return restConnect('db', connection.url, connection.authHeader);
  return [
    connection.kind === 'object-store'
      ? '# Credentials come from the environment (AWS_ACCESS_KEY_ID, ...), as LanceDB reads them.'
      : '# The catalog folder, through LanceDB directory namespace (nested namespaces included).',
    `db = lancedb.connect_namespace("dir", {"root": ${pyValue(connection.uri)}})`,
  ];
}

function nsKw(path: readonly string[]): string {
  return path.length > 0 ? `, namespace_path=${pyValue(path)}` : '';
}

function openTable(target: TableRef, extra = ''): string {
  return `table = db.open_table(${pyValue(target.table)}${nsKw(target.namespacePath)}${extra})`;
}

const DROP_CASCADE = [
  '# LanceDB directory namespace drops only an empty namespace: empty it first (cascade).',
  'def drop_cascade(path):',
  '    for child in db.list_namespaces(path).namespaces:',
  '        drop_cascade(path + [child])',
  '    for name in db.list_tables(path).tables:',
  '        db.drop_table(name, namespace_path=path)',
  '    db.drop_namespace(path)',
  '',
];

interface Script {
  imports: string[];
  lines: string[];
}

function body(action: CodeAction, connection: SnippetConnection): Script {
  const local = connection.kind !== 'remote';
  switch (action.kind) {
    case 'search':
    case 'recall-setting': {
      const q = action.kind === 'search' ? action.query : recallQuery(action);
      const pinned =
        (q.version === undefined ? '' : `, version=${q.version}`) +
        (q.branch === undefined ? '' : `, branch=${pyValue(q.branch)}`);
      const { imports, calls } = pythonQueryCalls(q);
      return {
        imports,
        lines: [
          openTable(action.target, pinned),
          'rows = (',
          '    table',
          ...calls.map((c) => `    ${c}`),
          '    .to_list()',
          ')',
          'print(rows)',
        ],
      };
    }
    case 'create-table': {
      const mode = action.mode ?? 'create';
      const modeArgs =
        mode === 'overwrite' ? ', mode="overwrite"' : mode === 'exist_ok' ? ', exist_ok=True' : '';
      return {
        imports: ['import pyarrow as pa'],
        lines: [
          `schema = ${pythonSchemaExpr(action.schema)}`,
          `table = db.create_table(${pyValue(action.target.table)}, schema=schema${nsKw(action.target.namespacePath)}${modeArgs})`,
          'print(table.schema)',
        ],
      };
    }
    case 'import':
      return importScript(action);
    case 'create-index': {
      const resolved = resolveIndex(action.request);
      const config = pythonIndexConfig(resolved.type, action.request);
      if (!config) {
        return {
          imports: [],
          lines: [
            `# ${resolved.type} has no configuration class in lancedb.index; the REST form of this`,
            '# snippet asks the server for it.',
            `raise NotImplementedError(${pyValue(`${resolved.type} is not available in lancedb for Python`)})`,
          ],
        };
      }
      return {
        imports: [
          'from datetime import timedelta',
          `from lancedb.index import ${config.className}`,
        ],
        lines: [
          openTable(action.target),
          'table.create_index(',
          `    ${pyValue(action.request.column)},`,
          `    config=${config.call},`,
          `    name=${pyValue(resolved.name)},`,
          `    replace=${pyValue(resolved.replace)},`,
          ')',
          '# A server builds the index as a job: wait until it is ready.',
          `table.wait_for_index([${pyValue(resolved.name)}], timeout=timedelta(minutes=10))`,
          'print(table.list_indices())',
        ],
      };
    }
    case 'create-namespace': {
      const mode = action.mode ?? 'create';
      const path = pyValue(action.namespacePath);
      const props = action.properties ? `, properties=${pyValue(action.properties)}` : '';
      if (!local || mode === 'create') {
        return {
          imports: [],
          lines: [`db.create_namespace(${path}${local ? '' : `, mode=${pyValue(mode)}`}${props})`],
        };
      }
      const create = `db.create_namespace(${path}${props})`;
      return {
        imports: [],
        lines:
          mode === 'exist_ok'
            ? [
                '# LanceDB directory namespace has no exist_ok: create it only if it is not there.',
                `if not db.namespace_exists(${path}):`,
                `    ${create}`,
              ]
            : [
                ...DROP_CASCADE,
                `if db.namespace_exists(${path}):`,
                `    drop_cascade(${path})`,
                create,
              ],
      };
    }
    case 'drop-table':
      return {
        imports: [],
        lines: [
          `db.drop_table(${pyValue(action.target.table)}${nsKw(action.target.namespacePath)})`,
        ],
      };
    case 'drop-namespace': {
      const { mode = 'fail', behavior = 'restrict' } = action.options ?? {};
      const path = pyValue(action.namespacePath);
      if (!local) {
        return {
          imports: [],
          lines: [
            `db.drop_namespace(${path}, mode=${pyValue(mode)}, behavior=${pyValue(behavior)})`,
          ],
        };
      }
      const drop = behavior === 'cascade' ? `drop_cascade(${path})` : `db.drop_namespace(${path})`;
      return {
        imports: [],
        lines: [
          ...(behavior === 'cascade' ? DROP_CASCADE : []),
          ...(mode === 'skip'
            ? [
                '# mode skip: nothing to do when it is not there.',
                `if db.namespace_exists(${path}):`,
                `    ${drop}`,
              ]
            : [drop]),
        ],
      };
    }
    case 'rename-table': {
      const args = [
        pyValue(action.target.table),
        pyValue(action.newName),
        `cur_namespace_path=${pyValue(action.target.namespacePath)}`,
        // Python reads an absent new path as the root, not as "stay": always name it.
        `new_namespace_path=${pyValue(action.newNamespacePath ?? action.target.namespacePath)}`,
      ];
      if (!local) return { imports: [], lines: [`db.rename_table(${args.join(', ')})`] };
      return {
        imports: [],
        lines: [
          '# LanceDB renames only through a catalog server (its local and directory connections',
          '# refuse), so this goes through `catalog-studio serve` on this catalog. Start it first:',
          `#   ${serveCommand(connection.uri, shellQuote)}`,
          ...restConnect('server', DEFAULT_SERVE_URL, undefined),
          `server.rename_table(${args.join(', ')})`,
        ],
      };
    }
  }
}

function importScript(action: Extract<CodeAction, { kind: 'import' }>): Script {
  const file = pyValue(action.file);
  const reads: Record<typeof action.format, [string, string]> = {
    csv: ['import pandas as pd', `data = pd.read_csv(${file})`],
    tsv: ['import pandas as pd', `data = pd.read_csv(${file}, sep="\\t")`],
    json: ['import pandas as pd', `data = pd.read_json(${file})`],
    ndjson: ['import pandas as pd', `data = pd.read_json(${file}, lines=True)`],
    parquet: ['import pyarrow.parquet as pq', `data = pq.read_table(${file})`],
    arrow: [
      'import pyarrow as pa',
      `data = pa.ipc.open_file(${file}).read_all()  # a stream: pa.ipc.open_stream`,
    ],
  };
  const [importLine, read] = reads[action.format];
  const write =
    action.mode === 'create'
      ? [
          `table = db.create_table(${pyValue(action.target.table)}, data${nsKw(action.target.namespacePath)})`,
        ]
      : [openTable(action.target), 'table.add(data)'];
  return {
    imports: [importLine],
    lines: [
      '# The app infers column types while it reads; here pandas or pyarrow infer them.',
      read,
      ...write,
      'print(table.count_rows())',
    ],
  };
}

export function pythonSnippet(action: CodeAction, connection: SnippetConnection): string {
  const script = body(action, connection);
  const auth = connection.kind === 'remote' && authFromEnv(connection.authHeader);
  const imports = [...(auth ? ['import os'] : []), 'import lancedb', ...script.imports];
  return [...imports, '', ...connectLines(connection), '', ...script.lines, ''].join('\n');
}
