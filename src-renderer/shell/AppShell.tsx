/**
 * The window: toolbar, the catalogs on the left, open tables on the right, and the overlays
 * (jobs panel, dialogs, palette). It marks itself ready once the first connection list is in,
 * which is what tests and the Electron window wait for.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useConnections } from '../api/catalog-queries';
import { useHostEvents, type AppCommand, type JobView } from '../api/use-host-events';
import { servable } from './servable';
import { ErrorMessage } from '../common/ErrorMessage';
import { DialogHost } from './DialogHost';
import { JobsPanel } from '../jobs/JobsPanel';
import { jobTitle } from '../common/jobs/job-format';
import { CommandPalette, usePaletteShortcut } from './CommandPalette';
import { MainView } from './MainView';
import { useBackForward } from './use-back-forward';
import { useTheme } from '../state/theme';
import { tableKey } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';
import { useToasts } from '../common/toasts';
import './shell.css';

export function AppShell() {
  const ws = useWorkspace();
  const toasts = useToasts();
  const [theme, setTheme] = useTheme();
  const connections = useConnections();
  const onJobFinished = useCallback(
    (job: JobView) => {
      const title = jobTitle(job);
      if (job.state === 'succeeded') toasts.push('success', `Finished: ${title}`);
      else if (job.state === 'failed')
        toasts.push('error', `Failed: ${title}: ${job.error?.message ?? 'no reason given'}`);
      else if (job.state === 'cancelled') toasts.push('info', `Cancelled: ${title}`);
    },
    [toasts],
  );
  // Read through a ref, so the handler stays one function: a new one would make the host events
  // subscribe again at every change of the workspace (in web mode, a new event stream each time).
  const current = useRef({ connections: connections.data, ws, toasts });
  current.current = { connections: connections.data, ws, toasts };
  const onAppCommand = useCallback((command: AppCommand) => {
    const { connections: open, ws: workspace, toasts: announce } = current.current;
    if (command !== 'serve') return;
    const target = servable(open ?? [], workspace.activeTab?.ref.connectionId);
    if (target) {
      workspace.openDialog({ kind: 'serve', connectionId: target.id, name: target.name });
    } else {
      announce.push('info', 'Open a folder or an object store first: that is what gets served');
    }
  }, []);
  useHostEvents(onJobFinished, onAppCommand);
  usePaletteShortcut();
  useBackForward();

  const list = connections.data ?? [];
  // Tabs kept from before a reload whose connection has since closed go; the active one stays,
  // to say that its connection is not open.
  const { tabs, closeTab } = ws;
  useEffect(() => {
    if (!connections.data) return;
    const open = new Set(connections.data.map((c) => c.id));
    for (const t of tabs) {
      if (!open.has(t.ref.connectionId) && tableKey(t.ref) !== ws.active) closeTab(tableKey(t.ref));
    }
  }, [connections.data, tabs, closeTab, ws.active]);
  const ready = !connections.isPending;

  return (
    <div className="app" data-app-state={ready ? 'ready' : 'loading'}>
      <TopBar theme={theme} onTheme={setTheme} />
      <div className="body">
        <Sidebar connections={list} />
        <main className="workspace">
          <ErrorMessage error={connections.error} />
          <TabBar connections={list} />
          <MainView connections={list} loaded={connections.data !== undefined} />
        </main>
        <JobsPanel />
      </div>
      <DialogHost />
      <CommandPalette connections={list} onTheme={setTheme} />
    </div>
  );
}
