/**
 * A real Azure Blob Storage API for tests: Azurite (Microsoft's emulator, from npm), started on a
 * free loopback port with its data in memory, one per test file that needs it. LanceDB reaches it
 * through the same `az://` storage options a user gives for Azure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';

export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  /** The account's blob endpoint: `http://127.0.0.1:<port>/devstoreaccount1`. */
  endpoint: string;
  storageOptions(): Record<string, string>;
  createContainer(name: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startAzurite(): Promise<Azurite> {
  const port = await freePort();
  const main = join(
    __dirname,
    '..',
    '..',
    'node_modules',
    'azurite',
    'dist',
    'src',
    'blob',
    'main.js',
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const endpoint = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`;
  const service = new BlobServiceClient(
    endpoint,
    new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await service.getProperties();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Azurite did not start: ${String(error)}\n${output}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    endpoint,
    storageOptions: () => ({
      azure_storage_account_name: AZURITE_ACCOUNT,
      azure_storage_account_key: AZURITE_KEY,
      azure_storage_endpoint: endpoint,
      allow_http: 'true',
    }),
    createContainer: async (name) => {
      await service.getContainerClient(name).createIfNotExists();
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
