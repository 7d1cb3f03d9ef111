/**
 * The names of the app's IPC procedures, and nothing else: the preload bundles this list to gate
 * `invoke`, so it stays free of schemas. studio-procedures.ts gives each name its schemas, and the
 * compiler holds the two to the same set.
 */
export const PROCEDURE_NAMES = [
  'connections:list-open',
  'connections:list-recent',
  'connections:open-folder',
  'connections:connect-url',
  'connections:test',
  'connections:close',
  'connections:forget-recent',
  'fs:list-folder',
  'namespaces:list',
  'namespaces:create',
  'namespaces:describe',
  'namespaces:children',
  'namespaces:contents',
  'namespaces:drop',
  'catalog:search',
  'tables:list',
  'tables:create-empty',
  'tables:describe',
  'tables:count',
  'tables:page',
  'tables:drop',
  'tables:rename',
  'tables:versions',
  'tables:restore',
  'tables:stats',
  'tables:compact',
  'tables:query',
  'tables:explain',
  'search:run',
  'search:history',
  'search:clear-history',
  'rows:update',
  'rows:delete',
  'columns:add',
  'columns:alter',
  'columns:drop',
  'branches:list',
  'branches:create',
  'branches:delete',
  'tags:list',
  'tags:create',
  'tags:delete',
  'indexes:list',
  'indexes:stats',
  'indexes:create',
  'indexes:drop',
  'imports:preview',
  'imports:start',
  'jobs:list',
  'jobs:cancel',
] as const;

export type ProcedureName = (typeof PROCEDURE_NAMES)[number];

/** The one IPC channel that is not a host procedure: Electron's native open dialog for imports. */
export const PICK_IMPORT_FILE_CHANNEL = 'native:pick-import-file';
