/**
 * An action as `curl` calls to the Lance Namespace REST routes that `catalog-studio serve`
 * implements. Bodies are single-quoted shell words, identifiers URL-encoded path segments, and a
 * remote's credentials come from an environment variable, never from the snippet.
 */
import type { JsonArrowSchema } from '../vocabulary/json-arrow-types';
import type { CodeAction, SnippetConnection } from './actions';
import { recallQuery } from './actions';
import { base64, emptyArrowStream } from './arrow-ipc-schema';
import { queryTableRequest } from './curl-query-body';
import { resolveIndex } from './index-names';
import { authFromEnv, baseUrl, restId, shellQuote } from './literals';
import { DEFAULT_SERVE_URL, serveCommand } from './serve-url';

const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

interface Call {
  /** Lines before the call: comments, a conversion. */
  before?: string[];
  route: string;
  json?: unknown;
  /** `--data-binary` argument, already a shell word. */
  binary?: string;
  /** A command whose output is the body (`… | curl --data-binary @-`). */
  pipeFrom?: string;
  output?: string;
  after?: string[];
}

function prelude(connection: SnippetConnection): { base: string; lines: string[]; auth: string[] } {
  if (connection.kind === 'remote') {
    const auth = authFromEnv(connection.authHeader);
    const header = auth?.header.replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]/g, '');
    return {
      base: baseUrl(connection.url),
      lines: auth ? [`# The secret is read from $${auth.envVar}; set it before running.`] : [],
      // Double quotes, so the shell puts the variable's value in; the snippet holds only its name.
      auth: auth && header ? [`-H "${header}: ${auth.prefix}$${auth.envVar}"`] : [],
    };
  }
  return {
    base: DEFAULT_SERVE_URL,
    lines: [
      `# Start the server on this catalog first: ${serveCommand(connection.uri, shellQuote)}`,
      `# (it listens on ${DEFAULT_SERVE_URL}, the default serve URL).`,
    ],
    auth: [],
  };
}

function render(call: Call, base: string, auth: string[]): string[] {
  const args = [`curl --fail-with-body -sS -X POST ${shellQuote(`${base}${call.route}`)}`, ...auth];
  if (call.json !== undefined) {
    args.push(
      "-H 'Content-Type: application/json'",
      `--data-raw ${shellQuote(JSON.stringify(call.json))}`,
    );
  }
  if (call.binary !== undefined || call.pipeFrom !== undefined) {
    args.push(`-H 'Content-Type: ${ARROW_STREAM}'`, `--data-binary ${call.binary ?? '@-'}`);
  }
  if (call.output) args.push(`-o ${shellQuote(call.output)}`);
  const command = args.join(' \\\n  ');
  return [
    ...(call.before ?? []),
    call.pipeFrom ? `${call.pipeFrom} | ${command}` : command,
    ...(call.after ?? []),
  ];
}

function describeSchema(schema: JsonArrowSchema): string {
  return schema.fields.map((f) => `${f.name} ${f.type.type}`).join(', ');
}

/** A one-line pyarrow conversion to an Arrow IPC stream (no single quotes inside, for the shell). */
const CONVERT: Record<string, string> = {
  csv: 'import sys, pyarrow as pa, pyarrow.csv as c; t = c.read_csv(sys.argv[1])',
  tsv: 'import sys, pyarrow as pa, pyarrow.csv as c; t = c.read_csv(sys.argv[1], parse_options=c.ParseOptions(delimiter="\\t"))',
  json: 'import sys, json, pyarrow as pa; t = pa.Table.from_pylist(json.load(open(sys.argv[1])))',
  ndjson: 'import sys, pyarrow as pa, pyarrow.json as j; t = j.read_json(sys.argv[1])',
  parquet: 'import sys, pyarrow as pa, pyarrow.parquet as pq; t = pq.read_table(sys.argv[1])',
};
const WRITE_STREAM = '; w = pa.ipc.new_stream(sys.argv[2], t.schema); w.write_table(t); w.close()';

