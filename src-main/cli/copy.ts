/**
 * `catalog-studio copy SRC DST`: a table, or a namespace with everything under it, from one
 * catalog to another. Each side is a catalog and an id, `LOCATION#ns/…/table`: LOCATION is a
 * folder, an object-store URI or a server's URL; an id ending in `/` (or empty) is a namespace.
 *
 * A copy that stopped part way is resumed with `--resume` (the rows go on from where the target
 * stopped) or removed with `--remove-partial`; see src-main/catalog/copy/copy-table.ts.
 */
import { parseArgs } from 'node:util';
import type { CatalogClient } from '../catalog/client';
import { copyTable, removePartialCopy, type CopyMode } from '../catalog/copy/copy-table';
import { copyNamespace, tableLabel } from '../catalog/copy/copy-namespace';
import { parseStorageFlags } from './storage-flags';
import { COPY_USAGE } from './usage';

export { COPY_USAGE };

interface Side {
  location: string;
  path: string[];
  /** Undefined for a namespace. */
  table: string | undefined;
}

export function parseSide(text: string, which: string): Side {
  const at = text.lastIndexOf('#');
  if (at <= 0) {
    throw new Error(`${which} must be LOCATION#ID, e.g. ./catalog#sales/orders (got ${text})`);
  }
  const location = text.slice(0, at);
  const id = text.slice(at + 1);
  const namespace = id === '' || id.endsWith('/');
  const trimmed = namespace ? id.slice(0, -1) : id;
  const names = trimmed === '' ? [] : trimmed.split('/');
  if (names.some((name) => name === '')) {
    throw new Error(`${which}'s id ${JSON.stringify(id)} has an empty name in it`);
  }
  return namespace
    ? { location, path: names, table: undefined }
    : { location, path: names.slice(0, -1), table: names.at(-1)! };
}

async function open(
  location: string,
  key: string | undefined,
  storage: Record<string, string>,
): Promise<CatalogClient> {
  const { connect, connectNamespace } = await import('../catalog');
  if (/^https?:\/\//i.test(location)) {
    return connectNamespace('rest', { uri: location, ...(key ? { 'header.x-api-key': key } : {}) });
  }
  return connect(location, { storageOptions: storage });
}

export async function copy(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mode: { type: 'string', default: 'create' },
      'no-indexes': { type: 'boolean' },
      resume: { type: 'boolean' },
      'remove-partial': { type: 'boolean' },
      'src-key': { type: 'string' },
      'dst-key': { type: 'string' },
      storage: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(COPY_USAGE);
    return 0;
  }
  if (positionals.length !== 2) {
    console.error(`copy takes a source and a target.\n\n${COPY_USAGE}`);
    return 2;
  }
  const mode = values.mode as CopyMode;
  if (!['create', 'overwrite', 'append'].includes(mode)) {
    console.error(`--mode is create, overwrite or append (got ${values.mode})`);
    return 2;
  }
  const from = parseSide(positionals[0]!, 'The source');
  const to = parseSide(positionals[1]!, 'The target');
  if ((from.table === undefined) !== (to.table === undefined)) {
    console.error('Copy a table to a table, or a namespace (an id ending in /) to a namespace.');
    return 2;
  }
  const storage = parseStorageFlags(values.storage);
  const source = await open(from.location, values['src-key'], storage);
  const target = await open(to.location, values['dst-key'], storage).catch(async (error) => {
    await source.close();
    throw error;
  });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  let last = 0;
  const onProgress = (
    p: { phase: string; rowsDone: number; rowsTotal: number; index?: string },
    name: string,
  ) => {
    const now = Date.now();
    if (p.phase === 'rows' && now - last < 1000 && p.rowsDone < p.rowsTotal) return;
    last = now;
    say(
      p.phase === 'indexes'
        ? `${name}: building index ${p.index}`
        : `${name}: ${p.rowsDone.toLocaleString('en-US')} of ${p.rowsTotal.toLocaleString('en-US')} rows`,
    );
  };
  try {
    const options = {
      mode,
      indexes: !values['no-indexes'],
      ...(values.resume ? { resume: true } : {}),
    };
    if (from.table !== undefined && to.table !== undefined) {
      const a = {
        catalog: source,
        namespacePath: from.path,
        name: from.table,
        label: tableLabel(from.location, from.path, from.table),
      };
      const b = {
        catalog: target,
        namespacePath: to.path,
        name: to.table,
        label: tableLabel(to.location, to.path, to.table),
      };
      if (values['remove-partial']) {
        await removePartialCopy(a, b);
        say(`Removed the partial copy ${b.label}`);
        return 0;
      }
      if (to.path.length > 0) await target.createNamespace(to.path, { mode: 'exist_ok' });
      const result = await copyTable(a, b, {
        ...options,
        onProgress: (p) => onProgress(p, b.label),
      });
      say(
        `Copied ${result.rows.toLocaleString('en-US')} rows of ${a.label} (version ${result.sourceVersion}) to ${b.label}` +
          (result.indexes.length ? `; indexes ${result.indexes.join(', ')}` : ''),
      );
      return 0;
    }
    if (values['remove-partial']) {
      console.error('--remove-partial names one table');
      return 2;
    }
    const result = await copyNamespace(
      { catalog: source, namespacePath: from.path, location: from.location },
      { catalog: target, namespacePath: to.path, location: to.location },
      { ...options, onProgress: (p) => onProgress(p, p.table) },
    );
    say(`Copied ${result.tables.length} tables`);
    return 0;
  } finally {
    await source.close();
    await target.close();
  }
}
