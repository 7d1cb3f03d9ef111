/**
 * One open table: breadcrumbs, its actions, and its tabs (Overview, Schema, Data, Search, Map,
 * Indexes, Versions, Storage).
 * Radix Tabs give the tablist its roles and arrow-key movement.
 */
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import { useTableDescription } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import { Breadcrumbs } from './Breadcrumbs';
import { TABLE_TABS, tableKey, type TableTab } from '../state/deep-link';
import { canChange, refusalFor } from '../api/connection-rights';
import { GuardedButton } from '../common/GuardedButton';
import { useWorkspace, type OpenTab } from '../state/workspace';
import { DataTab } from '../tables/DataTab';
import { warmDecoder } from '../common/decode/decode-client';
import { IndexesTab } from '../indexes/IndexesTab';
import { OverviewTab } from '../tables/OverviewTab';
import { SchemaTab } from '../tables/SchemaTab';
import { SearchTab } from '../search/SearchTab';
import { VersionsTab } from '../versions/VersionsTab';
import { TableAtBar } from '../versions/TableAtBar';
import { LiveChangeBanner } from '../tables/LiveChangeBanner';
import type { TableAt } from '../../src-shared/studio-schemas';
import type { TableRef } from '../api/query-keys';
import { StorageTab } from '../storage/StorageTab';
import { VectorMapTab } from '../vector-map/VectorMapTab';
import { TAB_WORDS } from './view-words';
import '../tables/table.css';

export function TableView({ tab, connection }: { tab: OpenTab; connection: Connection }) {
  const ws = useWorkspace();
  const ref = tab.ref;
  const key = tableKey(ref);
  // What the tabs read: the table at the checked-out version or on the chosen branch.
  const view: TableRef = tab.at ? { ...ref, at: tab.at } : ref;
  const description = useTableDescription(view);
  const canWrite = canChange(connection);
  // A checked-out version is read-only: no tab offers a write on it.
  const writable = canWrite && tab.at?.version === undefined;
  const setAt = (at: TableAt | undefined) => ws.setAt(key, at);
  useEffect(warmDecoder, []);
  return (
    <section className="table-view" aria-label={`Table ${ref.table}`}>
      <header className="table-header">
        <Breadcrumbs connection={connection} path={ref.path} table={ref.table} />
        <div className="table-actions">
          {/* The console opens on this table: a query is one click from every tab. */}
          <button
            type="button"
            onClick={() => ws.openConsole(ref.connectionId, { path: ref.path, table: ref.table })}
          >
            Query console
          </button>
          {canWrite && (
            <>
              {/* In the header, not the Indexes tab: it is one click away from every tab. */}
              <GuardedButton
                refusal={
                  tab.at?.version !== undefined
                    ? 'A checked-out version is read-only'
                    : refusalFor(connection, 'write', ref.path)
                }
                onClick={() => ws.openDialog({ kind: 'create-index', table: view })}
              >
                Create index…
              </GuardedButton>
              <GuardedButton
                refusal={refusalFor(connection, 'admin', ref.path)}
                onClick={() => ws.openDialog({ kind: 'rename-table', table: ref })}
              >
                Rename…
              </GuardedButton>
              <GuardedButton
                className="danger"
                refusal={refusalFor(connection, 'admin', ref.path)}
                onClick={() => ws.openDialog({ kind: 'drop-table', table: ref })}
              >
                Drop…
              </GuardedButton>
            </>
          )}
        </div>
      </header>
      <TableAtBar tableRef={ref} at={tab.at} onChange={setAt} />
      {tab.at?.version === undefined && (
        <LiveChangeBanner tableRef={view} shownVersion={description.data?.version} />
      )}
      <ErrorMessage error={description.error} />
      <Tabs.Root
        className="tabs"
        value={tab.tab}
        onValueChange={(value) => ws.setTab(key, value as TableTab)}
      >
        <Tabs.List className="tab-list" aria-label="Table views">
          {TABLE_TABS.map((t) => (
            <Tabs.Trigger key={t} value={t} className="tab-trigger">
              {TAB_WORDS[t].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="tab-content">
          <OverviewTab
            tableRef={view}
            writable={writable && !refusalFor(connection, 'write', ref.path)}
          />
        </Tabs.Content>
        <Tabs.Content value="schema" className="tab-content">
          <SchemaTab tableRef={view} connection={connection} readOnly={!writable} />
        </Tabs.Content>
        <Tabs.Content value="data" className="tab-content tab-content-fill">
          <DataTab
            tableRef={view}
            writable={writable && !refusalFor(connection, 'write', ref.path)}
          />
        </Tabs.Content>
        <Tabs.Content value="search" className="tab-content tab-content-fill">
          <SearchTab tableRef={view} connection={connection} />
        </Tabs.Content>
        {/* Kept mounted (hidden when inactive): a projection survives a visit to another tab. */}
        <Tabs.Content value="map" forceMount className="tab-content tab-content-fill map-content">
          <VectorMapTab
            tableRef={view}
            writable={writable && !refusalFor(connection, 'write', ref.path)}
          />
        </Tabs.Content>
        <Tabs.Content value="indexes" className="tab-content">
          <IndexesTab tableRef={view} connection={connection} readOnly={!writable} />
        </Tabs.Content>
        <Tabs.Content value="storage" className="tab-content">
          <StorageTab
            tableRef={tab.at?.branch ? { ...ref, at: { branch: tab.at.branch } } : ref}
            // Its acts are on the latest, so a checked-out version does not stop them; cleanup
            // keeps that version.
            writable={canWrite && !refusalFor(connection, 'write', ref.path)}
          />
        </Tabs.Content>
        <Tabs.Content value="versions" className="tab-content">
          <VersionsTab
            tableRef={ref}
            at={tab.at}
            onAt={setAt}
            writable={canWrite && !refusalFor(connection, 'write', ref.path)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
