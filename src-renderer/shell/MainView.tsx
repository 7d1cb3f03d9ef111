/** The view the address names: the start screen, a namespace's page, a table, the console or a job. */
import type { Connection } from '../../src-shared/studio-procedures';
import { StartScreen } from '../connections/StartScreen';
import { NamespaceView } from '../namespaces/NamespaceView';
import { tableKey } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { ConsolePage } from './ConsolePage';
import { JobPage } from './JobPage';
import { AccessPage } from '../access/AccessPage';
import { TableView } from './TableView';

export function MainView({
  connections,
  loaded,
}: {
  connections: readonly Connection[];
  /** The connection list is in: a view of a connection not in it names a closed one. */
  loaded: boolean;
}) {
  const ws = useWorkspace();
  const { route, activeTab } = ws;
  const connectionOf = (id: string) => connections.find((c) => c.id === id);
  const notOpen = loaded ? (
    <p className="muted start">
      The connection of this link is not open. Open it, then follow the link again.
    </p>
  ) : null;
  switch (route.view) {
    case 'start':
      return <StartScreen hasConnections={connections.length > 0} />;
    case 'job':
      return <JobPage jobId={route.jobId} />;
    case 'access': {
      const connection = connectionOf(route.connectionId);
      return connection ? <AccessPage key={connection.id} connection={connection} /> : notOpen;
    }
    case 'namespace': {
      const connection = connectionOf(route.connectionId);
      return connection ? (
        <NamespaceView
          namespace={{ connectionId: route.connectionId, path: route.path }}
          connection={connection}
        />
      ) : (
        notOpen
      );
    }
    case 'console': {
      const connection = connectionOf(route.connectionId);
      return connection ? (
        <ConsolePage
          key={connection.id}
          connection={connection}
          {...(route.from ? { from: route.from } : {})}
        />
      ) : (
        notOpen
      );
    }
    case 'table': {
      const connection = connectionOf(route.ref.connectionId);
      return connection && activeTab ? (
        <TableView key={tableKey(activeTab.ref)} tab={activeTab} connection={connection} />
      ) : (
        notOpen
      );
    }
  }
}