function calls(action: CodeAction): Call[] {
  switch (action.kind) {
    case 'search':
    case 'recall-setting': {
      const q = action.kind === 'search' ? action.query : recallQuery(action);
      return [
        {
          route: `/v1/table/${restId([...action.target.namespacePath, action.target.table])}/query`,
          json: queryTableRequest(q),
          output: 'results.arrow',
          after: [
            '# The answer is an Arrow IPC file: pyarrow.ipc.open_file("results.arrow").read_all() reads it.',
          ],
        },
      ];
    }
    case 'create-table': {
      const id = restId([...action.target.namespacePath, action.target.table]);
      return [
        {
          before: [
            '# The route takes the schema as an empty Arrow IPC stream; these are its bytes (base64) for',
            `# ${describeSchema(action.schema).replace(/[\r\n]/g, ' ')}`,
          ],
          route: `/v1/table/${id}/create?mode=${action.mode ?? 'create'}`,
          pipeFrom: `printf '%s' '${base64(emptyArrowStream(action.schema))}' | base64 -d`,
        },
      ];
    }
    case 'import': {
      const id = restId([...action.target.namespacePath, action.target.table]);
      const route =
        action.mode === 'create'
          ? `/v1/table/${id}/create?mode=create`
          : `/v1/table/${id}/insert?mode=append`;
      if (action.format === 'arrow') {
        return [
          {
            before: ['# The body is the file as it is: an Arrow IPC stream.'],
            route,
            binary: shellQuote(`@${action.file}`),
          },
        ];
      }
      const converted = `${action.file.replace(/\.[^./\\]*$/, '')}.arrows`;
      return [
        {
          before: [
            `# The route takes Arrow IPC: convert the ${action.format.toUpperCase()} file first (here with pyarrow;`,
            '# any Arrow writer will do). The app infers column types itself while it imports.',
            `python3 -c ${shellQuote(CONVERT[action.format]! + WRITE_STREAM)} ${shellQuote(action.file)} ${shellQuote(converted)}`,
          ],
          route,
          binary: shellQuote(`@${converted}`),
        },
      ];
    }
    case 'create-index': {
      const resolved = resolveIndex(action.request);
      const id = restId([...action.target.namespacePath, action.target.table]);
      return [
        {
          route: `/v1/table/${id}/create_index`,
          json: { ...action.request, name: resolved.name, replace: resolved.replace },
          after: [
            '# The build runs as a job (its id is in the answer): POST …/index/list shows the index',
            '# with num_unindexed_rows 0 once it is ready.',
          ],
        },
      ];
    }
    case 'create-namespace':
      return [
        {
          route: `/v1/namespace/${restId(action.namespacePath)}/create`,
          json: {
            mode: action.mode ?? 'create',
            ...(action.properties ? { properties: action.properties } : {}),
          },
        },
      ];
    case 'drop-table':
      return [
        {
          route: `/v1/table/${restId([...action.target.namespacePath, action.target.table])}/drop`,
        },
      ];
    case 'drop-namespace':
      return [
        {
          route: `/v1/namespace/${restId(action.namespacePath)}/drop`,
          json: {
            mode: action.options?.mode ?? 'fail',
            behavior: action.options?.behavior ?? 'restrict',
          },
        },
      ];
    case 'rename-table':
      return [
        {
          route: `/v1/table/${restId([...action.target.namespacePath, action.target.table])}/rename`,
          json: {
            new_table_name: action.newName,
            ...(action.newNamespacePath ? { new_namespace_id: action.newNamespacePath } : {}),
          },
        },
      ];
  }
}

export function curlSnippet(action: CodeAction, connection: SnippetConnection): string {
  const { base, lines, auth } = prelude(connection);
  return [...lines, ...calls(action).flatMap((call) => render(call, base, auth)), ''].join('\n');
}
