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
 * given), and waits for the job's end as the app does, by the host's `jobs:finished` event (a
 * poll of the job list would take the host's thread from the import); returns the rows written.
 */
export async function importFile(
  { host, connectionId }: ImportHost,
  path: string,
  table: string,
  columns?: readonly FormColumn[],
): Promise<number> {
  interface Finished {
    id: string;
    state: string;
    progress: { rowsDone?: number };
    error?: { message: string };
  }
  const finished = new Map<string, Finished>();
  let waiting: ((job: Finished) => void) | undefined;
  let id: string | undefined;
  const stop = host.on((event, payload) => {
    if (event !== 'jobs:finished') return;
    const job = payload as unknown as Finished;
    finished.set(job.id, job);
    if (job.id === id) waiting?.(job);
  });
  try {
    const job = await host.call('imports:start', {
      connectionId,
      path,
      namespacePath: [],
      table,
      mode: 'create',
      ...(columns ? { columns } : {}),
    });
    if (!job.ok) throw new Error(job.error.message);
    id = (job.value as { id: string }).id;
    const done =
      finished.get(id) ?? (await new Promise<Finished>((resolve) => (waiting = resolve)));
    if (done.state !== 'succeeded') throw new Error(`import ${done.state}: ${done.error?.message}`);
    return done.progress.rowsDone ?? 0;
  } finally {
    stop();
  }
}
