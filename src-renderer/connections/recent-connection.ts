/**
 * A recent connection as the start screen shows and reopens it. Reopening sends no secret: the
 * host fills in the stored key or keys, which never cross to the renderer.
 */
import type {
  ObjectStoreSettings,
  ProcedureInput,
  ProcedureName,
  ProcedureOutput,
} from '../../src-shared/studio-procedures';

/** The shape of `useCall()`'s function, named here so that this file needs no JSX module. */
type Call = <N extends ProcedureName>(
  name: N,
  input: ProcedureInput<N>,
) => Promise<ProcedureOutput<N>>;

export type RecentConnection = ProcedureOutput<'connections:list-recent'>[number];

export function kindLabel(kind: RecentConnection['kind']): string {
  switch (kind) {
    case 'folder':
      return 'folder';
    case 'remote':
      return 'remote';
    case 'object-store':
      return 'object store';
  }
}

/** The settings that reopen an object store: the recent entry's, with the stored keys if any. */
export function objectStoreReopenSettings(r: RecentConnection): ObjectStoreSettings {
  return {
    kind: 'object-store',
    uri: r.target,
    // An entry written before its settings were kept: the stored keys, if any, are the best guess.
    ...(r.objectStore ?? { credentials: { source: 'keys' } }),
  };
}

export function reopenRecent(call: Call, r: RecentConnection) {
  const display = { name: r.name, color: r.color, readOnly: r.readOnly };
  switch (r.kind) {
    case 'folder':
      return call('connections:open-folder', { path: r.target, ...display });
    case 'remote':
      return call('connections:connect-url', { url: r.target, ...display });
    case 'object-store':
      return call('connections:connect-url', { ...objectStoreReopenSettings(r), ...display });
  }
}
