/** Namespaces: listed, made, described, browsed by their children and contents, dropped. */
import { page, type HandlersFor, type HostContext } from './context';
import { namespaceContents } from '../namespace-contents';
import { namespaceChildren } from '../namespace-children';

type Names =
  | 'namespaces:list'
  | 'namespaces:create'
  | 'namespaces:describe'
  | 'namespaces:children'
  | 'namespaces:contents'
  | 'namespaces:drop';

export function namespacesProcedures(ctx: HostContext): HandlersFor<Names> {
  const catalog = (connectionId: string) => ctx.connections.get(connectionId).catalog;
  return {
    'namespaces:list': async ({ connectionId, path, pageToken, limit }) =>
      catalog(connectionId).listNamespaces(path, page(pageToken, limit)),
    'namespaces:create': async ({ connectionId, path, mode, properties }) => {
      const result = await catalog(connectionId).createNamespace(path, {
        ...(mode ? { mode } : {}),
        ...(properties ? { properties } : {}),
      });
      ctx.structureChanged(connectionId, path.slice(0, -1));
      return result;
    },
    'namespaces:describe': async ({ connectionId, path }) =>
      catalog(connectionId).describeNamespace(path),
    'namespaces:children': async ({ connectionId, path }) =>
      namespaceChildren(catalog(connectionId), path),
    'namespaces:contents': async ({ connectionId, path }) =>
      namespaceContents(catalog(connectionId), path),
    'namespaces:drop': async ({ connectionId, path, mode, behavior }) => {
      await catalog(connectionId).dropNamespace(path, {
        ...(mode ? { mode } : {}),
        ...(behavior ? { behavior } : {}),
      });
      ctx.structureChanged(connectionId, path.slice(0, -1));
      return {};
    },
  };
}
