/** The renderer's root: the bridge, the query cache, the workspace state, then the shell. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { StudioProvider } from './api/studio-context';
import { studio } from './bridge';
import { AppShell } from './shell/AppShell';
import { ToastProvider } from './common/toasts';
import { WorkspaceProvider } from './state/workspace';

export function App() {
  const api = useMemo(() => studio(), []);
  const client = useMemo(
    () =>
      new QueryClient({
        defaultOptions: {
          // Host events invalidate what changed; no polling or refetch-on-focus is needed.
          queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
        },
      }),
    [],
  );
  return (
    <StudioProvider api={api}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <WorkspaceProvider>
            <AppShell />
          </WorkspaceProvider>
        </ToastProvider>
      </QueryClientProvider>
    </StudioProvider>
  );
}
