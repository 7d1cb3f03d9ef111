/** A host with one folder catalog open, and an import through it run to its end. */
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';

export interface ImportHost {
  host: Host;
  connectionId: string;
  close(): Promise<void>;
}

export async function openImportHost(dataDir: string, catalogDir: string): Promise<ImportHost> {
  const host = new Host({
    userDataDir: dataDir,
    secrets: new FileSecretStore(`${dataDir}/s.json`),
  });
  const opened = await host.call('connections:open-folder', { path: catalogDir, create: true });
  if (!opened.ok) throw new Error(opened.error.message);
  return {
    host,
    connectionId: (opened.value as { id: string }).id,
    close: () => host.close(),
  };
}

/** A column of the import form: its source, its name and, when set, its type. */
export interface FormColumn {
  source: string;
  name: string;
  type?: string;
}

/**
 * Imports the file into a new root table, as the form starts it (with the form's columns when
 * given), and waits for the job; returns the rows written.
 */
export async function importFile(
  { host, connectionId }: ImportHost,
  path: string,
  table: string,
  columns?: readonly FormColumn[],
): Promise<number> {
  const job = await host.call('imports:start', {
    connectionId,
    path,
    namespacePath: [],
    table,
    mode: 'create',
    ...(columns ? { columns } : {}),
  });
  if (!job.ok) throw new Error(job.error.message);
  const id = (job.value as { id: string }).id;
  for (;;) {
    const jobs = await host.call('jobs:list', {});
    const found = jobs.ok
      ? (
          jobs.value as Array<{
            id: string;
            state: string;
            progress: { rowsDone?: number };
            error?: { message: string };
          }>
        ).find((j) => j.id === id)
      : undefined;
    if (found?.state === 'succeeded') return found.progress.rowsDone ?? 0;
    if (found && found.state !== 'running' && found.state !== 'queued')
      throw new Error(`import ${found.state}: ${found.error?.message}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
