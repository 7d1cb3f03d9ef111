/** Calling the app's host in tests: the value of a call that must succeed, the error of one that must fail. */
import { join } from 'node:path';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';

export async function callOk<T = unknown>(host: Host, name: string, input: unknown): Promise<T> {
  const result = await host.call(name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.name}: ${result.error.message}`);
  return result.value as T;
}

export async function callFails(host: Host, name: string, input: unknown) {
  const result = await host.call(name, input);
  if (result.ok) throw new Error(`${name} succeeded but should have failed`);
  return result.error;
}

/** Polls the host's job list until the job has ended, and answers its last record. */
export async function finishedJob(host: Host, jobId: string): Promise<any> {
  for (;;) {
    const jobs = await callOk<any[]>(host, 'jobs:list', {});
    const found = jobs.find((j) => j.id === jobId);
    if (found && ['succeeded', 'failed', 'cancelled'].includes(found.state)) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts an import into a new table at the catalog's root and waits for it to end. */
export async function importAndWait(
  host: Host,
  connectionId: string,
  path: string,
  table: string,
  extra: object = {},
): Promise<any> {
  const job = await callOk<{ id: string }>(host, 'imports:start', {
    connectionId,
    path,
    namespacePath: [],
    table,
    mode: 'create',
    ...extra,
  });
  return finishedJob(host, job.id);
}

/** A host keeping its data in `dir`, with a folder and a remote catalog open: their ids. */
export async function hostWithFolderAndRemote(
  dir: string,
  folderPath: string,
  url: string,
): Promise<{ host: Host; folder: string; remote: string }> {
  const host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  const { id: folder } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: folderPath,
  });
  const { id: remote } = await callOk<{ id: string }>(host, 'connections:connect-url', { url });
  return { host, folder, remote };
}
