/**
 * `catalog-studio web`: the app in a browser. The first line on stdout is
 * `open http://127.0.0.1:PORT/?token=…`; the token guards every request.
 */
import { isUriRoot } from '../catalog/storage/root-uri';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Host } from '../host/host';
import { FileSecretStore } from '../host/secret-store';
import { buildWebServer } from '../web-mode/web-mode-server';
import { RENDERER_DIR } from './paths';
import { appBuilds, ensureBuilt } from './vite-builds';
import { WEB_USAGE } from './usage';
import { catalogServing } from '../server/serving';

export { RENDERER_DIR, WEB_USAGE };

/** Where settings and recent connections live: --data, $CATALOG_STUDIO_HOME, or the XDG config folder. */
export function userDataDir(explicit?: string): string {
  if (explicit) return resolve(explicit);
  if (process.env.CATALOG_STUDIO_HOME) return resolve(process.env.CATALOG_STUDIO_HOME);
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'catalog-studio');
}

export async function web(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(WEB_USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0–65535 (got ${values.port})`);
  // In a checkout, a missing or stale renderer is built first, as `npm start` does.
  ensureBuilt(appBuilds(false));
  const dataDir = userDataDir(values.data);
  const host = new Host({
    userDataDir: dataDir,
    secrets: new FileSecretStore(join(dataDir, 'secrets.json')),
    serving: catalogServing,
  });
  if (values.root) {
    // A URI root is an object store, its credentials from the environment (AWS_*, AZURE_STORAGE_*,
    // GOOGLE_*) as LanceDB reads them; it must never become a local folder named `s3:`.
    const opened = isUriRoot(values.root)
      ? await host.call('connections:connect-url', {
          kind: 'object-store',
          uri: values.root,
          credentials: { source: 'environment' },
        })
      : await host.call('connections:open-folder', { path: values.root, create: true });
    if (!opened.ok) throw new Error(opened.error.message);
  }
  const server = buildWebServer({ host, rendererDir: RENDERER_DIR });
  const url = await server.listen(port);
  process.stdout.write(`open ${url}\n`);
  await new Promise<void>((done) => {
    const stop = async () => {
      await server.app.close();
      await host.close();
      done();
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
  return 0;
}
